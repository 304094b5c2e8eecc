import { join } from 'node:path';
import Database from 'better-sqlite3';

/** One row of the embedded event log, read straight from events.sqlite (never through the app). */
export interface LoggedEvent {
  position: number;
  streamId: string;
  revision: number;
  type: string;
  data: Record<string, any>;
  metadata: { familyId: string | null; actorId: string; eventId: string };
}

/** The whole log of a data directory, oldest first, opened read-only (safe while the app runs). */
export function readLog(dataDir: string): LoggedEvent[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT position, stream_id, revision, type, data, metadata FROM events ORDER BY position').all() as {
      position: number;
      stream_id: string;
      revision: number;
      type: string;
      data: string;
      metadata: string;
    }[];
    return rows.map((r) => ({
      position: r.position,
      streamId: r.stream_id,
      revision: r.revision,
      type: r.type,
      data: JSON.parse(r.data),
      metadata: JSON.parse(r.metadata),
    }));
  } finally {
    db.close();
  }
}

export interface Account {
  childId: string;
  /** Sum of every approved credit and debit. */
  balance: number;
  /** The lowest the balance ever was, folding the account's own stream in order. */
  lowest: number;
  /** Costs of redemptions requested and not yet decided. */
  reserved: number;
  /** Task ids credited, redemption ids debited: each at most once. */
  creditedTasks: string[];
  debitedRedemptions: string[];
  rejectedRedemptions: string[];
  /** Redemption ids whose request left more reserved than the balance (the decider must never allow it). */
  overReserved: string[];
}

/**
 * The points accounts as the log says they are: what every read model and every answer must agree with. Folds
 * each `pointsAccount-…` stream by revision, the order its decider saw it.
 */
export function accountsFromLog(log: LoggedEvent[]): Map<string, Account> {
  const accounts = new Map<string, Account>();
  const pending = new Map<string, number>();
  for (const e of log) {
    if (!e.streamId.startsWith('pointsAccount-')) continue;
    const childId = e.streamId.slice('pointsAccount-'.length);
    let a = accounts.get(childId);
    if (!a) accounts.set(childId, (a = { childId, balance: 0, lowest: 0, reserved: 0, creditedTasks: [], debitedRedemptions: [], rejectedRedemptions: [], overReserved: [] }));
    switch (e.type) {
      case 'PointsIssued':
        if (e.data.approved) a.balance += e.data.amount;
        break;
      case 'TaskPointsAwarded':
        a.balance += e.data.amount;
        a.creditedTasks.push(e.data.taskId);
        break;
      case 'RedemptionRequested':
        pending.set(e.data.redemptionId, e.data.cost);
        a.reserved += e.data.cost;
        if (a.reserved > a.balance) a.overReserved.push(e.data.redemptionId);
        break;
      case 'RedemptionApproved':
        a.balance -= e.data.cost;
        a.reserved -= pending.get(e.data.redemptionId) ?? 0;
        pending.delete(e.data.redemptionId);
        a.debitedRedemptions.push(e.data.redemptionId);
        break;
      case 'RedemptionRejected':
        a.reserved -= pending.get(e.data.redemptionId) ?? 0;
        pending.delete(e.data.redemptionId);
        a.rejectedRedemptions.push(e.data.redemptionId);
        break;
    }
    a.lowest = Math.min(a.lowest, a.balance);
  }
  return accounts;
}

/**
 * DESIGN §4's structural rules of the log itself: every stream's revisions run 0, 1, 2… in the order of the
 * global log, positions strictly increase, event ids are unique, and every event names its actor.
 */
export function logStructureProblems(log: LoggedEvent[]): string[] {
  const problems: string[] = [];
  const next = new Map<string, number>();
  const ids = new Set<string>();
  let last = 0;
  for (const e of log) {
    const expected = next.get(e.streamId) ?? 0;
    if (e.revision !== expected) problems.push(`${e.streamId} has revision ${e.revision} at position ${e.position}, expected ${expected}`);
    next.set(e.streamId, e.revision + 1);
    if (e.position <= last) problems.push(`position ${e.position} follows ${last}`);
    last = e.position;
    if (ids.has(e.metadata.eventId)) problems.push(`event id ${e.metadata.eventId} appears twice`);
    ids.add(e.metadata.eventId);
    if (!e.metadata.actorId) problems.push(`event at ${e.position} has no actor`);
  }
  return problems;
}
