import { fp } from '@familyos/contracts/rules';
import { Alert, Box, Button, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import { useMe } from '../../lib/session';
import { DashboardGrid } from '../../components/DashboardGrid';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard } from '../../components/SectionCard';
import { StatCard } from '../../components/StatCard';
import { useUsers } from '../../api/members';
import { useGenerateReport, useReports } from '../../api/reports';
import { ShowMore } from '../../components/ShowMore';
import { useStandingsFreshOnOpen } from '../../api/standings';
import type { Standings, WeeklyReport } from '../../lib/types';
import { ChildReportCard } from './ChildReportCard';
import { dateRange, weekRange } from './format';
import { Leaderboard } from './Leaderboard';
import { CategoryChart, PointsPerDayChart } from './ReportCharts';
import { ReportPreviewDialog } from './ReportPreviewDialog';
import { tipsFor } from './tips';

/**
 * SPEC §2 Reports: this week's summary and the leaderboard, live from the server (GET /api/standings: the last
 * 7 days, decision 028), then the stored weekly report named by its dates: each child's categories and
 * achievements, charts of that week, the 5 most recent reports and tips. A child reads "My Weekly Report" (its
 * own figures and card, the family leaderboard); parents the "Family Weekly Report" with a card per child.
 */
export default function ReportsPage() {
  const me = useMe();
  const own = me.abilities.hasBalance;
  const title = own ? 'My Weekly Report' : 'Family Weekly Report';
  usePageTitle('Reports');
  const { query: reports, rows: list } = useReports();
  const standings = useStandingsFreshOnOpen();
  const users = useUsers();
  const usernames = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.username])), [users.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const generate = useGenerateReport();
  const toast = useToast();
  const report = list.find((r) => r.id === selectedId) ?? list[0] ?? null;
  const week = standings.data?.week;

  async function generateNow() {
    try {
      const fresh = await generate.mutateAsync();
      setSelectedId(fresh.id);
      toast({ title: 'Report Generated', description: `The report for ${weekRange(fresh)} is ready.` });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to generate report. Please try again.'), variant: 'destructive' });
    }
  }

  const onGenerate = useOneSubmission(generateNow);
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
            📊 {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="this-week-dates">
            {week ? `This week: ${dateRange(week.startDate, week.endDate)} (the last 7 days), as of now.` : 'Points, tasks and stars of the week.'}
          </Typography>
        </Box>
        {(me.abilities.generateReports || me.abilities.previewReport) && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {me.abilities.previewReport && (
              <Button variant="outlined" onClick={() => setPreviewing(true)}>
                Preview Report
              </Button>
            )}
            {me.abilities.generateReports && (
              <Button variant="contained" onClick={() => onGenerate()} disabled={generate.isPending}>
                {generate.isPending ? 'Generating...' : 'Generate Report'}
              </Button>
            )}
          </Stack>
        )}
      </Stack>

      <DashboardGrid
        main={
          standings.isPending ? (
            <Skeleton variant="rounded" height={180} />
          ) : standings.isError ? (
            <Alert severity="error">Unable to load this week's points.</Alert>
          ) : (
            <ThisWeekSummary standings={standings.data} own={own} meId={me.id} />
          )
        }
        side={
          <SectionCard title="Leaderboard" emoji="🏆" testId="leaderboard">
            {standings.isPending ? (
              <Skeleton variant="rounded" height={120} />
            ) : standings.isError ? (
              <Typography color="error">Unable to load the leaderboard.</Typography>
            ) : standings.data.leaderboard.length === 0 ? (
              <EmptyState emoji="🏆">No children yet.</EmptyState>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Points this week, {dateRange(standings.data.week.startDate, standings.data.week.endDate)}
                </Typography>
                <Leaderboard rows={standings.data.leaderboard} meId={me.id} />
              </>
            )}
          </SectionCard>
        }
      />

      <DashboardGrid
        main={
          reports.isPending ? (
            <Skeleton variant="rounded" height={240} />
          ) : reports.isError ? (
            <Alert severity="error">Unable to load reports.</Alert>
          ) : !report ? (
            <EmptyState emoji="📊">
              No weekly report yet. {me.abilities.generateReports ? 'Generate one now, or wait for the weekly report day.' : 'It arrives on the family’s weekly report day.'}
            </EmptyState>
          ) : (
            <ReportView report={report} usernames={usernames} />
          )
        }
        side={
          report && (
            <>
              {!own && (
                <SectionCard title="Tips for Next Week" emoji="💡" testId="tips">
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {tipsFor(report).map((t) => (
                      <Typography key={t} component="li" variant="body2" sx={{ mb: 1 }}>
                        {t}
                      </Typography>
                    ))}
                  </Box>
                </SectionCard>
              )}
              <SectionCard title="Past Reports" emoji="🗂️" testId="history">
                <List disablePadding aria-label="Past reports">
                  {list.map((r) => (
                    <ListItem key={r.id} disablePadding>
                      <ListItemButton selected={r.id === report.id} aria-current={r.id === report.id ? 'true' : undefined} onClick={() => setSelectedId(r.id)} sx={{ borderRadius: 1 }}>
                        <ListItemText
                          primary={weekRange(r)}
                          secondary={`${fp(r.totals.points)} · ${r.totals.tasksCompleted} ${r.totals.tasksCompleted === 1 ? 'task' : 'tasks'}${r.leaderboard[0] && r.leaderboard[0].weeklyTotal > 0 ? ` · ⭐ ${r.leaderboard[0].name}` : ''}`}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
                <ShowMore query={reports} label="Show older reports" />
              </SectionCard>
            </>
          )
        }
      />

      {me.abilities.previewReport && <ReportPreviewDialog open={previewing} onClose={() => setPreviewing(false)} />}
    </Stack>
  );
}

/** The summary of the last 7 days, as the server counts it now: never the last generated report's. */
function ThisWeekSummary({ standings, own, meId }: { standings: Standings; own: boolean; meId: string }) {
  const mine = standings.children.find((c) => c.userId === meId);
  const stars = standings.leaderboard.filter((r) => r.starOfTheWeek).map((r) => r.name);
  return (
    <Box component="section" aria-label="This week's summary" sx={{ display: 'grid', gap: { xs: 1.5, md: 2 }, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
      {own ? (
        <>
          <StatCard label="My points this week" emoji="⭐" value={mine ? fp(mine.thisWeek) : '—'} testId="summary-points" />
          <StatCard label="Tasks done this week" emoji="✅" value={mine ? mine.tasksThisWeek : '—'} testId="summary-tasks" />
          <StatCard label="My place this week" emoji="🏆" value={mine ? `#${mine.weekRank} of ${standings.leaderboard.length}` : '—'} testId="summary-rank" />
          <StatCard label="Total Points" emoji="💰" value={mine ? fp(mine.balance) : '—'} testId="summary-balance" />
        </>
      ) : (
        <>
          <StatCard label="Family points this week" emoji="⭐" value={fp(standings.totals.thisWeek)} testId="summary-points" />
          <StatCard label="Tasks done this week" emoji="✅" value={standings.totals.tasksThisWeek} testId="summary-tasks" />
          <StatCard label="Star of the week" emoji="🌟" value={stars.length > 0 ? stars.join(' & ') : '—'} testId="summary-star" />
          <StatCard label="Children" emoji="🧒" value={standings.leaderboard.length} />
        </>
      )}
    </Box>
  );
}

/** A stored weekly report, named by the dates it covers: a card per child (or the child's own) and its charts. */
function ReportView({ report, usernames }: { report: WeeklyReport; usernames: Map<string, string> }) {
  const made = `${report.trigger === 'schedule' ? 'made on schedule' : 'generated'} ${DateTime.fromISO(report.createdAt).toRelative() ?? ''}`;
  const weekday = (date: string) => DateTime.fromISO(date).toFormat('cccc');
  return (
    <>
      <SectionCard title={`Weekly Report: ${weekRange(report)}`} emoji="🗓️" testId="children-reports">
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 1.5 }} data-testid="report-dates">
          {weekday(report.weekStartDate)} to {weekday(report.weekEndDate)} ({report.timeZone}), {made}
        </Typography>
        {report.children.length === 0 ? (
          <EmptyState emoji="🧒">No children in this report.</EmptyState>
        ) : (
          <Stack spacing={2}>
            {report.children.map((c) => (
              <ChildReportCard key={c.userId} child={c} username={usernames.get(c.userId) ?? c.userId} />
            ))}
          </Stack>
        )}
      </SectionCard>
      {report.children.length > 0 && (
        <SectionCard title="The Week in Charts" emoji="📈" testId="report-charts">
          <Stack spacing={3}>
            <PointsPerDayChart report={report} />
            <CategoryChart report={report} />
          </Stack>
        </SectionCard>
      )}
    </>
  );
}
