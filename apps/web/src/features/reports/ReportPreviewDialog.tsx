import { fp } from '@familyos/contracts/rules';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useReportPreview } from '../../api/reports';
import { weekRange } from './format';

/**
 * SPEC §2: the admin's Preview Report: this week so far, per child split into Tasks and Bonus (SPEC §9), before
 * anything is generated or sent. Nothing is stored.
 */
export function ReportPreviewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const preview = useReportPreview(open);
  const report = preview.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="report-preview-title">
      <DialogTitle id="report-preview-title" sx={{ fontWeight: 700 }}>
        Report Preview{report ? ` · ${weekRange(report)}` : ''}
      </DialogTitle>
      <DialogContent dividers>
        {preview.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : preview.isError ? (
          <Alert severity="error">The preview could not be loaded.</Alert>
        ) : !report || report.children.length === 0 ? (
          <Typography color="text.secondary">No children in the family yet.</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography color="text.secondary">This week so far. Generating the report saves it for the whole family.</Typography>
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="This week by child (scrolls sideways on small screens)">
              <Table size="small" aria-label="This week so far, by child">
                <TableHead>
                  <TableRow>
                    <TableCell>Child</TableCell>
                    <TableCell align="right">Tasks</TableCell>
                    <TableCell align="right">Bonus</TableCell>
                    <TableCell align="right">Total</TableCell>
                    <TableCell align="right">Avg score</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.children.map((c) => (
                    <TableRow key={c.userId}>
                      <TableCell>
                        {c.avatar} {c.name}
                      </TableCell>
                      <TableCell align="right">{fp(c.bySource.tasks)}</TableCell>
                      <TableCell align="right">{fp(c.bySource.bonus)}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 700 }}>
                        {fp(c.totalPoints)}
                      </TableCell>
                      <TableCell align="right">{c.averageScore === null ? '—' : `${c.averageScore}/10`}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
