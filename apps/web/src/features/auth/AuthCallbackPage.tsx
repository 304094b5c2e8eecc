import { Box, CircularProgress, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useToast } from '../../lib/toast';
import { hubLogin } from './api';
import { approvalWaitedFor } from './waiting';
import { hubSession } from '../../lib/hub';
import { useSession } from '../../lib/session';

/** SPEC §8's words for a callback that could not sign anyone in. */
function callbackFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Invalid SSO token';
    if (error.status === 0) return 'Network error or server unavailable';
    if (error.status === 502 || error.status === 503 || error.status === 504) return 'Unable to connect to the Hub. Please try again.';
    if (error.serverMessage && error.status < 500) return error.serverMessage;
  }
  return 'SSO authentication failed';
}

/**
 * SPEC §2 "Single-sign-on callback (/auth/callback)": the hub sends the browser back here with ?token=… (or
 * ?error=…). The server validates the token with the hub and signs its owner in; success goes to /dashboard,
 * any failure back to /login with a "Login Failed" toast. Public: it sits outside the guard.
 */
export default function AuthCallbackPage() {
  usePageTitle('Completing Login');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  // React's StrictMode runs effects twice in development: the one-use token must be spent once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = params.get('token');
    const error = params.get('error');

    const fail = async (description: string) => {
      toast({ title: 'Login Failed', description, variant: 'destructive' });
      await navigate({ to: '/login', replace: true });
    };

    void (async () => {
      if (error) return fail(`SSO error: ${error}`);
      if (!token) return fail('Missing SSO token');
      try {
        const result = await hubLogin(token);
        hubSession.store({ accessToken: token });
        await signIn(result.token);
        toast({ title: `Welcome back, ${result.user.name}!`, description: 'Here is what is happening in your family today.' });
        await navigate({ to: '/dashboard', replace: true });
      } catch (failure) {
        const waiting = approvalWaitedFor(failure);
        // A request to join waiting for approval is no failure: the sign-in page says what it waits for.
        if (waiting) await navigate({ to: '/login', search: { waiting }, replace: true });
        else await fail(callbackFailure(failure));
      }
    })();
  }, [navigate, signIn, toast]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, px: 2, textAlign: 'center' }}
    >
      <CircularProgress aria-hidden size={44} />
      <Box role="status">
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Completing Login...
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Checking your Hub sign-in. This only takes a moment.
        </Typography>
      </Box>
    </Box>
  );
}
