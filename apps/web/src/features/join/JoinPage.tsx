import { Box, Button, CircularProgress, Divider, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { ROLE_EMOJI, ROLE_LABEL } from '../../lib/types';
import { useProviders } from '../../api/auth';
import { AuthCard, AuthOutcome } from '../../components/AuthCard';
import { hubSession } from '../../lib/hub';
import { useSession } from '../../lib/session';
import { hubAuthorizeUrl, joinFamily, usePublicInvite, type LocalJoin, type PublicInvite } from './api';
import { JoinForm } from './JoinForm';

/** SPEC §9: after joining, the dashboard follows in 2 seconds. */
const REDIRECT_DELAY_MS = 2000;

type Flow = { step: 'idle' } | { step: 'joining' } | { step: 'success'; familyName: string } | { step: 'error'; message: string };

/** SPEC §8's words for a join that failed: the server's reason (used up, taken username…), else the fallback. */
function joinFailure(error: unknown, viaHub: boolean): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'Network error occurred. Please try again.';
    if (viaHub && error.status === 401) return 'Invalid SSO token';
    if (viaHub && error.status === 502) return 'Hub token validation failed';
    if (error.serverMessage && error.status < 500) return error.serverMessage;
  }
  return viaHub ? 'SSO authentication failed' : 'Failed to join family';
}

/**
 * SPEC §2 "Join page (/invite/{inviteToken})", §4 join flow: public, outside the signed-in guard. The invite's
 * state comes first (invalid, deactivated, expired, used up); a usable one offers the hub, the family's OpenID
 * provider and a local account. The hub and OpenID come back here with ?token= or ?error=.
 */
export default function JoinPage() {
  usePageTitle('Join Family');
  const { inviteToken = '' } = useParams({ strict: false });
  const invite = usePublicInvite(inviteToken);
  const providers = useProviders();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [flow, setFlow] = useState<Flow>(() => {
    const error = new URLSearchParams(window.location.search).get('error');
    return error ? { step: 'error', message: error } : { step: 'idle' };
  });
  const started = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (redirect.current) clearTimeout(redirect.current);
  }, []);

  const join = async (body: { hubToken: string } | LocalJoin, fields?: (details: { field: string; message: string }[]) => void) => {
    const viaHub = 'hubToken' in body;
    setFlow({ step: 'joining' });
    try {
      const result = await joinFamily(inviteToken, body);
      if (viaHub) hubSession.store({ accessToken: body.hubToken });
      await signIn(result.token);
      setFlow({ step: 'success', familyName: invite.data?.family.name ?? 'your family' });
      redirect.current = setTimeout(() => void navigate({ to: '/dashboard', replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      if (fields && error instanceof ApiError && error.details.length > 0) {
        // Field messages belong next to their fields: back to the form, not to the error screen.
        fields(error.details);
        setFlow({ step: 'idle' });
        return;
      }
      setFlow({ step: 'error', message: joinFailure(error, viaHub) });
    }
  };

  // Back from the hub's SSO page with a one-use token: spend it once (StrictMode runs effects twice).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const hubToken = params.get('token');
    if (params.has('token') || params.has('error')) void navigate({ to: '/invite/$inviteToken', params: { inviteToken }, search: {}, replace: true });
    if (hubToken) void join({ hubToken });
    // Once, on arrival: the query parameters are read and removed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const body = (): ReactNode => {
    if (flow.step === 'joining') return <Joining familyName={invite.data?.family.name} />;
    if (flow.step === 'success') return <Success familyName={flow.familyName} />;
    if (flow.step === 'error')
      return (
        <AuthOutcome emoji="😕" title="Could not join" testId="join-error">
          <Typography role="alert" sx={{ color: 'text.secondary' }}>
            {flow.message}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, justifyContent: 'center', mt: 3 }}>
            <Button variant="contained" onClick={() => setFlow({ step: 'idle' })}>
              Try Again
            </Button>
            <Button component={Link} to="/" variant="outlined">
              Go home
            </Button>
          </Stack>
        </AuthOutcome>
      );
    if (invite.isPending) return <Loading />;
    if (invite.isError) return <Unusable emoji="🔗" title="Invalid Invite" text="This invite link is invalid, expired, or has been deactivated." />;
    const unusable = unusableState(invite.data);
    if (unusable) return <Unusable {...unusable} />;
    const p = providers.data;
    return (
      <Ready invite={invite.data}>
        <Stack spacing={2}>
          {p?.hub && p.hubUrl && (
            <Button variant="contained" size="large" fullWidth onClick={() => window.location.assign(hubAuthorizeUrl(p.hubUrl!, p.hubServiceId, inviteToken))}>
              Join with Hub
            </Button>
          )}
          {p?.oidc && (
            <Button variant="contained" size="large" fullWidth href={`/api/auth/oidc/start?invite=${encodeURIComponent(inviteToken)}`}>
              Join with {p.oidcName || 'your sign-in provider'}
            </Button>
          )}
          {(p?.hub || p?.oidc) && (
            <Divider>
              <Typography variant="body2" color="text.secondary">
                or create an account here
              </Typography>
            </Divider>
          )}
          <JoinForm onJoin={(values, fields) => void join(values, fields)} />
          {p?.hub && p.hubUrl && (
            <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
              No Hub account yet?{' '}
              <MuiLink href={p.hubUrl} target="_blank" rel="noopener noreferrer">
                Create a Hub account
              </MuiLink>
            </Typography>
          )}
        </Stack>
      </Ready>
    );
  };

  return <AuthCard>{body()}</AuthCard>;
}

