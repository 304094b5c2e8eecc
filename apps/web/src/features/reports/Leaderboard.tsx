import { fp } from '@familyos/contracts/rules';
import { Box, List, ListItem, Typography } from '@mui/material';
import { UserAvatar } from '../../components/UserAvatar';
import type { WeeklyReport } from '../../lib/types';
import { MEDALS } from './format';

/** SPEC §2: the children ranked by the week's total, medals for the top 3 (ties share a rank). */
export function Leaderboard({ report, usernames, meId }: { report: WeeklyReport; usernames: Map<string, string>; meId: string }) {
  return (
    <List disablePadding aria-label="Leaderboard">
      {report.leaderboard.map((row) => {
        const medal = row.rank <= 3 ? MEDALS[row.rank - 1] : null;
        return (
          <ListItem
            key={row.userId}
            disableGutters
            divider
            data-testid="leaderboard-row"
            sx={{ gap: 1.5, py: 1, bgcolor: row.userId === meId ? 'action.selected' : undefined, borderRadius: 1, px: 1 }}
          >
            <Box role="img" aria-label={`Rank ${row.rank}`} sx={{ width: 36, textAlign: 'center', fontSize: medal ? 24 : 16, fontWeight: 700 }}>
              {medal ?? `#${row.rank}`}
            </Box>
            <UserAvatar user={{ id: row.userId, username: usernames.get(row.userId) ?? row.userId, name: row.name, avatar: row.avatar }} size={36} />
            <Typography sx={{ flex: 1, fontWeight: 600 }}>
              {row.name}
              {row.userId === meId ? ' (you)' : ''}
            </Typography>
            <Typography sx={{ fontWeight: 800 }}>{fp(row.weeklyTotal)}</Typography>
          </ListItem>
        );
      })}
    </List>
  );
}
