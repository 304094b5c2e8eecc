import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ProjectionProgress } from '@familyos/projections';
import { CLOCK, PROJECTION_PROGRESS, READ_MODELS, type Clock } from './tokens.js';

/** How many answers a process keeps, least recently used dropped first: tens of KB each at most, a few MB in all. */
export const KEPT_ANSWERS = 1000;

interface Kept {
  /** The family's latest change (its `live_heads` position) the answer was computed at. */
  position: number;
  /** The app clock's minute (ms since the epoch ÷ 60,000) the answer was computed in: it holds within it only. */
  minute: number;
  value: unknown;
}

/**
 * Answers kept between requests (decision 070). A derived read (a child's streaks, the week's standings, the
 * chores' coming week) folds what the read models keep, and a family reads the same ones again and again between
 * its changes: every screen of every member, every reload. Such an answer is kept per member and question, and
 * given again while the family's head in `live_heads` (one key read) is where it was, and within the same minute
 * of the app's clock, so answers that depend on the time (a week, a day, what is overdue) follow it at most a
 * minute late, and a clock a test moves (either way) is followed at once. `live_heads` moves with every event a screen could show (decision 046, `mayChangeScreens`),
 * the same rule that tells open screens to read again; an answer is kept only once every projection holds that
 * head, so it can never be older than what a fresh read would show.
 */
@Injectable()
export class KeptAnswers {
  private readonly kept = new Map<string, Kept>();

  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * `compute`'s answer for `member`'s `question`, from memory while the family has not changed since. `question`
   * names the route and every parameter the answer depends on; the member's id and role are added here.
   */
  async answer<T>(member: Actor & { familyId: string }, question: string, compute: () => Promise<T>): Promise<T> {
    const key = `${member.familyId}\u0000${member.id}\u0000${member.role}\u0000${question}`;
    const head = await this.readModels.get(collections.liveHeads, member.familyId);
    // A family without a head has had no change yet (or its read models were written by hand, as in specs).
    if (!head) return compute();
    const { position } = head;
    const minute = Math.floor(this.clock.now().getTime() / 60_000);
    const kept = this.kept.get(key);
    if (kept && kept.position === position && kept.minute === minute) {
      // Most recently used last: Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.value as T;
    }
    const value = await compute();
    // Kept only when every projection already holds the head: otherwise a read model behind it could have
    // answered without a change the head names, and the answer would outlive that change.
    if (await this.progress.waitFor(position, 0)) {
      this.kept.delete(key);
      this.kept.set(key, { position, minute, value });
      if (this.kept.size > KEPT_ANSWERS) this.kept.delete(this.kept.keys().next().value!);
    }
    return value;
  }
}
