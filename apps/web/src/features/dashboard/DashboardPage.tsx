import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../auth/session';
import { useDashboardReady, useRefreshOnOpen } from './api';
import { ChildDashboard } from './ChildDashboard';
import { ParentDashboard } from './ParentDashboard';

export { prefetchDashboard } from './api';

/** SPEC §2 Dashboard: the child view for a member with a balance, the parent view for everyone else. */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useMe();
  useRefreshOnOpen();
  const ready = useDashboardReady(me);
  return me.abilities.hasBalance ? <ChildDashboard me={me} ready={ready} /> : <ParentDashboard me={me} ready={ready} />;
}
