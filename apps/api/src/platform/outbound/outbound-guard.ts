import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config.js';
import { CONFIG } from '../tokens.js';
import { sendGuarded, type OutboundAnswer, type OutboundPolicy, type OutboundRequest } from './guarded-request.js';
import { checkOutboundUrl } from './outbound-url.js';

/**
 * The guard every feature that calls an address a member gave goes through (decision 042), with the server's
 * policy: public https only, unless the test-only OUTBOUND_LOOPBACK_FOR_TESTS lets the suites reach their
 * stand-ins on this machine.
 */
@Injectable()
export class OutboundGuard {
  readonly policy: OutboundPolicy;

  constructor(@Inject(CONFIG) config: Pick<AppConfig, 'outboundLoopbackForTests'>) {
    this.policy = { loopbackForTests: config.outboundLoopbackForTests };
  }

  /** The up-front check of a URL before it is kept: throws OutboundRefused. */
  checkUrl(raw: string): URL {
    return checkOutboundUrl(raw, this.policy);
  }

  send(url: string, request: OutboundRequest): Promise<OutboundAnswer> {
    return sendGuarded(url, request, this.policy);
  }
}
