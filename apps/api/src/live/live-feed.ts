import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { schemaVersions, streamCategory, streamEntityId, type StoredEvent } from '@familyos/events';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ProjectionProgress } from '@familyos/projections';
import { processCheckpoints, type Reactor } from '@familyos/reactors';
import { choreMembersOf, decisionsSettledBy, LIVE_TOPICS, liveChangeFor, mayNotify, taskMembersOf, type Actor, type LiveFacts, type LiveTopic } from '@familyos/domain';
import { Reactors } from '../platform/reactors.js';
import { EVENT_STORE, PROJECTION_PROGRESS, READ_MODELS } from '../platform/tokens.js';
import { LiveConnection } from './live-connection.js';

/** A browser may keep this many streams (tabs) at once; the oldest goes when one more opens. */
export const STREAMS_PER_MEMBER = 8;
/** A resumed stream catches up over at most this many events; further behind, it is told to refresh everything. */
const CATCH_UP_LIMIT = 2000;
const KEEP_ALIVE_MS = 25_000;
/** How long a change waits for the projections before the feed tries it again (they may be catching up). */
const PROJECTIONS_WAIT_MS = 10_000;
/** What changes who a member is to the server: their streams end, to be opened again as who they now are. */
const ACCESS_CHANGES = new Set(['MemberRoleChanged', 'MemberDeactivated', 'MemberPasswordSet']);

export interface OpenStream {
  member: Actor & { familyId: string };
  tokenHash: string;
  expiresAt: string;
  response: ServerResponse;
  /** The Last-Event-ID the browser sent back: the position it heard up to. null for a new stream. */
  resumeAfter: number | null;
}

/**
 * Each family's change stream (issue 20, decision 036). One follower per api process reads the log like a
 * reactor, from the head at boot, with its checkpoint in the process: for each event it waits until the
 * projections have committed it (so what a browser refetches already shows it), then tells each open stream of
 * that family what `liveChangeFor` lets its member hear. Every api process follows the same log, so a change made
 * through any of them reaches the streams of all of them.
 */
