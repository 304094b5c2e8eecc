import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../auth/session';
import { useRefreshOnOpen } from './api';
import { ChildDashboard } from './ChildDashboard';
import { ParentDashboard } from './ParentDashboard';

/** SPEC §2 Dashboard: the child view for a member with a balance, the parent view for everyone else. */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useMe();
  useRefreshOnOpen();
  return me.abilities.hasBalance ? <ChildDashboard me={me} /> : <ParentDashboard me={me} />;
}
