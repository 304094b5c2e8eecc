import { Alert, AlertTitle, Box, Button, Card, CardContent, Divider, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Navigate, useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { failureMessage } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useToast } from '../../lib/toast';
import { NO_PROVIDERS, useProviders, type SignedIn } from '../../api/auth';
import { AuthLayout } from '../../components/AuthLayout';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useSession } from '../../lib/session';
import { login, useDemoAccounts, type DemoAccount } from './api';
import { CredentialsForm, type Credentials } from './CredentialsForm';
import { DemoAccountsLoading } from './DemoAccountsLoading';

// Each behind its own tab, and only on a server that offers it: the sign-in page loads none of them up front
// (decision 054).
const DemoAccountList = lazy(() => import('./DemoAccountList').then((m) => ({ default: m.DemoAccountList })));
const HubSignIn = lazy(() => import('./HubSignIn').then((m) => ({ default: m.HubSignIn })));
const RegisterForm = lazy(() => import('./RegisterForm').then((m) => ({ default: m.RegisterForm })));

type TabKey = 'hub' | 'signin' | 'demo' | 'register';
type Busy = TabKey | 'sso' | null;

const TAB_LABEL: Record<TabKey, string> = { hub: 'Hub', signin: 'Sign in', demo: 'Demo', register: 'Create a family' };
const FEATURES: [string, string][] = [
  ['✅', 'Parents set tasks; children complete them or ask for new ones'],
  ['⭐', 'Approved tasks earn Family Points (FP)'],
  ['🎁', 'Children spend their FP on rewards the family chooses'],
  ['🏆', 'A weekly leaderboard keeps everyone cheering'],
];
const EMPTY: Credentials = { username: '', password: '' };

function Panel({ id, tabbed, title, intro, children }: { id: TabKey; tabbed: boolean; title: string; intro: ReactNode; children: ReactNode }) {
  const tabProps = tabbed ? { role: 'tabpanel', 'aria-labelledby': `login-tab-${id}` } : {};
  return (
    <Box {...tabProps} id={`login-panel-${id}`} data-testid={`login-panel-${id}`}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
        {intro}
      </Typography>
      {children}
    </Box>
  );
}

/** "Sign in with {provider}" (decision 012): the server runs the OpenID flow and comes back to /dashboard. */
function OidcButton({ name }: { name: string }) {
  return (
    <Stack spacing={2.5} sx={{ mt: 2.5 }}>
      <Divider>
        <Typography variant="body2" color="text.secondary">
          or
        </Typography>
      </Divider>
      <Button component="a" href="/api/auth/oidc/start" variant="outlined" size="large" fullWidth>
        Sign in with {name}
      </Button>
    </Stack>
  );
}

/**
 * SPEC §2 "Login": the ways this server offers to sign in, as tabs. With a hub, Hub is the default tab and
 * local accounts ("Sign in", e.g. the superuser's) sit beside it; without one, "Sign in" stands in its place
 * and Demo is the default whenever the demo family is on, so a newcomer lands on it; "Create a family" when
 * the server allows registration. An OpenID provider adds its button to the first tab; its callback comes
 * back here with ?error=… when the sign-in could not finish, ?waiting=… when it became a request to join that
 * waits for approval (an info notice, not an error; the hub's sign-ins show the same).
 */