@Injectable()
export class LiveFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveFeed');
  private readonly byFamily = new Map<string, Set<LiveConnection>>();
  /** Every event up to here has been told to the streams open at the time. */
  private position = 0;
  private keepAlive: NodeJS.Timeout | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly reactors: Reactors,
  ) {}

  onApplicationBootstrap(): void {
    const reactor: Reactor = { name: 'live-feed', eventTypes: Object.keys(schemaVersions), react: (event) => this.react(event) };
    this.reactors.follow(reactor, {
      checkpoints: processCheckpoints(),
      startAt: async () => (this.position = await this.events.headPosition()),
      // Another api process's appends wake nobody here: the feed looks at the log this often when idle.
      idleMs: 250,
    });
    this.keepAlive = setInterval(() => this.sweep(), KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  /** Ends every stream, or the server's close would wait for browsers that never hang up. */
  beforeApplicationShutdown(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    for (const connection of this.connections()) connection.end();
  }

  get openStreams(): number {
    let count = 0;
    for (const family of this.byFamily.values()) count += family.size;
    return count;
  }

  /** Opens a stream; a resumed one first hears what it missed since its Last-Event-ID. */
  async open(stream: OpenStream): Promise<void> {
    const { member } = stream;
    // The request was signed in against the log as it stood (about) now: an older sign-out or role change this
    // process has not followed yet must not end the new stream.
    const openedAt = await this.events.headPosition();
    const from = this.position;
    const connection = new LiveConnection(
      member,
      stream.tokenHash,
      Date.parse(stream.expiresAt),
      openedAt,
      stream.response,
      Math.max(stream.resumeAfter ?? from, 0),
      (c) => this.forget(c),
    );
    const family = this.byFamily.get(member.familyId) ?? new Set<LiveConnection>();
    this.byFamily.set(member.familyId, family);
    const mine = [...family].filter((c) => c.member.id === member.id);
    if (mine.length >= STREAMS_PER_MEMBER) mine[0].end();
    family.add(connection);
    try {
      const missed = stream.resumeAfter === null || stream.resumeAfter >= from ? [] : await this.missedSince(member, stream.resumeAfter, from);
      connection.caughtUp(from, missed);
    } catch (error) {
      this.logger.warn(`A resumed stream could not catch up: ${(error as Error).message}`);
      connection.end();
    }
  }

  private async react(event: StoredEvent): Promise<void> {
    const family = event.metadata.familyId ? this.byFamily.get(event.metadata.familyId) : undefined;
    if (family?.size) {
      if (!(await this.progress.waitFor(event.position, PROJECTIONS_WAIT_MS))) {
        throw new Error(`the projections have not reached position ${event.position} yet`);
      }
      const facts = { ...(await this.factsOf(event)), notified: await this.notifiedBy(event, [...family].map((c) => c.member.id)) };
      for (const connection of family) {
        const change = liveChangeFor(connection.member, event, facts);
        if (change) connection.tell(change);
      }
    }
    this.position = event.position;
    this.endStreamsChangedBy(event);
  }

  /**
   * Signing out ends that session's streams; a member's new role, deactivation or new password ends theirs after
   * telling them: the browser reconnects, and is heard again as who it now is, or refused.
   */
  private endStreamsChangedBy(event: StoredEvent): void {
    const kind = streamCategory(event.streamId);
    const id = streamEntityId(event.streamId);
    const after = (c: LiveConnection) => c.openedAt < event.position;
    if (kind === 'session' && event.type === 'SessionEnded') this.endWhere((c) => c.tokenHash === id && after(c));
    if (kind === 'member' && ACCESS_CHANGES.has(event.type)) this.endWhere((c) => c.member.id === id && after(c));
  }

  private endWhere(matches: (connection: LiveConnection) => boolean): void {
    for (const connection of this.connections()) if (matches(connection)) connection.end();
  }

  private async factsOf(event: StoredEvent): Promise<LiveFacts> {
    const kind = streamCategory(event.streamId);
    if (kind === 'task') {
      const stream = await this.events.readStream(event.streamId);
      return { members: taskMembersOf(stream.filter((e) => e.revision <= event.revision)) };
    }
    // An edit may take a child off the chore: it is told from the stream, where the children before it are.
    if (kind === 'chore' && event.type === 'ChoreEdited') {
      const stream = await this.events.readStream(event.streamId);
      return { members: choreMembersOf(stream.filter((e) => e.revision <= event.revision)) };
    }
    if (kind === 'chore') {
      const chore = await this.readModels.get(collections.chores, streamEntityId(event.streamId));
      return { members: chore?.children ?? [] };
    }
    return {};
  }

  /**
   * Who of the members listening got a notification from `event` (its rows, committed with the projections) or
   * read one (their own reads stream): their bell refreshes.
   */
  private async notifiedBy(event: StoredEvent, listening: readonly string[]): Promise<string[]> {
    if (streamCategory(event.streamId) === 'notificationReads') return [streamEntityId(event.streamId)];
    if (!event.metadata.familyId) return [];
    const made = mayNotify(event.type) ? await this.readModels.find(collections.notifications, { where: { familyId: event.metadata.familyId, position: event.position } }) : [];
    // A decision settles what asked for it in every bell it was sent to (decision 046).
    for (const awaits of decisionsSettledBy(event)) made.push(...(await this.readModels.find(collections.notifications, { where: { awaits } })));
    return [...new Set(made.map((n) => n.memberId))].filter((id) => listening.includes(id));
  }

  /** The topics of what `member` missed in (after, upTo]; everything when that is too far back to read. */
  private async missedSince(member: Actor, after: number, upTo: number): Promise<LiveTopic[]> {
    const topics = new Set<LiveTopic>();
    let at = after;
    let read = 0;
    while (at < upTo) {
      const batch = (await this.events.readAll(at, 500)).filter((e) => e.position <= upTo);
      if (batch.length === 0) break;
      read += batch.length;
      if (read > CATCH_UP_LIMIT) return [...LIVE_TOPICS];
      for (const event of batch) {
        if (event.metadata.familyId !== member.familyId) continue;
        const change = liveChangeFor(member, event, { ...(await this.factsOf(event)), notified: await this.notifiedBy(event, [member.id]) });
        for (const topic of change?.topics ?? []) topics.add(topic);
      }
      at = batch[batch.length - 1].position;
    }
    return [...topics];
  }

  private sweep(): void {
    const now = Date.now();
    for (const connection of this.connections()) {
      if (connection.expiresAt <= now) connection.end();
      else connection.keepAlive();
    }
  }

  private forget(connection: LiveConnection): void {
    const family = this.byFamily.get(connection.member.familyId);
    family?.delete(connection);
    if (family?.size === 0) this.byFamily.delete(connection.member.familyId);
  }

  private *connections(): Iterable<LiveConnection> {
    for (const family of [...this.byFamily.values()]) yield* [...family];
  }
}
