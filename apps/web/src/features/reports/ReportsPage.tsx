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
import { type WeeklyReport } from '../../lib/types';
import { ChildReportCard } from './ChildReportCard';
import { weekRange } from './format';
import { Leaderboard } from './Leaderboard';
import { CategoryChart, PointsPerDayChart } from './ReportCharts';
import { ReportPreviewDialog } from './ReportPreviewDialog';
import { tipsFor } from './tips';

/**
 * SPEC §2 Reports: the current week's summary, the leaderboard with medals, each child's categories and
 * achievements, charts of the week, the 5 most recent reports and tips. A child reads "My Weekly Report" (its
 * own card, the family leaderboard); parents the "Family Weekly Report" with a card per child.
 */
export default function ReportsPage() {
  const me = useMe();
  const own = me.abilities.hasBalance;
  const title = own ? 'My Weekly Report' : 'Family Weekly Report';
  usePageTitle('Reports');
  const reports = useReports();
  const users = useUsers();
  const usernames = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.username])), [users.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const generate = useGenerateReport();
  const toast = useToast();
  const list = reports.data ?? [];
  const report = list.find((r) => r.id === selectedId) ?? list[0] ?? null;

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
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {report ? `Week of ${weekRange(report)} · ${report.trigger === 'schedule' ? 'made on schedule' : 'generated'} ${DateTime.fromISO(report.createdAt).toRelative() ?? ''}` : 'Points, tasks and stars of the week.'}
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

      {reports.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : reports.isError ? (
        <Alert severity="error">Unable to load reports.</Alert>
      ) : !report ? (
        <EmptyState emoji="📊">
          No weekly report yet. {me.abilities.generateReports ? 'Generate one now, or wait for the weekly report day.' : 'It arrives on the family’s weekly report day.'}
        </EmptyState>
      ) : (
        <ReportView report={report} own={own} meId={me.id} usernames={usernames} history={list} selectedId={report.id} onSelect={setSelectedId} />
      )}

      {me.abilities.previewReport && <ReportPreviewDialog open={previewing} onClose={() => setPreviewing(false)} />}
    </Stack>
  );
}

function ReportView({
  report,
  own,
  meId,
  usernames,
  history,
  selectedId,
  onSelect,
}: {
  report: WeeklyReport;
  own: boolean;
  meId: string;
  usernames: Map<string, string>;
  history: WeeklyReport[];
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const star = report.leaderboard[0];
  const mine = report.children.find((c) => c.userId === meId);
  const tips = tipsFor(report);
  return (
    <>
      <Box component="section" aria-label="This week's summary" sx={{ display: 'grid', gap: { xs: 1.5, md: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {own && mine ? (
          <>
            <StatCard label="My points" emoji="⭐" value={fp(mine.totalPoints)} testId="summary-points" />
            <StatCard label="Tasks done" emoji="✅" value={mine.tasksCompleted} />
            <StatCard label="Average score" emoji="🎯" value={mine.averageScore === null ? '—' : `${mine.averageScore}/10`} />
            <StatCard label="My rank" emoji="🏆" value={`#${report.leaderboard.find((r) => r.userId === meId)?.rank ?? '—'}`} />
          </>
        ) : (
          <>
            <StatCard label="Family points" emoji="⭐" value={fp(report.totals.points)} testId="summary-points" />
            <StatCard label="Tasks done" emoji="✅" value={report.totals.tasksCompleted} />
            <StatCard label="Star of the week" emoji="🌟" value={star && star.weeklyTotal > 0 ? star.name : '—'} />
            <StatCard label="Children" emoji="🧒" value={report.children.length} />
          </>
        )}
      </Box>

      <DashboardGrid
        main={
          <>
            <SectionCard title={own ? 'My Week' : 'Each Child'} emoji="🧒" testId="children-reports">
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
        }
        side={
          <>
            <SectionCard title="Leaderboard" emoji="🏆" testId="leaderboard">
              {report.leaderboard.length === 0 ? <EmptyState emoji="🏆">No children yet.</EmptyState> : <Leaderboard report={report} usernames={usernames} meId={meId} />}
            </SectionCard>
            {!own && (
              <SectionCard title="Tips for Next Week" emoji="💡" testId="tips">
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {tips.map((t) => (
                    <Typography key={t} component="li" variant="body2" sx={{ mb: 1 }}>
                      {t}
                    </Typography>
                  ))}
                </Box>
              </SectionCard>
            )}
            <SectionCard title="Past Reports" emoji="🗂️" testId="history">
              <List disablePadding aria-label="Past reports">
                {history.map((r) => (
                  <ListItem key={r.id} disablePadding>
                    <ListItemButton selected={r.id === selectedId} aria-current={r.id === selectedId ? 'true' : undefined} onClick={() => onSelect(r.id)} sx={{ borderRadius: 1 }}>
                      <ListItemText
                        primary={`Week of ${weekRange(r)}`}
                        secondary={`${r.totals.points} FP · ${r.totals.tasksCompleted} tasks${r.leaderboard[0] && r.leaderboard[0].weeklyTotal > 0 ? ` · ⭐ ${r.leaderboard[0].name}` : ''}`}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </SectionCard>
          </>
        }
      />
    </>
  );
}
