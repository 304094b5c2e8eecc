import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { eventTypes, streamCategory, streamEntityId, type StoredEvent } from '@familyos/events';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ProjectionProgress } from '@familyos/projections';
import { processCheckpoints, type Reactor } from '@familyos/reactors';
import { choreMembersOf, decisionsSettledBy, LIVE_TOPICS, liveChangeFor, mayChangeScreens, mayNotify, mergeLiveChanges, taskMembersOf, type Actor, type LiveChange, type LiveFacts } from '@familyos/domain';
import { Reactors } from '../platform/reactors.js';
import { EVENT_STORE, PROJECTION_PROGRESS, READ_MODELS } from '../platform/tokens.js';
import { LiveConnection } from './live-connection.js';

/** Where GET /api/auth/me answers the family's change id now (decision 063). */
export const LIVE_ID_HEADER = 'x-familyos-live-id';

/** A browser may keep this many streams (tabs) at once; the oldest goes when one more opens. */
export const STREAMS_PER_MEMBER = 8;
/**
 * A resumed stream catches up over at most this many of its family's changes; further behind (or from an id the
 * family never reached), it is told to refresh everything, without reading any of them.
 */
const CATCH_UP_LIMIT = 200;
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
  /** The Last-Event-ID the browser sent back: the family's change it heard up to. null for a new stream. */
  resumeAfter: number | null;
}

/**
 * Each family's change stream (issue 20, decisions 036 and 046). One follower per api process reads the log like a
 * reactor, from the head at boot, with its checkpoint in the process: for each event it waits until the
 * projections have committed it (so what a browser refetches already shows it, and the event has its number among
 * the family's changes, the id it is told with), then tells each open stream of that family what `liveChangeFor`
 * lets its member hear. Every api process follows the same log, so a change made
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
    const reactor: Reactor = { name: 'live-feed', handles: eventTypes, react: (event) => this.react(event) };
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
    // Everything up to `from` was told to the streams open then; from here on this one is told too (held back
    // until its catch-up is sent). Registered in the same turn, so no change falls in between.
    const from = this.position;
    const connection = new LiveConnection(member, stream.tokenHash, Date.parse(stream.expiresAt), openedAt, stream.response, (c) => this.forget(c));
    const family = this.byFamily.get(member.familyId) ?? new Set<LiveConnection>();
    this.byFamily.set(member.familyId, family);
    const mine = [...family].filter((c) => c.member.id === member.id);
    if (mine.length >= STREAMS_PER_MEMBER) mine[0].end();
    family.add(connection);
    try {
      // The family's changes are numbered once the projections hold them: up to `from`, then, before counting.
      const counted = await this.progress.waitFor(from, PROJECTIONS_WAIT_MS);
      const upTo = await this.familyChangeAt(member.familyId, from);
      const after = stream.resumeAfter;
      const missed = !counted ? everything(upTo) : after === null || after === upTo ? mergeLiveChanges(upTo, []) : await this.missedSince(member, after, upTo);
      connection.caughtUp(missed);
    } catch (error) {
      this.logger.warn(`A stream could not catch up: ${(error as Error).message}`);
      connection.end();
    }
  }

  private async react(event: StoredEvent): Promise<void> {
    const familyId = event.metadata.familyId;
    const family = familyId ? this.byFamily.get(familyId) : undefined;
    if (familyId && family?.size && mayChangeScreens(event)) {
      if (!(await this.progress.waitFor(event.position, PROJECTIONS_WAIT_MS))) {
        throw new Error(`the projections have not reached position ${event.position} yet`);
      }
      const [counted] = await this.readModels.find(collections.liveChanges, { where: { familyId, position: event.position }, limit: 1 });
      if (!counted) throw new Error(`the change at position ${event.position} has no number in its family yet`);
      const facts = { ...(await this.factsOf(event)), notified: await this.notifiedBy(event, [...family].map((c) => c.member.id)) };
      for (const connection of family) {
        const change = liveChangeFor(connection.member, { ...event, id: counted.seq }, facts);
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

  /**
   * The id of the family's latest change that every projection holds (decision 063), or null while they are
   * behind it. A page reads its data after its session check has told it this id, so what it reads shows at
   * least that change; its first stream resumes from it and hears exactly what came after, instead of the
   * page reading its whole screen a second time to be sure.
   */
  async changeIdNow(familyId: string): Promise<number | null> {
    const head = await this.readModels.get(collections.liveHeads, familyId);
    if (!head) return 0;
    return (await this.progress.waitFor(head.position, 0)) ? head.seq : null;
  }

  /** The number of the family's latest change at or before log position `position` (0: none yet). */
  private async familyChangeAt(familyId: string, position: number): Promise<number> {
    const [latest] = await this.readModels.find(collections.liveChanges, {
      where: { familyId, position: { lte: position } },
      orderBy: [{ field: 'position', direction: 'desc' }],
      limit: 1,
    });
    return latest?.seq ?? 0;
  }

  /**
   * What `member` missed in their family's changes (after, upTo], as one change: the topics, and the ids they named
   * (decision 052). Only that family's rows and events are read, never the log between them. Too far back, or an
   * id the family never reached (another store, a forged one): every topic, naming no id.
   */
  private async missedSince(member: Actor & { familyId: string }, after: number, upTo: number): Promise<LiveChange> {
    if (after > upTo || upTo - after > CATCH_UP_LIMIT) return everything(upTo);
    const changes = await this.readModels.find(collections.liveChanges, {
      where: { familyId: member.familyId, seq: { gt: after, lte: upTo } },
      orderBy: [{ field: 'seq', direction: 'asc' }],
    });
    const heard: LiveChange[] = [];
    for (const { seq, position } of changes) {
      const [event] = await this.events.readAll(position - 1, 1);
      if (!event || event.position !== position) continue;
      const change = liveChangeFor(member, { ...event, id: seq }, { ...(await this.factsOf(event)), notified: await this.notifiedBy(event, [member.id]) });
      if (change) heard.push(change);
    }
    return mergeLiveChanges(upTo, heard);
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

/** A stream that cannot be told exactly what it missed refreshes every topic, naming no id. */
const everything = (id: number): LiveChange => ({ id, topics: [...LIVE_TOPICS] });
