import { Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { hubLogin } from './api';
import { approvalWaitedFor } from './waiting';
import { type SignedIn } from '../../api/auth';
import { CredentialsForm, type Credentials } from './CredentialsForm';
import { HubError, hubAnswers, hubPasswordLogin, hubSession, ssoAuthorizeUrl } from '../../lib/hub';

interface Props {
  hubUrl: string | null;
  hubServiceId: string | null;
  disabled: boolean;
  busy: 'sso' | 'hub' | null;
  onBusy(busy: 'sso' | 'hub' | null): void;
  /** The hub user's request to join waits for approval: the page says so instead of a failure. */
  onWaiting(message: string | null): void;
  onSignedIn(result: SignedIn): Promise<void>;
}

const UNREACHABLE = 'Unable to connect to the Hub. Please try again.';

/**
 * SPEC §8's words for a failed POST /api/auth/hub-login: the server's own text for a refusal (an invalid token), the connection text when the server could not reach the hub, the network text when
 * the server itself could not be reached.
 */
export function hubLoginFailure(error: unknown, fallback: string): string {
  if (error instanceof HubError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 0) return 'Network error or server unavailable';
    if (error.status === 502 || error.status === 503 || error.status === 504) return UNREACHABLE;
    if (error.serverMessage && error.status >= 400 && error.status < 500) return error.serverMessage;
  }
  return fallback;
}

/**
 * The Hub tab of SPEC §2: single sign-on (the browser goes to the hub and comes back to /auth/callback), or the
 * hub's own username and password, checked by the hub from this browser; either way the server then signs in
 * the hub user it validated (decision 012).
 */
export function HubSignIn({ hubUrl, hubServiceId, disabled, busy, onBusy, onWaiting, onSignedIn }: Props) {
  const toast = useToast();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });

  // SPEC §8: the hub is asked first; when it does not answer, the person stays here with "SSO Failed".
  const startSso = async () => {
    if (disabled) return;
    onBusy('sso');
    const url = hubUrl && hubServiceId ? ssoAuthorizeUrl(hubUrl, hubServiceId) : null;
    if (url && (await hubAnswers(url))) {
      window.location.assign(url);
      // The page is leaving: the button keeps saying "Redirecting...".
      return;
    }
    toast({ title: 'SSO Failed', description: 'Unable to start SSO flow', variant: 'destructive' });
    onBusy(null);
  };

  const passwordLogin = async ({ username, password }: Credentials) => {
    if (disabled) return;
    onBusy('hub');
    onWaiting(null);
    try {
      if (!hubUrl) throw new HubError(UNREACHABLE);
      const hub = await hubPasswordLogin(hubUrl, username, password);
      hubSession.store({ accessToken: hub.access_token, refreshToken: hub.refresh_token, user: hub.user });
      const result = await hubLogin(hub.access_token, hub.user);
      await onSignedIn(result);
    } catch (error) {
      const waiting = approvalWaitedFor(error);
      if (waiting) onWaiting(waiting);
      else toast({ title: 'Hub Login Failed', description: hubLoginFailure(error, 'Please check your Hub credentials'), variant: 'destructive' });
    } finally {
      onBusy(null);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Button variant="contained" size="large" fullWidth disabled={disabled} onClick={() => void startSso()}>
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
        onSubmit={(v) => void passwordLogin(v)}
      />
    </Stack>
  );
}