export default function LoginPage() {
  usePageTitle('Login');
  const { me, loading, signIn } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const providersQuery = useProviders();
  const providers = providersQuery.data ?? (providersQuery.isError ? NO_PROVIDERS : undefined);
  const demo = useDemoAccounts(Boolean(providers?.demo));
  const [chosen, setChosen] = useState<TabKey | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [signInValues, setSignInValues] = useState<Credentials>(EMPTY);
  const [demoValues, setDemoValues] = useState<Credentials>(EMPTY);
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const returnedError = typeof search.error === 'string' && search.error.trim() ? search.error : null;
  // A sign-in that became a request to join waits for a parent: told so calmly, not as a failure.
  const [waitingNow, setWaiting] = useState<string | null>(null);
  const waiting = waitingNow ?? (typeof search.waiting === 'string' && search.waiting.trim() ? search.waiting : null);

  if (me) return <Navigate to="/dashboard" replace />;
  if (loading && !busy) return <LoadingScreen />;

  const tabs: TabKey[] = providers
    ? [...(providers.hub ? (['hub', 'signin'] as const) : (['signin'] as const)), ...(providers.demo ? (['demo'] as const) : []), ...(providers.registration ? (['register'] as const) : [])]
    : [];
  const tab: TabKey | undefined = chosen && tabs.includes(chosen) ? chosen : tabs.includes('hub') ? 'hub' : tabs.includes('demo') ? 'demo' : tabs[0];
  const oidc = providers?.oidc ? <OidcButton name={providers.oidcName || 'OpenID'} /> : null;

  /** After any successful sign-in or registration: the session, a welcome, the dashboard (SPEC §2, §8). */
  const enter = async (result: SignedIn, welcome: { title: string; description?: string }) => {
    await signIn(result.token);
    toast(welcome);
    await navigate({ to: '/dashboard' });
  };

  const signInWith = async (kind: 'signin' | 'demo', { username, password }: Credentials) => {
    if (busy) return;
    setBusy(kind);
    try {
      const result = await login(username, password);
      await enter(result, { title: `Welcome back, ${result.user.name}!`, description: 'Here is what is happening in your family today.' });
    } catch (error) {
      // SPEC §8: the server's words (wrong password, too many attempts), else the catalogue's fallback.
      toast({ title: 'Login Failed', description: failureMessage(error, 'Please check your username and password'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const pickDemoAccount = (account: DemoAccount) => {
    const password = demo.data?.password ?? '';
    if (demoValues.username.toLowerCase() === account.username.toLowerCase() && demoValues.password === password) {
      void signInWith('demo', { username: account.username, password });
    } else {
      setDemoValues({ username: account.username, password });
    }
  };

  const tabbed = tabs.length > 1;
  const panel = (key: TabKey) => {
    switch (key) {
      case 'signin':
        return (
          <Panel id="signin" tabbed={tabbed} title="Sign in to your family" intro="Use the username and password of your FamilyOS account.">
            <CredentialsForm
              id="signin"
              values={signInValues}
              onChange={setSignInValues}
              disabled={busy !== null}
              submitting={busy === 'signin'}
              submitLabel="Sign in"
              submittingLabel="Signing in..."
              onSubmit={(values) => void signInWith('signin', values)}
            />
            {!providers?.hub && oidc}
          </Panel>
        );
      case 'hub':
        return (
          <Panel id="hub" tabbed={tabbed} title="Sign in with Hub" intro="Use the account you already have on your family's Hub.">
            <Suspense fallback={<Skeleton variant="rounded" height={236} />}>
              <HubSignIn
                hubUrl={providers?.hubUrl ?? null}
                hubServiceId={providers?.hubServiceId ?? null}
                disabled={busy !== null}
                busy={busy === 'sso' || busy === 'hub' ? busy : null}
                onBusy={setBusy}
                onWaiting={setWaiting}
                onSignedIn={(result) => enter(result, { title: `Welcome back, ${result.user.name}!`, description: 'Here is what is happening in your family today.' })}
              />
            </Suspense>
            {oidc}
          </Panel>
        );
      case 'demo':
        return (
          <Panel id="demo" tabbed={tabbed} title="Try the demo family" intro="Look around as a parent or a child of The Demo Family. Pick an account to fill in the form, then press Demo Login.">
            <Stack spacing={2.5}>
              <Suspense fallback={<DemoAccountsLoading />}>
                <DemoAccountList
                  data={demo.data}
                  loading={demo.isPending}
                  selected={demoValues.username || null}
                  disabled={busy !== null}
                  onPick={pickDemoAccount}
                />
              </Suspense>
              <CredentialsForm
                id="demo"
                values={demoValues}
                onChange={setDemoValues}
                disabled={busy !== null}
                submitting={busy === 'demo'}
                submitLabel="Demo Login"
                submittingLabel="Logging in..."
                onSubmit={(values) => void signInWith('demo', values)}
              />
            </Stack>
          </Panel>
        );
      case 'register':
        return (
          <Panel id="register" tabbed={tabbed} title="Create a family" intro="Start a new family and become its first parent. You can add everyone else afterwards.">
            <Suspense fallback={<Skeleton variant="rounded" height={400} />}>
              <RegisterForm
                disabled={busy !== null}
                submitting={busy === 'register'}
                onBusy={(on) => setBusy(on ? 'register' : null)}
                onRegistered={(result, familyName) =>
                  enter(result, { title: `Welcome to FamilyOS, ${result.user.name}!`, description: `${familyName} is ready. Add your family members to get started.` })
                }
              />
            </Suspense>
          </Panel>
        );
    }
  };

  return (
    <AuthLayout centreFrom="md">
      <Box
        sx={{
          width: '100%',
          maxWidth: { xs: 480, md: 980 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 460px' },
          gap: { xs: 2.5, md: 8 },
          alignItems: 'center',
        }}
      >
        <Box component="header" sx={{ textAlign: { xs: 'center', md: 'left' } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '3rem' } }}>
            <span aria-hidden>🏠</span> FamilyOS
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 440, mx: { xs: 'auto', md: 0 }, fontSize: { md: '1.2rem' } }}>
            Chores and rewards for the whole family: children earn Family Points for their tasks and spend them on rewards.
          </Typography>
          <Box component="ul" sx={{ display: { xs: 'none', md: 'grid' }, gap: 1.5, listStyle: 'none', p: 0, mt: 4, mb: 0 }}>
            {FEATURES.map(([emoji, text]) => (
              <Typography component="li" key={text} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                <Box component="span" aria-hidden sx={{ fontSize: 24, width: 32, textAlign: 'center' }}>
                  {emoji}
                </Box>
                {text}
              </Typography>
            ))}
          </Box>
        </Box>

        <Card sx={{ boxShadow: '0 8px 32px rgba(20, 30, 60, 0.08)' }}>
          {returnedError && !waiting && (
            <Alert severity="error" sx={{ borderRadius: 0 }} data-testid="login-error">
              {returnedError}
            </Alert>
          )}
          {waiting && (
            <Alert severity="info" icon={<span aria-hidden>⏳</span>} sx={{ borderRadius: 0 }} data-testid="login-waiting" role="status">
              <AlertTitle>Waiting for approval</AlertTitle>
              {waiting} You can sign in here once it is approved.
            </Alert>
          )}
          {providers && tab ? (
            <>
              {tabbed && (
                <Tabs
                  value={tab}
                  onChange={(_e, value: TabKey) => setChosen(value)}
                  aria-label="Ways to sign in"
                  sx={{ borderBottom: 1, borderColor: 'divider' }}
                >
                  {tabs.map((key) => (
                    <Tab
                      key={key}
                      value={key}
                      label={TAB_LABEL[key]}
                      id={`login-tab-${key}`}
                      aria-controls={`login-panel-${key}`}
                      sx={{ flex: '1 1 auto', px: 1.5, fontWeight: 600, textTransform: 'none' }}
                    />
                  ))}
                </Tabs>
              )}
              <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>{panel(tab)}</CardContent>
            </>
          ) : (
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }} role="status" aria-label="Loading the ways to sign in">
              <Skeleton variant="rounded" height={40} sx={{ mb: 3 }} />
              <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
              <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
              <Skeleton variant="rounded" height={44} />
            </CardContent>
          )}
        </Card>
      </Box>
    </AuthLayout>
  );
}
