import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import webpush from 'web-push';
import { schemaVersions, streams, type VapidKeysGenerated } from '@familyos/events';
import { SYSTEM_ACTOR } from '@familyos/domain';
import { WrongExpectedRevisionError, type EventStore } from '@familyos/event-store';
import type { AppConfig } from '../config.js';
import { CONFIG, EVENT_STORE } from '../platform/tokens.js';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (RFC 8292, decision 039): the operator's from the environment, else the one in the
 * log's `vapidKeys-server` stream, made by whichever api process needs it first. A second process making a pair
 * at the same moment loses the append (expected: no stream) and takes the winner's, so every process of a
 * deployment signs with one pair and a subscription made through one is sent to by all.
 */
@Injectable()
export class VapidKeys {
  private pending: Promise<VapidDetails> | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  get(): Promise<VapidDetails> {
    this.pending ??= this.load().catch((error: unknown) => {
      this.pending = null;
      throw error;
    });
    return this.pending;
  }

  private async load(): Promise<VapidDetails> {
    const subject = this.config.vapidSubject;
    if (this.config.vapidKeys) return { subject, ...this.config.vapidKeys };
    const stored = await this.stored();
    if (stored) return { subject, ...stored };
    const made = webpush.generateVAPIDKeys();
    const event = { type: 'VapidKeysGenerated' as const, data: { publicKey: made.publicKey, privateKey: made.privateKey }, metadata: { eventId: randomUUID(), familyId: null, actorId: SYSTEM_ACTOR, timestamp: new Date().toISOString(), schemaVersion: schemaVersions.VapidKeysGenerated } };
    try {
      await this.events.append([{ streamId: streams.vapidKeys(), expectedRevision: 'no_stream', events: [event] }]);
      return { subject, ...event.data };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      return { subject, ...(await this.stored())! };
    }
  }

  private async stored(): Promise<VapidKeysGenerated['data'] | null> {
    const [first] = await this.events.readStream(streams.vapidKeys());
    return first ? (first.data as VapidKeysGenerated['data']) : null;
  }
}
