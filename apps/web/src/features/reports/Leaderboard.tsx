import { fp } from '@familyos/contracts/rules';
import { Box, List, ListItem, Typography } from '@mui/material';
import { UserAvatar } from '../../components/UserAvatar';
import type { LeaderboardEntry } from '../../lib/types';
import { MEDALS } from './format';

/** SPEC §2, §9: the children by this week's points, medals for the top 3; places are the server's (ties share one). */
export function Leaderboard({ rows, meId }: { rows: LeaderboardEntry[]; meId: string }) {
  return (
    <List disablePadding aria-label="Leaderboard">
      {rows.map((row) => {
        const medal = row.weekRank <= 3 ? MEDALS[row.weekRank - 1] : null;
        return (
          <ListItem
            key={row.userId}
            disableGutters
            divider
            data-testid="leaderboard-row"
            sx={{ gap: 1.5, py: 1, bgcolor: row.userId === meId ? 'action.selected' : undefined, borderRadius: 1, px: 1 }}
          >
            <Box role="img" aria-label={`Rank ${row.weekRank}`} sx={{ width: 36, textAlign: 'center', fontSize: medal ? 24 : 16, fontWeight: 700 }}>
              {medal ?? `#${row.weekRank}`}
            </Box>
            <UserAvatar user={{ id: row.userId, username: row.username, name: row.name, avatar: row.avatar }} size={36} />
            <Typography sx={{ flex: 1, fontWeight: 600 }}>
              {row.name}
              {row.userId === meId ? ' (you)' : ''}
            </Typography>
            <Typography sx={{ fontWeight: 800 }}>{fp(row.thisWeek)}</Typography>
          </ListItem>
        );
      })}
    </List>
  );
}
