import { Box, Button } from '@mui/material';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { failureMessage } from '../../lib/api';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import type { Abilities } from '../../lib/types';
import { useGenerateReport } from '../../api/reports';

const Emoji = ({ children }: { children: ReactNode }) => (
  <Box component="span" aria-hidden sx={{ mr: 1 }}>
    {children}
  </Box>
);

/**
 * SPEC §2's quick actions of the parent dashboard: Issue Points and Create Task (each opens its form here), Add
 * Announcement (to /announcements), Generate Report. Each shows only with the ability the server gave this member.
 */
export function QuickActions({ abilities: a, onIssuePoints, onCreateTask }: { abilities: Abilities; onIssuePoints: () => void; onCreateTask: () => void }) {
  const generate = useGenerateReport();
  const toast = useToast();

  async function generateReport() {
    try {
      const report = await generate.mutateAsync();
      const best = report.leaderboard[0];
      toast({
        title: 'Report Generated',
        description: best && best.weeklyTotal > 0 ? `This week's star: ${best.name} with ${best.weeklyTotal} FP.` : "This week's family report is ready.",
      });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to generate report. Please try again.'), variant: 'destructive' });
    }
  }

  const onGenerate = useOneSubmission(generateReport);
  // Two to a row on a phone, where "Add Announcement" is wider than half the screen: there the label wraps.
  const buttonSx = { justifyContent: 'flex-start', textAlign: 'left', whiteSpace: { xs: 'normal', md: 'nowrap' } } as const;
  return (
    <Box
      component="nav"
      aria-label="Quick actions"
      sx={{ display: 'grid', gap: 1, flexShrink: 0, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, auto)' } }}
    >
      {a.issuePoints && (
        <Button variant="contained" onClick={onIssuePoints} sx={buttonSx}>
          <Emoji>⭐</Emoji>
          Issue Points
        </Button>
      )}
      {a.createTasks && (
        <Button variant="outlined" onClick={onCreateTask} sx={buttonSx}>
          <Emoji>➕</Emoji>
          Create Task
        </Button>
      )}
      {a.postAnnouncements && (
        <Button variant="outlined" component={Link} to="/announcements" sx={buttonSx}>
          <Emoji>📢</Emoji>
          Add Announcement
        </Button>
      )}
      {a.generateReports && (
        <Button variant="outlined" onClick={() => onGenerate()} disabled={generate.isPending} sx={buttonSx}>
          <Emoji>📊</Emoji>
          {generate.isPending ? 'Generating...' : 'Generate Report'}
        </Button>
      )}
    </Box>
  );
}
