import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack, Typography } from '@mui/material';
import { SectionCard } from '../../components/SectionCard';

/**
 * Data export (DESIGN §9: CSV downloads). A plain link: the session cookie signs the request in and the server
 * names the file (Content-Disposition).
 */
const EXPORTS = [
  { label: 'Export Points', href: '/api/export/points.csv', what: 'every points entry' },
  { label: 'Export Tasks', href: '/api/export/tasks.csv', what: 'every task' },
  { label: 'Export Reports', href: '/api/export/reports.csv', what: 'the weekly reports' },
] as const;

export function ExportCard() {
  return (
    <SectionCard title="Data Export" emoji="📤" testId="settings-export">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Download your family's data as CSV files that open in any spreadsheet.
      </Typography>
      <Stack sx={{ gap: 1 }}>
        {EXPORTS.map((x) => (
          <Button
            key={x.href}
            component="a"
            href={x.href}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
            title={`Download ${x.what} as CSV`}
            sx={{ justifyContent: 'flex-start' }}
          >
            {x.label}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  );
}
