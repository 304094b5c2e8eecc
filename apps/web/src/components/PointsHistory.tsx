import { Box, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { signedFp } from '@familyos/contracts/rules';
import { ago } from '../lib/dates';
import type { PointsEntry, User } from '../lib/types';
import { UserAvatar } from './UserAvatar';

/** SPEC §4: a points entry is Approved or Pending. */
export function ApprovalChip({ approved }: { approved: boolean }) {
  return approved ? (
    <Chip size="small" variant="outlined" color="success" label="Approved" sx={{ fontWeight: 600 }} />
  ) : (
    <Chip size="small" variant="outlined" label="⏳ Pending" sx={{ fontWeight: 600 }} />
  );
}

interface PointsHistoryProps {
  entries: PointsEntry[];
  /** The family's members, to name who received the points and who gave them. */
  users?: User[];
  /** Show the receiving member (the family-wide history). */
  showWho?: boolean;
  /** "Given by {name}" (Activity) or SPEC §2's "Given by parent" (member profile). */
  issuerNote?: 'name' | 'parent';
  /** The friendly sentence when there is nothing to show. */
  empty: string;
}

/**
 * A points history, newest first as the server answers it: who, reason, signed amount, status, time, issuer. The
 * pages read so far (decision 051); the screen puts its "Show more" under it.
 */
export function PointsHistory({ entries, users = [], showWho = false, issuerNote = 'name', empty }: PointsHistoryProps) {
  if (entries.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  }
  const byId = new Map(users.map((u) => [u.id, u]));
  return (
    <List disablePadding data-testid="points-history">
      {entries.map((entry, index) => {
        const who = byId.get(entry.userId);
        const issuer = entry.issuerId ? byId.get(entry.issuerId) : undefined;
        // A missed chore's deduction and a streak bonus are the chores' own doing (issuer 'system'), no parent's.
        const automatic = entry.source === 'missed' || entry.source === 'streakBonus';
        const given = automatic
          ? 'From repeating chores'
          : entry.issuerId
            ? issuerNote === 'parent'
              ? 'Given by parent'
              : `Given by ${issuer?.name ?? 'a parent'}`
            : null;
        const details = [showWho && who ? who.name : null, ago(entry.date), given].filter(Boolean).join(' · ');
        return (
          <ListItem key={entry.id} disableGutters divider={index < entries.length - 1} sx={{ gap: 1.5, alignItems: 'center', py: 1.25 }} data-testid="points-entry">
            {showWho && who && <UserAvatar user={who} size={36} />}
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{entry.reason}</Typography>
              <Typography variant="body2" color="text.secondary">
                {details}
              </Typography>
            </Box>
            <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
              <Typography sx={{ fontWeight: 800, color: entry.amount >= 0 ? 'success.main' : 'error.main', whiteSpace: 'nowrap' }}>
                {signedFp(entry.amount)}
              </Typography>
              <ApprovalChip approved={entry.approved} />
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
