import { Box, Typography } from '@mui/material';
import type { User } from '../../lib/types';
import { SectionCard } from '../dashboard/parts';

/** SPEC §2 Admin side stats: Children, Parents (admin, superuser), Managers, Pending Approval. */
export function AdminStatsCard({ users, pendingCount }: { users: User[] | undefined; pendingCount: number | undefined }) {
  const stats = [
    { label: 'Children', emoji: '🧒', value: users?.filter((u) => u.role === 'child').length },
    { label: 'Parents', emoji: '👑', value: users?.filter((u) => u.role === 'admin' || u.role === 'superuser').length },
    { label: 'Managers', emoji: '🧑‍🤝‍🧑', value: users?.filter((u) => u.role === 'manager').length },
    { label: 'Pending Approval', emoji: '⏳', value: pendingCount },
  ];
  return (
    <SectionCard title="At a Glance" emoji="📈" testId="admin-stats">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        {stats.map((s) => (
          <Box
            key={s.label}
            data-testid={`stat-${s.label.toLowerCase().replace(/ /g, '-')}`}
            sx={{ textAlign: 'center', p: 1.25, borderRadius: 2, bgcolor: 'action.hover', display: 'flex', flexDirection: 'column-reverse' }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              <Box component="span" aria-hidden sx={{ display: 'block', fontSize: 18, lineHeight: 1.3 }}>
                {s.emoji}
              </Box>
              {s.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: 26, fontWeight: 800, lineHeight: 1.2 }}>
              {s.value ?? '…'}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
