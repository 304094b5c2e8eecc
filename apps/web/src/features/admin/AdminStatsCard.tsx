import type { User } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { StatTiles } from '../../components/StatTiles';

/** SPEC §2 Admin side stats: Children, Parents (admin, superuser), Managers, Pending Approval. */
export function AdminStatsCard({ users, pendingCount }: { users: User[] | undefined; pendingCount: number | undefined }) {
  return (
    <SectionCard title="At a Glance" emoji="📈" testId="admin-stats">
      <StatTiles
        stats={[
          { label: 'Children', emoji: '🧒', value: users?.filter((u) => u.role === 'child').length },
          { label: 'Parents', emoji: '👑', value: users?.filter((u) => u.role === 'admin' || u.role === 'superuser').length },
          { label: 'Managers', emoji: '🧑‍🤝‍🧑', value: users?.filter((u) => u.role === 'manager').length },
          { label: 'Pending Approval', emoji: '⏳', value: pendingCount },
        ]}
      />
    </SectionCard>
  );
}
