import { Inject, Injectable } from '@nestjs/common';
import { streams, type StoredEvent } from '@familyos/events';
import type { EventStore } from '@familyos/event-store';
import { familyDecider, memberDecider, sessionDecider, type FamilyState, type MemberState, type SessionState } from '@familyos/domain';
import { EVENT_STORE } from '../platform/tokens.js';

/** How many sessions, members and families the directory holds, least recently used dropped first (a few hundred bytes each). */
export const DIRECTORY_ENTRIES = 20_000;
/** Events read from the log per step when following it. */
const FOLLOW_BATCH = 1000;

interface Entry<S> {
  evolve: (state: S, event: never) => S;
  state: S;
  /** Revision of the last event folded into `state`. */
  revision: number;
}

export interface SessionAndMember {
  session: SessionState;
  member: MemberState;
  /** The member's family (its time zone says what "today" is for every answer about the member); null without one. */
  family: FamilyState | null;
}

/**
 * Sessions, their members and the members' families, folded in memory and kept current by following the log (decision 048). A stream
 * is read from the log the first time a request needs it; after that only the events appended to it are folded
 * in, as the log goes by. Every lookup first brings the directory up to the log's head as read after it
 * arrived (one indexed read per turn of the event loop when nothing was appended, decision 058), so a sign-out,
 * a deactivation, a role or password change written by any process sharing the log takes effect on the very next
 * request here.
 */
@Injectable()
export class SessionDirectory {
  private readonly entries = new Map<string, Entry<unknown>>();
  /** The log position everything held is folded up to; null until the first lookup reads the head. */
  private position: number | null = null;
  /** The one follow or load under way: they take turns, so no event falls between a stream's read and its entry. */
  private busy: Promise<void> = Promise.resolve();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The head read the lookups of this turn of the event loop wait for; null when none is pending. */
  private headRead: Promise<number> | null = null;

  /** The session named by `tokenHash` and its member, as the log stands now; null for a session never started. */
  async lookup(tokenHash: string): Promise<SessionAndMember | null> {
    const head = await this.currentHead();
    if (this.position === null || head > this.position) await this.turn(() => this.follow(head));
    const sessionStream = streams.session(tokenHash);
    const session = (this.held<SessionState>(sessionStream) ?? (await this.turn(() => this.load(sessionStream, sessionDecider.evolve, sessionDecider.initialState)))).state;
    if (session.memberId === null) return null;
    const memberStream = streams.member(session.memberId);
    const member = (this.held<MemberState>(memberStream) ?? (await this.turn(() => this.load(memberStream, memberDecider.evolve, memberDecider.initialState)))).state;
    if (!member.familyId) return { session, member, family: null };
    const familyStream = streams.family(member.familyId);
    const family = (this.held<FamilyState>(familyStream) ?? (await this.turn(() => this.load(familyStream, familyDecider.evolve, familyDecider.initialState)))).state;
    return { session, member, family: family.exists ? family : null };
  }

  /**
   * The log's head, read after the caller asked (decision 058): the requests that arrived in one turn of the event
   * loop share one read, taken once they all have (setImmediate runs after the turn's sockets were read). A
   * sign-out committed before a request was sent was committed before that request arrived, so before the read
   * it waits for: the next request still sees it, in every process, at one read per turn rather than per request.
   */
  private currentHead(): Promise<number> {
    if (!this.headRead) {
      this.headRead = new Promise<number>((resolve, reject) => {
        setImmediate(() => {
          // Cleared before reading: a lookup that comes while the read is under way waits for a read of its own.
          this.headRead = null;
          this.store.headPosition().then(resolve, reject);
        });
      });
    }
    return this.headRead;
  }

  private held<S>(streamId: string): Entry<S> | undefined {
    const entry = this.entries.get(streamId);
    // Most recently used last, so the first key is the one to drop; only worth the moves once dropping is near.
    if (entry && this.entries.size > DIRECTORY_ENTRIES / 2) {
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry as Entry<S> | undefined;
  }

  private turn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.busy.then(work);
    this.busy = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  /** Folds the events up to `head` into the streams held; the others are read whole when first needed. */
  private async follow(head: number): Promise<void> {
    if (this.position === null) {
      // Nothing is held yet: every stream will be read whole, so the log before now needs no folding.
      this.position = head;
      return;
    }
    while (this.position < head) {
      const events = await this.store.readAll(this.position, FOLLOW_BATCH);
      if (events.length === 0) break;
      for (const event of events) this.fold(event);
      this.position = events[events.length - 1]!.position;
    }
  }

  private fold(event: StoredEvent): void {
    const entry = this.entries.get(event.streamId);
    if (!entry || event.revision <= entry.revision) return;
    // A stream read whole holds every event up to its revision, and the log is followed in order: a gap
    // cannot happen, but if it ever did, the stream is read again on its next use rather than folded wrong.
    if (event.revision !== entry.revision + 1) {
      this.entries.delete(event.streamId);
      return;
    }
    entry.state = entry.evolve(entry.state, event as never);
    entry.revision = event.revision;
  }

  private async load<S>(streamId: string, evolve: (state: S, event: never) => S, initialState: S): Promise<Entry<S>> {
    const present = this.entries.get(streamId) as Entry<S> | undefined;
    if (present) return present;
    const events = await this.store.readStream(streamId);
    const entry: Entry<S> = {
      evolve,
      state: events.reduce<S>((state, event) => evolve(state, event as never), initialState),
      revision: events.length > 0 ? events[events.length - 1]!.revision : -1,
    };
    // A stream with no events is not held: a token nobody was given must not fill the directory.
    if (events.length > 0) {
      this.entries.set(streamId, entry as unknown as Entry<unknown>);
      if (this.entries.size > DIRECTORY_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }
}