/** SPEC §4: inactive, then expired, then used up; the server's status follows the same order. */
function unusableState(invite: PublicInvite): { emoji: string; title: string; text: string } | null {
  if (!invite.isActive || invite.status === 'deactivated')
    return { emoji: '🚫', title: 'Invite Deactivated', text: 'This invite link has been turned off. Ask your family admin for a new one.' };
  if (invite.status === 'expired') return { emoji: '⌛', title: 'Invite Expired', text: 'This invite link has expired. Ask your family admin for a new one.' };
  if (invite.status === 'used_up')
    return { emoji: '🎟️', title: 'Invite Limit Reached', text: 'This invite link has already been used as many times as allowed. Ask your family admin for a new one.' };
  return null;
}

function Unusable({ emoji, title, text }: { emoji: string; title: string; text: string }) {
  return (
    <AuthOutcome emoji={emoji} title={title} testId="join-unusable">
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
      <Button component={Link} to="/" variant="outlined" sx={{ mt: 3 }}>
        Go home
      </Button>
    </AuthOutcome>
  );
}

function Loading() {
  return (
    <Box role="status" aria-label="Loading the invite">
      <Skeleton variant="rounded" height={36} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={24} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={56} />
    </Box>
  );
}

function Ready({ invite, children }: { invite: PublicInvite; children: ReactNode }) {
  return (
    <Box data-testid="join-ready">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
        Join {invite.family.name}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', mt: 1, mb: 3 }}>
        You have been invited to join as{' '}
        <Box component="strong" sx={{ color: 'text.primary', whiteSpace: 'nowrap' }} data-testid="join-role">
          <span aria-hidden>{ROLE_EMOJI[invite.role]} </span>
          {ROLE_LABEL[invite.role]}
        </Box>
        .
      </Typography>
      {children}
    </Box>
  );
}

function Joining({ familyName }: { familyName?: string }) {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 3 }}>
      <CircularProgress aria-hidden size={44} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mt: 2 }}>
        Joining {familyName ?? 'the family'}...
      </Typography>
    </Box>
  );
}

function Success({ familyName }: { familyName: string }) {
  return (
    <AuthOutcome emoji="🎉" title={`Welcome to ${familyName}!`} testId="join-success">
      <Typography role="status" sx={{ color: 'text.secondary' }}>
        You are in. Taking you to your dashboard...
      </Typography>
    </AuthOutcome>
  );
}
