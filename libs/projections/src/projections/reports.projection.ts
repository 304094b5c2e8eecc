import { isEvent, streamEntityId } from '@familyos/events';
import { computeWeeklyReport } from '@familyos/domain';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { ReportDoc, ReportEntryDoc, ReportMemberDoc, ReportTaskDoc } from '../schema/documents.js';


/**
 * Weekly reports (SPEC §2 Reports, §9). WeeklyReportGenerated carries the week, not the numbers: the report is
 * computed here, with the pure computeWeeklyReport, from this projection's own rows of what happened before it
 * in the log (children, approved points entries, approved tasks). So a replay computes the very same report.
 * Redemption debits are not kept: spending is not earning. Unapproved (pending) points are not kept either.
 */
export const reportsProjection: Projection = {
  name: 'reports',
  // 2: a member's role change moves them in or out of the children of later reports.
  // 3: missed chores' deductions and streak bonuses count, as in standings; a deactivated child leaves later reports.
  version: 3,
  collections: [collections.reports, collections.reportMembers, collections.reportEntries, collections.reportTasks],
  handles: ['MemberJoined', 'MemberRoleChanged', 'MemberDeactivated', 'MemberReactivated', 'MemberRenamed', 'MemberAvatarChanged', 'PointsIssued', 'TaskPointsAwarded', 'TaskPointsReversed', 'MissedChorePointsDeducted', 'StreakBonusCredited', 'TaskReversed', 'TaskApproved', 'WeeklyReportGenerated'],
  async apply(event, tx) {
    const familyId = event.metadata.familyId;
    if (isEvent(event, 'MemberJoined')) {
      const d = event.data;
      if (!d.familyId) return;
      const row: ReportMemberDoc = { id: d.memberId, familyId: d.familyId, name: d.name, avatar: d.avatar, role: d.role };
      await tx.put(collections.reportMembers, row);
    } else if (isEvent(event, 'MemberRoleChanged')) {
      // A child who became an adult leaves the reports made after; those made before keep them (decision 029).
      const row = await tx.get(collections.reportMembers, streamEntityId(event.streamId));
      if (row) await tx.put(collections.reportMembers, { ...row, role: event.data.role });
    } else if (isEvent(event, 'MemberDeactivated') || isEvent(event, 'MemberReactivated')) {
      const row = await tx.get(collections.reportMembers, streamEntityId(event.streamId));
      if (row) await tx.put(collections.reportMembers, { ...row, active: isEvent(event, 'MemberReactivated') });
    } else if (isEvent(event, 'MemberRenamed') || isEvent(event, 'MemberAvatarChanged')) {
      const row = await tx.get(collections.reportMembers, streamEntityId(event.streamId));
      if (!row) return;
      await tx.put(collections.reportMembers, isEvent(event, 'MemberRenamed') ? { ...row, name: event.data.name } : { ...row, avatar: event.data.avatar });
    } else if (isEvent(event, 'PointsIssued')) {
      const d = event.data;
      if (!d.approved || !familyId) return;
      const row: ReportEntryDoc = { id: d.entryId, familyId, userId: d.childId, amount: d.amount, reason: d.reason, date: event.metadata.timestamp, source: 'issued' };
      await tx.put(collections.reportEntries, row);
    } else if (isEvent(event, 'TaskPointsAwarded')) {
      const d = event.data;
      if (!familyId) return;
      const row: ReportEntryDoc = { id: d.entryId, familyId, userId: d.childId, amount: d.amount, reason: d.reason, date: event.metadata.timestamp, source: 'task' };
      await tx.put(collections.reportEntries, row);
    } else if (isEvent(event, 'TaskPointsReversed')) {
      // The debit counts against the week it happens in, as tasks points: a reversed credit nets out.
      const d = event.data;
      if (!familyId) return;
      const row: ReportEntryDoc = { id: d.entryId, familyId, userId: d.childId, amount: d.amount, reason: d.reason, date: event.metadata.timestamp, source: 'task' };
      await tx.put(collections.reportEntries, row);
    } else if (isEvent(event, 'MissedChorePointsDeducted') || isEvent(event, 'StreakBonusCredited')) {
      // What a chore's clock takes and its streaks give count in the week they happen, as standings' "this week".
      const d = event.data;
      if (!familyId) return;
      const source = isEvent(event, 'MissedChorePointsDeducted') ? 'missed' : 'streak';
      const row: ReportEntryDoc = { id: d.entryId, familyId, userId: d.childId, amount: d.amount, reason: d.reason, date: event.metadata.timestamp, source };
      await tx.put(collections.reportEntries, row);
    } else if (isEvent(event, 'TaskReversed')) {
      // A reversed task is no longer a task done (nor its score part of the average).
      await tx.delete(collections.reportTasks, streamEntityId(event.streamId));
    } else if (isEvent(event, 'TaskApproved')) {
      const d = event.data;
      if (!familyId) return;
      const row: ReportTaskDoc = { id: streamEntityId(event.streamId), familyId, childId: d.creditedTo, score: d.score, date: event.metadata.timestamp };
      await tx.put(collections.reportTasks, row);
    } else if (isEvent(event, 'WeeklyReportGenerated')) {
      const d = event.data;
      const window = { gte: d.windowStart, lt: d.windowEnd };
      const [members, entries, tasks] = await Promise.all([
        tx.find(collections.reportMembers, { where: { familyId: d.familyId } }),
        tx.find(collections.reportEntries, { where: { familyId: d.familyId, date: window } }),
        tx.find(collections.reportTasks, { where: { familyId: d.familyId, date: window } }),
      ]);
      const doc: ReportDoc = computeWeeklyReport({
        report: {
          reportId: d.reportId,
          familyId: d.familyId,
          weekStartDate: d.weekStartDate,
          weekEndDate: d.weekEndDate,
          windowStart: d.windowStart,
          windowEnd: d.windowEnd,
          timeZone: d.timeZone,
          trigger: d.trigger,
          createdAt: event.metadata.timestamp,
          generatedBy: event.metadata.actorId,
        },
        members,
        entries,
        tasks,
      });
      await tx.put(collections.reports, doc);
    }
  },
};
