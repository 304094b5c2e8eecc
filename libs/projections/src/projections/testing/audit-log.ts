import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@familyos/events';
import { SqliteReadModelStore } from '@familyos/read-models';
import type { EventLog } from '@familyos/testing';
import { auditProjection } from '../audit.projection.js';
import { collections } from '../../schema/collections.js';
import type { AuditDoc } from '../../schema/documents.js';

/**
 * For the audit specs: `events` through the audit projection into a real SQLite store, then the family's rows as
 * GET /api/audit-logs reads them (newest first: `desc`) or in the log's order (`asc`).
 */
export async function auditLogOf(events: readonly StoredEvent[], familyId = 'fam-1', order: 'asc' | 'desc' = 'asc'): Promise<AuditDoc[]> {
  const dir = mkdtempSync(join(tmpdir(), 'familyos-audit-'));
  const store = new SqliteReadModelStore(join(dir, 'rm.sqlite'));
  try {
    for (const e of events) await store.commit(auditProjection.name, { position: e.position, version: auditProjection.version }, (tx) => auditProjection.apply(e, tx));
    return await store.find(collections.audit, { where: { familyId }, orderBy: [{ field: 'position', direction: order }] });
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A member of fam-1 joins (so the audit and the notifications can name them). */
export const joined = (log: EventLog, memberId: string, name: string, role: 'admin' | 'manager' | 'child') =>
  log.add(`member-${memberId}`, 'MemberJoined', {
    memberId,
    familyId: 'fam-1',
    username: memberId,
    name,
    role,
    age: role === 'child' ? 9 : null,
    avatar: '🙂',
    isPrimaryAdmin: role === 'admin',
    via: role === 'admin' ? 'register' : 'added',
  });
