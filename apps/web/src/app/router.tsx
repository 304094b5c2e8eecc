import { createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { meQuery, useSession } from '../lib/session';
import { LoadingScreen } from '../components/LoadingScreen';
import { NoFamilyNotice } from '../components/NoFamilyNotice';
import { NotAnsweringScreen } from '../components/NotAnsweringScreen';
import { NotFoundPage } from './layout/NotFoundPage';
import { queryClient } from './query-client';

const loadLoginPage = () => import('../features/auth/LoginPage');
const LoginPage = lazy(loadLoginPage);
// The signed-in frame (header, menu, balance, date pickers' provider) is not needed to sign in (decision 018).
const loadSignedInShell = () => import('./layout/SignedInShell');
const SignedInShell = lazy(loadSignedInShell);
const loadDashboardPage = () => import('./routes/dashboard');
const DashboardPage = lazy(loadDashboardPage);
/** The dashboard's chunk and, once the session is known, its data: both start while the address is matched. */
const preloadDashboard = () =>
  // A check that fails (no network) leaves the guard to say so; the page's chunk still loads.
  Promise.all([loadDashboardPage(), queryClient.ensureQueryData(meQuery).catch(() => null)]).then(([module, me]) => {
    if (me?.familyId) module.prefetchDashboard(queryClient, me);
  });
const TasksPage = lazy(() => import('./routes/tasks'));
const ActivityPage = lazy(() => import('../features/activity/ActivityPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const UserProfilePage = lazy(() => import('../features/profile/UserProfilePage'));
const TutorialPage = lazy(() => import('../features/tutorial/TutorialPage'));
const AnnouncementsPage = lazy(() => import('../features/announcements/AnnouncementsPage'));
const CalendarPage = lazy(() => import('../features/calendar/CalendarPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const AuthCallbackPage = lazy(() => import('../features/auth/AuthCallbackPage'));
const SystemAdminPage = lazy(() => import('../features/system-admin/SystemAdminPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const JoinPage = lazy(() => import('../features/join/JoinPage'));
const SetPasswordPage = lazy(() => import('../features/set-password/SetPasswordPage'));
const ConfirmEmailPage = lazy(() => import('../features/confirm-email/ConfirmEmailPage'));

const page = (Component: React.ComponentType) =>
  function Page() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Component />
      </Suspense>
    );
  };

interface FamilyOnly {
  emoji: string;
  title: string;
  /** What the page is for, said to a member who has no family to show it of. */
  about: string;
}

/**
 * A page that shows a family's data. A member of no family (the platform's superuser) gets the page's notice
 * instead: its calls would only answer 404 "Family not found" (decision 032).
 */
const familyPage = (Component: React.ComponentType, notice: FamilyOnly) => {
  const Page = page(Component);
  return function FamilyPage() {
    const { me } = useSession();
    return me && me.familyId === null ? <NoFamilyNotice {...notice} /> : <Page />;
  };
};

const FAMILY_ONLY = {
  dashboard: { emoji: '🏠', title: 'Dashboard', about: "The dashboard shows a family's tasks, points, plans and news." },
  tasks: { emoji: '📋', title: 'Tasks', about: 'Tasks are set, done and approved within a family.' },
  activity: { emoji: '📊', title: 'Activity', about: "Activity is a family's balances and points history." },
  member: { emoji: '👤', title: 'Member Profile', about: 'Member profiles show the members of a family.' },
  announcements: { emoji: '📢', title: 'Announcements', about: "Announcements are a family's news and replies." },
  calendar: { emoji: '📅', title: 'Calendar', about: "The calendar holds a family's plans." },
  reports: { emoji: '📊', title: 'Reports', about: "Weekly reports sum up a family's week." },
  settings: { emoji: '⚙️', title: 'Settings', about: "Settings are a family's name, schedule, points, templates and rewards." },
  admin: { emoji: '🛡️', title: 'Admin Panel', about: "The admin panel manages a family's members, invite links and requests to join." },
} satisfies Record<string, FamilyOnly>;

/**
 * The router fetches a route component's `preload` while it matches the address, so the chunk of the page
 * being opened loads alongside the entry's own work (the session check) instead of after it (decision 018).
 */
const preloading = <T extends React.ComponentType>(Component: T, load: () => Promise<unknown>) =>
  Object.assign(Component, { preload: () => load().then(() => undefined) });

const LoginScreen = preloading(page(LoginPage), loadLoginPage);

/**
 * SPEC §2's guard: a loading screen while the session loads, the login screen when signed out (the server said
 * 401), and a notice when the session check got no answer at all (issue 26).
 */
function SignedInArea() {
  const { me, loading, unanswered } = useSession();
  if (loading) return <LoadingScreen />;
  if (unanswered) return <NotAnsweringScreen />;
  if (!me) return <LoginScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInShell />
    </Suspense>
  );
}

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage });
const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginScreen });
const callbackRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth/callback', component: page(AuthCallbackPage) });
const inviteRoute = createRoute({ getParentRoute: () => rootRoute, path: '/invite/$inviteToken', component: page(JoinPage) });
/** A one-time sign-in link (decision 029): public, like the invite page. */
const setPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/set-password/$token', component: page(SetPasswordPage) });
/** The link a confirmation mail carries (decision 043): public, the token alone confirms the address. */
const confirmEmailRoute = createRoute({ getParentRoute: () => rootRoute, path: '/confirm-email/$token', component: page(ConfirmEmailPage) });
const signedIn = createRoute({ getParentRoute: () => rootRoute, id: 'signed-in', component: preloading(SignedInArea, loadSignedInShell) });

