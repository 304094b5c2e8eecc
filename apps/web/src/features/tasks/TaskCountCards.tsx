import { Box, ButtonBase, Card, Typography } from '@mui/material';
import type { StatusFilter } from '../../lib/task-model';
import { STATUS_EMOJI, STATUS_LABEL, TASK_STATUS_ORDER } from '../../lib/task-model';

type Counts = Record<'total' | 'pending' | 'submitted' | 'approved' | 'rejected' | 'reversed' | 'missed' | 'skipped' | 'taken', number>;

/** Statuses most families rarely have: a card only once a task has one (or it is the filter). */
const OCCASIONAL: readonly StatusFilter[] = ['reversed', 'missed', 'skipped', 'taken'];

const CARDS: { key: 'total' | StatusFilter; label: string; emoji: string; filter: StatusFilter }[] = [
  { key: 'total', label: 'Total', emoji: '📋', filter: 'all' },
  ...TASK_STATUS_ORDER.map((s) => ({ key: s, label: STATUS_LABEL[s], emoji: STATUS_EMOJI[s], filter: s })),
];

/**
 * SPEC §2's count cards; a click filters the list to that status (Total shows all). Reversed tasks count in
 * Total, and get a card of their own once there is one (decision 027); so do a chore's missed and skipped ones,
 * and, for a child, the shared tasks a sibling took (decision 047): every task is in Total and in one card.
 */
export function TaskCountCards({ counts, filter, onFilter }: { counts: Counts; filter: StatusFilter; onFilter: (f: StatusFilter) => void }) {
  const cards = CARDS.filter((card) => !OCCASIONAL.includes(card.key as StatusFilter) || counts[card.key as keyof Counts] > 0 || filter === card.key);
  return (
    <Box
      component="ul"
      aria-label="Task counts"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1, sm: 1.5 },
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${cards.length}, 1fr)` },
        '& > li:first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
      }}
    >
      {cards.map((card) => {
        const selected = filter === card.filter;
        const count = card.key === 'total' ? counts.total : counts[card.key as keyof Counts];
        return (
          <li key={card.key}>
            <Card
              sx={{
                height: '100%',
                borderColor: selected ? 'primary.main' : 'divider',
                borderWidth: selected ? 2 : 1,
                bgcolor: selected ? 'action.selected' : 'background.paper',
              }}
            >
              <ButtonBase
                onClick={() => onFilter(card.filter)}
                aria-pressed={selected}
                aria-label={`${card.label}: ${count}${card.filter === 'all' ? ', show all tasks' : `, show ${card.label.toLowerCase()} tasks`}`}
                data-testid={`count-${card.key}`}
                sx={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 1.5, px: 2, py: { xs: 1.25, sm: 1.75 }, textAlign: 'left' }}
              >
                <Box component="span" aria-hidden="true" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, lineHeight: 1 }}>
                  {card.emoji}
                </Box>
                <Box component="span" sx={{ minWidth: 0 }}>
                  <Typography component="span" sx={{ display: 'block', fontSize: { xs: '1.35rem', sm: '1.6rem' }, fontWeight: 800, lineHeight: 1.15 }}>
                    {count}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', fontWeight: 600 }}>
                    {card.label}
                  </Typography>
                </Box>
              </ButtonBase>
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
