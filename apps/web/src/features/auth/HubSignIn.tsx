import { Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useToast } from '../../lib/toast';
import { CredentialsForm, type Credentials } from './CredentialsForm';

interface Props {
  disabled: boolean;
  busy: 'sso' | 'hub' | null;
  onBusy(busy: 'sso' | 'hub' | null): void;
}

/**
 * The Hub tab of SPEC §2: single sign-on, or the hub's own username and password. Shown only when the server
 * reports a hub (GET /api/auth/providers → hub). The hub calls themselves (the SSO redirect and
 * POST /api/auth/hub-login) are not built on the server yet, so both say the hub cannot be reached, in
 * SPEC §8's words, instead of calling endpoints that do not exist.
 */
export function HubSignIn({ disabled, busy, onBusy }: Props) {
  const toast = useToast();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });

  const startSso = () => {
    onBusy('sso');
    toast({ title: 'SSO Failed', description: 'Unable to start SSO flow', variant: 'destructive' });
    onBusy(null);
  };

  const hubLogin = () => {
    onBusy('hub');
    toast({ title: 'Hub Login Failed', description: 'Unable to connect to the Hub. Please try again.', variant: 'destructive' });
    onBusy(null);
  };

  return (
    <Stack spacing={2.5}>
      <Button variant="contained" size="large" fullWidth disabled={disabled} onClick={startSso}>
        {busy === 'sso' ? 'Redirecting...' : 'Login with Hub SSO'}
      </Button>
      <Divider>
        <Typography variant="body2" color="text.secondary">
          or use your Hub password
        </Typography>
      </Divider>
      <CredentialsForm
        id="hub"
        values={values}
        onChange={setValues}
        disabled={disabled}
        submitting={busy === 'hub'}
        submitLabel="Login with Hub"
        submittingLabel="Logging in..."
        usernamePlaceholder="Your Hub username (not your e-mail)"
        usernameHelper="Use your Hub username, not your e-mail address"
        onSubmit={hubLogin}
      />
    </Stack>
  );
}
