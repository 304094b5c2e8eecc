import { Box, Typography } from '@mui/material';

export interface Stat {
  label: string;
  emoji: string;
  /** undefined while loading: shown as an ellipsis. */
  value: number | undefined;
}

/** The side-stat tiles of Settings and the Admin panel: a definition list, the number above its label. */
export function StatTiles({ stats }: { stats: Stat[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: `repeat(${stats.length === 4 ? 2 : stats.length}, minmax(0, 1fr))`, gap: 1 }}>
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
  );
}
