import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DateTime } from 'luxon';
import type { SignInLink } from '../../lib/types';
import { signInLinkUrl } from './api';
import { useCopyLink } from './useCopyLink';

/**
 * A one-time sign-in link, shown once, like an invite link: the server keeps only its hash, so closing this
 * dialog is the last time anyone sees it (decision 029).
 */
export function SignInLinkDialog({ link, name, onClose }: { link: SignInLink | null; name: string; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const copy = useCopyLink();
  const url = link ? signInLinkUrl(link.token) : '';
  return (
    <Dialog open={link !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="sign-in-link-title">
      <DialogTitle id="sign-in-link-title" sx={{ fontWeight: 700 }}>
        Sign-in Link for {name}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.25}>
          <Typography>
            Send this link to {name}. It opens a page where they choose their own password and are signed in.
          </Typography>
          <TextField
            label="Sign-in link"
            value={url}
            fullWidth
            multiline
            sx={{ '& textarea': { wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 14 } }}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'sign-in-link', onFocus: (e: React.FocusEvent<HTMLTextAreaElement>) => e.target.select() } }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            It works once, until {link ? DateTime.fromISO(link.expiresAt).toLocaleString(DateTime.DATETIME_MED) : ''}. It is shown only now: copy it
            before you close this window. You can make a new one from the family members list.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button variant="outlined" onClick={() => void copy(url, 'sign-in link')}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
