import { Box } from '@mui/material';
import { DateTime } from 'luxon';
import { ago } from '../../lib/dates';

/** "2 hours ago · edited 5 minutes ago": when a post or reply was written, and when its author last changed it. */
export function PostTime({ date, editedAt }: { date: string; editedAt: string | null }) {
  return (
    <>
      {ago(date)}
      {editedAt && (
        <>
          <Box component="span" aria-hidden sx={{ mx: 0.5 }}>
            ·
          </Box>
          <Box component="span" data-testid="edited" title={DateTime.fromISO(editedAt).toLocaleString(DateTime.DATETIME_MED)}>
            edited {ago(editedAt)}
          </Box>
        </>
      )}
    </>
  );
}
