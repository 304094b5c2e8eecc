import { BadRequestException, Controller, Get, Inject, NotAcceptableException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '@familyos/domain';
import { CurrentSession, FamilyActor } from '../auth/auth.guard.js';
import type { SignedIn } from '../auth/sessions.service.js';
import { securityHeaders } from '../platform/security-headers.js';
import { CONFIG } from '../platform/tokens.js';
import type { AppConfig } from '../config.js';
import { LiveFeed } from './live-feed.js';
import { LiveOpenLimit } from './live-open-limit.js';

/** How soon a browser's EventSource tries again after the stream drops. */
const RETRY_MS = 2000;

/**
 * GET /api/live: the family's changes as Server-Sent Events (issue 20, decision 036). Each `change` names the
 * web app's query families it made stale (`topics`), with its number among the family's changes as its id (never
 * the log's position: decision 046); a browser that sends that id back as Last-Event-ID first hears what it missed. Only a request that asks for an event stream gets
 * one: anything else is answered at once, so nothing waits on a stream it never wanted.
 */
@Controller('api/live')
export class LiveController {
  constructor(
    private readonly feed: LiveFeed,
    private readonly opens: LiveOpenLimit,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async stream(
    @FamilyActor() member: Actor & { familyId: string },
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      throw new NotAcceptableException('This is an event stream: ask for it with Accept: text/event-stream');
    }
    const resumeAfter = lastEventIdOf(request);
    this.opens.hit(member.id);
    // The stream is written by hand, past Fastify's hooks: the headers every answer carries are set here.
    reply.hijack();
    reply.raw.writeHead(200, {
      ...securityHeaders(this.config),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // A proxy that buffers answers (nginx) would hold the changes back.
      'x-accel-buffering': 'no',
    });
    reply.raw.write(`retry: ${RETRY_MS}\n\n`);
    await this.feed.open({ member, tokenHash: session.tokenHash, expiresAt: session.expiresAt, response: reply.raw, resumeAfter });
  }
}

function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  if (header === undefined || header === '') return null;
  const position = Number(header);
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header) || !Number.isSafeInteger(position)) {
    throw new BadRequestException('Last-Event-ID must be the id of a change this stream sent');
  }
  return position;
}
