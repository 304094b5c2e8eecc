import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthCard, AuthOutcome } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ApiError, failureMessage } from '../../lib/api';
import { newPasswordErrors, useFieldForm } from '../../lib/forms';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import type { PublicSignInLink } from '../../lib/types';
import { usePublicSignInLink, setPasswordWithLink } from './api';

const FIELDS = ['password', 'confirm'] as const;

/** Why a link cannot be used, in a family's words: what happened and who can help. */
const UNUSABLE: Record<Exclude<PublicSignInLink['status'], 'ready'> | 'invalid', { emoji: string; title: string; text: string }> = {
  invalid: { emoji: '🔗', title: 'Invalid Link', text: 'This sign-in link is invalid. Check that you copied all of it, or ask a parent for a new one.' },
  used: { emoji: '✅', title: 'Link Already Used', text: 'This sign-in link has already been used to set a password. Sign in with that password, or ask a parent for a new link.' },
  expired: { emoji: '⌛', title: 'Link Expired', text: 'This sign-in link has expired. Ask a parent for a new one.' },
  voided: { emoji: '🔁', title: 'Link No Longer Valid', text: 'This account was changed since the link was made. Ask a parent for a new one.' },
  inactive: { emoji: '🚫', title: 'Account Deactivated', text: 'This account has been deactivated. Ask a parent to reactivate it.' },
};

/**
 * /set-password/{token}: the page a one-time sign-in link opens (decision 029). The member chooses a password,
 * is signed in and lands on the dashboard; the link then no longer works.
 */
export default function SetPasswordPage() {
  usePageTitle('Set Your Password');
  const { token = '' } = useParams({ strict: false });
  const link = usePublicSignInLink(token);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { values, errors, showErrors, field } = useFieldForm(FIELDS, { password: '', confirm: '' }, 'set-password');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || showErrors(newPasswordErrors(values.password, values.confirm))) return;
    setBusy(true);
    setFailure(null);
    try {
      const signedIn = await setPasswordWithLink(token, values.password);
      await signIn(signedIn.token);
      await navigate({ to: '/dashboard', replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && showErrors(error.details))) setFailure(failureMessage(error, 'Setting your password failed. Please try again.'));
      // A link used or expired meanwhile: show the page's state for it.
      if (error instanceof ApiError && error.status === 409) void link.refetch();
      setBusy(false);
    }
  };

  if (link.isPending)
    return (
      <AuthCard>
        <Box role="status" aria-label="Loading the sign-in link">
          <Skeleton variant="rounded" height={36} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={56} />
        </Box>
      </AuthCard>
    );
  const status = link.data?.status ?? 'invalid';
  if (status !== 'ready') {
    const state = UNUSABLE[status];
    return (
      <AuthCard>
        <AuthOutcome emoji={state.emoji} title={state.title} testId="set-password-unusable">
          <Typography sx={{ color: 'text.secondary' }}>{state.text}</Typography>
          <Button component={Link} to="/login" variant="outlined" sx={{ mt: 3 }}>
            Go to sign in
          </Button>
        </AuthOutcome>
      </AuthCard>
    );
  }

  const { name, username, familyName } = link.data!;
  return (
    <AuthCard>
      <Box data-testid="set-password-ready">
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
          Welcome, {name}!
        </Typography>
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', mt: 1, mb: 3 }}>
          Choose a password for <strong>{username}</strong> in {familyName}. You sign in with your username and this password from now on.
        </Typography>
        <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2} aria-label="Choose your password">
          {failure && <Alert severity="error">{failure}</Alert>}
          <NewPasswordFields field={field} errors={errors} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Setting your password...' : 'Set Password and Sign In'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
