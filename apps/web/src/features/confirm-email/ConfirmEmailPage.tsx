import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AuthCard, AuthOutcome } from '../../components/AuthCard';
import { ApiError, failureMessage } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { confirmEmail } from './api';

/** A link that confirmed nothing, in the server's words, with a heading for why. */
function refusalTitle(error: unknown): { emoji: string; title: string } {
  if (error instanceof ApiError && error.status === 404) return { emoji: '🔗', title: 'Invalid Link' };
  if (error instanceof ApiError && error.status === 409) return { emoji: '⌛', title: 'Link Not Usable' };
  if (error instanceof ApiError && error.status === 429) return { emoji: '⏳', title: 'Too Many Tries' };
  return { emoji: '⚠️', title: 'Not Confirmed' };
}

/**
 * /confirm-email/{token}: the page a confirmation mail links to (decision 043). Opened from a mail client, often
 * where nobody is signed in: the token alone confirms the address, at once, and the page says so. Signed in or
 * not, it signs nobody in; it leads to the profile (signed in) or to sign in.
 */
export default function ConfirmEmailPage() {
  usePageTitle('Confirm Your E-mail');
  const { token = '' } = useParams({ strict: false });
  const { me } = useSession();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => confirmEmail(token),
    // Whoever is signed in here may be looking at this address on their profile: read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api', 'users'] }),
  });
  // A link is used once: it is sent once per page, however often the page renders.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [confirm]);

  const next = me ? (
    <Button component={Link} to="/profile" variant="contained" sx={{ mt: 3 }}>
      Go to your profile
    </Button>
  ) : (
    <Button component={Link} to="/login" variant="outlined" sx={{ mt: 3 }}>
      Go to sign in
    </Button>
  );

  if (confirm.isSuccess)
    return (
      <AuthCard>
        <AuthOutcome emoji="✅" title="Address Confirmed" testId="email-confirmation-done">
          <Typography sx={{ color: 'text.secondary' }}>
            FamilyOS will send the mails you chose to <strong>{confirm.data.address}</strong>. You can turn them off on your profile at any time.
          </Typography>
          {next}
        </AuthOutcome>
      </AuthCard>
    );
  if (confirm.isError) {
    const { emoji, title } = refusalTitle(confirm.error);
    return (
      <AuthCard>
        <AuthOutcome emoji={emoji} title={title} testId="email-confirmation-refused">
          <Typography sx={{ color: 'text.secondary' }}>{failureMessage(confirm.error, 'Confirming your address failed. Please open the link again.')}</Typography>
          {next}
        </AuthOutcome>
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <Box role="status" aria-label="Confirming your e-mail address">
        <Skeleton variant="circular" width={48} height={48} sx={{ mx: 'auto', mb: 2 }} />
        <Skeleton variant="rounded" height={36} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={56} />
      </Box>
    </AuthCard>
  );
}
