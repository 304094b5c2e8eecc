import { Inject, Injectable } from '@nestjs/common';
import type { WeeklyReport } from '@familyos/contracts';
import { computeWeeklyReport, inScope, notFound, readScopeOf, reportWeekOf, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ReportDoc } from '@familyos/projections';
import { readPage, type HistoryOrder, type Page, type PageParams } from '../platform/history-page.js';
import { READ_MODELS } from '../platform/tokens.js';

/** Newest week first; a family has one report per week (its id is the family and the week), so ties never happen. */
const REPORTS_ORDER: HistoryOrder = {
  list: 'reports',
  by: [
    { field: 'weekStartDate', direction: 'desc', type: 'string' },
    { field: 'id', direction: 'desc', type: 'string' },
  ],
};

type FamilyMember = Actor & { familyId: string };

/**
 * SPEC §2 Reports: a child sees its own breakdown and achievements, and the whole family leaderboard; parents
 * see every child. Other families' reports never appear (every query is by the caller's familyId).
 */
export function reportView(actor: FamilyMember, report: ReportDoc): WeeklyReport {
  const scope = readScopeOf(actor);
  return { ...report, children: report.children.filter((c) => inScope(scope, c)) };
}

@Injectable()
export class ReportsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** The family's reports, newest week first, a page at a time. */
  async list(actor: FamilyMember, page: PageParams): Promise<Page<WeeklyReport>> {
    const { items, next } = await readPage(this.readModels, collections.reports, { familyId: actor.familyId }, REPORTS_ORDER, page);
    return { items: items.map((d) => reportView(actor, d)), next };
  }

  async latest(actor: FamilyMember): Promise<WeeklyReport | null> {
    return (await this.list(actor, { limit: 1 })).items[0] ?? null;
  }

  async one(actor: FamilyMember, weekStartDate: string): Promise<WeeklyReport> {
    const doc = await this.readModels.get(collections.reports, `${actor.familyId}_${weekStartDate}`);
    if (!doc || doc.familyId !== actor.familyId) throw notFound('Report');
    return reportView(actor, doc);
  }

  /**
   * GET /api/reports/preview: the current report week so far, computed now with the same function from the
   * same rows as a stored report, and stored nowhere.
   */
  async preview(actor: FamilyMember, now: Date): Promise<WeeklyReport & { preview: true }> {
    const family = await this.readModels.get(collections.families, actor.familyId);
    if (!family) throw notFound('Family');
    const week = reportWeekOf(now, family.timeZone, family.weeklyReportDay);
    const where = { familyId: actor.familyId, date: { gte: week.windowStart, lt: week.windowEnd } };
    const [members, entries, tasks] = await Promise.all([
      this.readModels.find(collections.reportMembers, { where: { familyId: actor.familyId } }),
      this.readModels.find(collections.reportEntries, { where }),
      this.readModels.find(collections.reportTasks, { where }),
    ]);
    const computed = computeWeeklyReport({
      report: { familyId: actor.familyId, timeZone: family.timeZone, ...week, reportId: 'preview', createdAt: now.toISOString(), trigger: 'manual', generatedBy: actor.id },
      members,
      entries,
      tasks,
    });
    return { ...computed, preview: true as const };
  }
}
