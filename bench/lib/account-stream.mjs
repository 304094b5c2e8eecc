// A child's points account grown long, and commands decided on it through the api's own command path.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SqliteEventStore } from '@familyos/event-store';
import { pointsAccountDecider } from '@familyos/domain';
import { CommandRunner } from '../../apps/api/dist/platform/command-runner.js';

const FAMILY = 'bench-family';
const CHILD = 'bench-child';
export const ACCOUNT = `pointsAccount-${CHILD}`;
/** An account with a single event, for the same command on a short stream in the same run. */
export const SHORT_ACCOUNT = `pointsAccount-${CHILD}-short`;
const parent = { id: 'bench-parent', role: 'admin', familyId: FAMILY };
const child = { id: CHILD, role: 'child', familyId: FAMILY };
const context = { allowNegative: false };

const meta = () => ({ eventId: randomUUID(), familyId: FAMILY, actorId: parent.id, timestamp: new Date().toISOString(), schemaVersion: 1 });

/** Writes `count` events to the account in appends of 500: issued points, with a redemption now and then. */
export async function growAccount(store, count, streamId = ACCOUNT) {
  let expectedRevision = 'no_stream';
  for (let written = 0; written < count; ) {
    const events = [];
    for (; events.length < 500 && written < count; written += 1) {
      if (written % 10 === 9) {
        const redemptionId = randomUUID();
        events.push({ type: 'RedemptionRequested', data: { redemptionId, childId: CHILD, option: 'Ice cream', cost: 1, emoji: '🍦' }, metadata: meta() });
      } else {
        events.push({ type: 'PointsIssued', data: { entryId: randomUUID(), childId: CHILD, amount: 5, reason: 'Bench', approved: true, issuerId: parent.id }, metadata: meta() });
      }
    }
    const { revisions } = await store.append([{ streamId, events, expectedRevision }]);
    expectedRevision = revisions[streamId];
  }
}

export function openStore(dir) {
  return new SqliteEventStore(join(dir, 'events.sqlite'));
}

export function runnerOn(store) {
  return new CommandRunner(store, { now: () => new Date() });
}

/**
 * One command on the account, the way the api's handlers run it: load, decide, append (retrying on a race).
 * Answers the milliseconds of the whole command and of its load + decide alone (the part a stream's length
 * can slow down; the rest is the durable commit).
 */
export async function decideOnce(runner, i, streamId = ACCOUNT) {
  const command =
    i % 2 === 0
      ? { type: 'IssuePoints', actor: parent, childId: CHILD, entryId: randomUUID(), amount: 2, reason: 'Bench', approved: true, context }
      : { type: 'RequestRedemption', actor: child, redemptionId: randomUUID(), option: 'Sticker', cost: 1, emoji: '⭐' };
  let loadDecide = 0;
  const started = performance.now();
  await runner.run({ actorId: command.actor.id, familyId: FAMILY }, async () => {
    const t = performance.now();
    const account = await runner.load(streamId, pointsAccountDecider);
    const events = pointsAccountDecider.decide(command, account.state);
    loadDecide = performance.now() - t;
    return { appends: [{ streamId, expectedRevision: account.revision, events }], result: undefined };
  });
  return { total: performance.now() - started, loadDecide };
}
