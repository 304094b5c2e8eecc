import type { ChoreSettings, FamilySettings, TaskTemplate } from '@familyos/events';

/** GET /api/family: SPEC §7's fields (redemptionOptions as names) plus the full rewards (DESIGN §5). */
export interface FamilyView extends FamilySettings {
  id: string;
  redemptionOptions: string[];
  systemTemplates: readonly TaskTemplate[];
  /** What the family's repeating chores do: missed chores deduct or not, the streak bonuses (issue 19), the reminder time (issue 20). */
  choreSettings: Required<ChoreSettings>;
  createdAt: string;
}

/** GET /api/audit-logs: one event of the family's trail, as a sentence. */
export interface AuditEntryView {
  id: string;
  action: string;
  timestamp: string;
  actorId: string;
  summary: string;
}