const Dashboard = preloading(familyPage(DashboardPage, FAMILY_ONLY.dashboard), preloadDashboard);

const routeTree = rootRoute.addChildren([
  loginRoute,
  callbackRoute,
  inviteRoute,
  setPasswordRoute,
  confirmEmailRoute,
  signedIn.addChildren([
    createRoute({ getParentRoute: () => signedIn, path: '/', component: Dashboard }),
    createRoute({ getParentRoute: () => signedIn, path: '/dashboard', component: Dashboard }),
    createRoute({ getParentRoute: () => signedIn, path: '/tasks', component: familyPage(TasksPage, FAMILY_ONLY.tasks) }),
    createRoute({ getParentRoute: () => signedIn, path: '/activity', component: familyPage(ActivityPage, FAMILY_ONLY.activity) }),
    createRoute({ getParentRoute: () => signedIn, path: '/profile', component: page(ProfilePage) }),
    createRoute({ getParentRoute: () => signedIn, path: '/user/$userId', component: familyPage(UserProfilePage, FAMILY_ONLY.member) }),
    createRoute({ getParentRoute: () => signedIn, path: '/announcements', component: familyPage(AnnouncementsPage, FAMILY_ONLY.announcements) }),
    createRoute({ getParentRoute: () => signedIn, path: '/calendar', component: familyPage(CalendarPage, FAMILY_ONLY.calendar) }),
    createRoute({ getParentRoute: () => signedIn, path: '/reports', component: familyPage(ReportsPage, FAMILY_ONLY.reports) }),
    createRoute({ getParentRoute: () => signedIn, path: '/tutorial', component: page(TutorialPage) }),
    createRoute({ getParentRoute: () => signedIn, path: '/settings', component: familyPage(SettingsPage, FAMILY_ONLY.settings) }),
    createRoute({ getParentRoute: () => signedIn, path: '/admin', component: familyPage(AdminPage, FAMILY_ONLY.admin) }),
    createRoute({ getParentRoute: () => signedIn, path: '/admin/system', component: page(SystemAdminPage) }),
  ]),
]);

export const router = createRouter({ routeTree, defaultNotFoundComponent: NotFoundPage });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
