import type { ServerResponse } from 'node:http';
import type { Actor, LiveChange } from '@familyos/domain';

/** A stream whose reader fell this far behind is ended: its browser reconnects and resumes from its last id. */
const MAX_UNSENT_BYTES = 64 * 1024;

/**
 * One open change stream (GET /api/live): a member's browser tab. Until its catch-up is sent (a resumed stream
 * first hears what it missed), the changes the feed tells it wait in order behind it.
 */
export class LiveConnection {
  /** The family's changes up to this one are already told (or were before the stream began): decision 046. */
  private told = 0;
  private waiting: LiveChange[] | null = [];
  private ended = false;

  constructor(
    readonly member: Actor & { familyId: string },
    /** The session it was opened with: signing out, or the session running out, ends it. */
    readonly tokenHash: string,
    readonly expiresAt: number,
    /** The log's head when it opened: its session and member were read from the log up to there. */
    readonly openedAt: number,
    private readonly response: ServerResponse,
    private readonly onEnd: (connection: LiveConnection) => void,
  ) {
    response.on('close', () => this.end());
  }

  get open(): boolean {
    return !this.ended;
  }

  /** What the feed tells it, in log order; held back while the catch-up is under way. */
  tell(change: LiveChange): void {
    if (this.waiting) this.waiting.push(change);
    else if (change.id > this.told) this.send(change);
  }

  /**
   * Sends the catch-up (what it missed, up to the family's change `caughtUp.id`, where the stream now stands), then
   * what waited behind it: the changes after that.
   */
  caughtUp(missed: LiveChange): void {
    const { id } = missed;
    if (missed.topics.length > 0) this.send(missed);
    else this.frame(`id: ${id}\nevent: ready\ndata: {}\n\n`);
    this.told = id;
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const change of waiting) this.tell(change);
  }

  /** A comment line: keeps proxies from closing a quiet stream, and finds a dead one. */
  keepAlive(): void {
    this.frame(': still here\n\n');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.waiting = null;
    if (!this.response.writableEnded) this.response.end();
    this.onEnd(this);
  }

  private send(change: LiveChange): void {
    this.told = Math.max(this.told, change.id);
    // The records it touched ride along when it names any (decision 052): `{topics, ids?}`.
    this.frame(`id: ${change.id}\nevent: change\ndata: ${JSON.stringify({ topics: change.topics, ids: change.ids })}\n\n`);
  }

  private frame(text: string): void {
    if (this.ended) return;
    if (this.response.writableLength > MAX_UNSENT_BYTES) return this.end();
    this.response.write(text);
  }
}
