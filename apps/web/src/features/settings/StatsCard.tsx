import { SectionCard } from '../../components/SectionCard';
import { StatTiles } from '../../components/StatTiles';
import type { User } from '../../lib/types';

/** SPEC §2 side stats: how many children, admins (admin and superuser) and reward options the family has. */
export function StatsCard({ users, rewardCount }: { users: User[] | undefined; rewardCount: number }) {
  return (
    <SectionCard title="At a Glance" emoji="📈" testId="settings-stats">
      <StatTiles
        stats={[
          { label: 'Children', emoji: '🧒', value: users?.filter((u) => u.role === 'child').length },
          { label: 'Admins', emoji: '👑', value: users?.filter((u) => u.role === 'admin' || u.role === 'superuser').length },
          { label: 'Rewards', emoji: '🎁', value: rewardCount },
        ]}
      />
    </SectionCard>
  );
}
