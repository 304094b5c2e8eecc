import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DateTime } from 'luxon';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { CLOCK, type Clock } from '../platform/tokens.js';
import { toCsv, type CsvCell } from './csv.js';
import { ExportsQueries } from './exports.queries.js';

type FamilyMember = Actor & { familyId: string };
type Export = 'points' | 'tasks' | 'reports';

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * DESIGN §5 export: GET /api/export/{points|tasks|reports}.csv for admins (and a superuser with a family), the
 * caller's family only. The byte order mark lets spreadsheet programs read the file as UTF-8 (names, emoji).
 */
@Controller('api/export')
export class ExportsController {
  constructor(
    private readonly queries: ExportsQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async send(actor: FamilyMember, reply: FastifyReply, what: Export, headers: string[], rows: CsvCell[][]): Promise<string> {
    const today = DateTime.fromJSDate(this.clock.now(), { zone: await this.queries.timeZone(actor.familyId) }).toISODate();
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="familyos-${what}-${today}.csv"`)
      .header('cache-control', 'no-store');
    return `\uFEFF${toCsv(headers, rows)}`;
  }

  /** Every points entry, oldest first: credits, deductions, task credits and redemptions, approved or pending. */
  @Get('points.csv')
  @Requires('exportData')
  async points(@FamilyActor() actor: FamilyMember, @Res({ passthrough: true }) reply: FastifyReply) {
    const [name, entries] = await Promise.all([
      this.queries.names(actor.familyId),
      this.queries.points(actor.familyId),
    ]);
    const rows = entries.map((e) => [e.date, name(e.userId), e.amount, e.reason, e.approved ? 'Approved' : 'Pending', name(e.issuerId)]);
    return this.send(actor, reply, 'points', ['Date', 'Member', 'Amount', 'Reason', 'Status', 'Given by'], rows);
  }

  /** Every task and child request, oldest first. */
  @Get('tasks.csv')
  @Requires('exportData')
  async tasks(@FamilyActor() actor: FamilyMember, @Res({ passthrough: true }) reply: FastifyReply) {
    const [name, tasks] = await Promise.all([
      this.queries.names(actor.familyId),
      this.queries.tasks(actor.familyId),
    ]);
    const rows = tasks.map((t) => [
      t.createdAt,
      t.title,
      t.description,
      t.assignedTo.map(name).join('; '),
      t.pointsValue,
      capitalised(t.status),
      t.score,
      t.dueDate,
      t.isChildRequest ? 'Yes' : 'No',
    ]);
    return this.send(actor, reply, 'tasks', ['Created', 'Title', 'Description', 'Assigned to', 'Points', 'Status', 'Score', 'Due date', 'Child request'], rows);
  }

  /** One line per report and child, oldest week first. */
  @Get('reports.csv')
  @Requires('exportData')
  async reports(@FamilyActor() actor: FamilyMember, @Res({ passthrough: true }) reply: FastifyReply) {
    const reports = await this.queries.reports(actor.familyId);
    const rows = reports.flatMap((r) =>
      r.children.map((c) => [
        r.weekStartDate,
        r.weekEndDate,
        c.name,
        c.totalPoints,
        c.byCategory.chores,
        c.byCategory.school,
        c.byCategory.behavior,
        c.tasksCompleted,
        c.averageScore,
        c.achievements.map((a) => a.title).join('; '),
        r.leaderboard.find((l) => l.userId === c.userId)?.rank ?? null,
      ]),
    );
    return this.send(
      actor,
      reply,
      'reports',
      ['Week start', 'Week end', 'Child', 'Total points', 'Chores', 'School', 'Behavior', 'Tasks completed', 'Average score', 'Achievements', 'Rank'],
      rows,
    );
  }
}
