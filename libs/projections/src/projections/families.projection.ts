import { isEvent, type ChoreSettings } from '@familyos/events';
import { choreSettingsOf, DEFAULT_CHORE_SETTINGS } from '@familyos/domain';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { FamilyDoc } from '../schema/documents.js';

const patches: Record<string, (data: never) => Partial<FamilyDoc>> = {
  FamilyRenamed: (d: { name: string }) => ({ name: d.name }),
  PointSettingsChanged: (d: FamilyDoc['pointSettings']) => ({ pointSettings: d }),
  WeeklyReportDayChanged: (d: { weeklyReportDay: FamilyDoc['weeklyReportDay'] }) => ({ weeklyReportDay: d.weeklyReportDay }),
  FamilyTimeZoneChanged: (d: { timeZone: string }) => ({ timeZone: d.timeZone }),
  RewardsChanged: (d: { rewards: FamilyDoc['rewards'] }) => ({ rewards: d.rewards }),
  TaskTemplatesChanged: (d: { taskTemplates: FamilyDoc['taskTemplates'] }) => ({ taskTemplates: d.taskTemplates }),
  SystemTemplatesHiddenChanged: (d: { hiddenSystemTemplates: string[] }) => ({ hiddenSystemTemplates: d.hiddenSystemTemplates }),
  ChoreSettingsChanged: (d: ChoreSettings) => ({ choreSettings: choreSettingsOf(d) }),
};

export const familiesProjection: Projection = {
  name: 'families',
  // 2: the chore settings (issue 19): the family decider's defaults until ChoreSettingsChanged. 3: reminderTime.
  version: 3,
  collections: [collections.families],
  handles: ['FamilyCreated', 'FamilyRenamed', 'PointSettingsChanged', 'WeeklyReportDayChanged', 'FamilyTimeZoneChanged', 'RewardsChanged', 'TaskTemplatesChanged', 'SystemTemplatesHiddenChanged', 'ChoreSettingsChanged'],
  async apply(event, tx) {
    if (isEvent(event, 'FamilyCreated')) {
      const { familyId, ...rest } = event.data;
      const doc: FamilyDoc = { id: familyId, familyId, ...rest, createdAt: event.metadata.timestamp, choreSettings: DEFAULT_CHORE_SETTINGS };
      await tx.put(collections.families, doc);
      return;
    }
    const patch = patches[event.type];
    if (!patch || !event.metadata.familyId) return;
    const family = await tx.get(collections.families, event.metadata.familyId);
    if (family) await tx.put(collections.families, { ...family, ...patch(event.data as never) });
  },
};
