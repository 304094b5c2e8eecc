import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { DEFAULT_REWARDS, messages, fp } from '@familyos/contracts/rules';
import { ApiError, failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useOneSubmission } from '../../lib/submission';
import type { ChildStanding, Family, Me, Redemption } from '../../lib/types';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard, listSx } from '../../components/SectionCard';
import { SoftChip } from '../../components/SoftChip';
import { ago } from '../../lib/dates';
import { useFamily } from '../../api/family';
import { useRedemptions, useRequestRedemption } from '../../api/redemptions';
import { useStanding } from '../../api/standings';

type Reward = Family['rewards'][number];

/** SPEC §3: the catalogue's description when the reward's name is one of the defaults, else none. */
const descriptionOf = (name: string) => DEFAULT_REWARDS.find((r) => r.name === name)?.description;

/**
 * SPEC §2 "Redemption Center (children)": a card per reward of the family. What a child may spend is the
 * server's `available` (the balance less the pending requests, decision 028): the request button is disabled
 * and reads "Not Enough Points" when it is missing or lower than the cost, and "FP to go" counts from it.
 */
export function RedemptionCenter({ me }: { me: Me }) {
  const family = useFamily();
  const standing = useStanding(me.id).data ?? undefined;
  const rewards = family.data?.rewards ?? [];
  const headingId = 'redemption-center-heading';

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="redemption-center">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5} sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          <Box component="span" aria-hidden sx={{ mr: 1 }}>
            🎁
          </Box>
          Redemption Center
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="available-points">
          {!standing ? 'Checking your points…' : `You have ${fp(standing.spendable)} to spend`}
          {/* Below zero after a deduction: points to earn back first, never "-1 FP to spend". */}
          {standing && standing.available < 0 ? ` (${fp(-standing.available)} to earn back first)` : ''}
          {/* The server keeps points for pending requests aside (409 "You need … FP"): say so before the child is surprised. */}
          {standing && standing.pending > 0 ? ` (${fp(standing.balance)} balance, ${fp(standing.pending)} set aside for pending requests)` : ''}
        </Typography>
      </Stack>
      {family.isPending ? (
        <Box sx={rewardGrid}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={190} />
          ))}
        </Box>
      ) : rewards.length === 0 ? (
        <Card>
          <CardContent>
            <EmptyState emoji="🎁">No rewards yet. Ask a parent to add some in Family Settings!</EmptyState>
          </CardContent>
        </Card>
      ) : (
        <Box component="ul" sx={{ ...rewardGrid, listStyle: 'none', p: 0, m: 0 }}>
          {rewards.map((reward) => (
            <Box component="li" key={reward.name} sx={{ display: 'flex' }}>
              <RewardCard reward={reward} standing={standing} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

const rewardGrid = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

function RewardCard({ reward, standing }: { reward: Reward; standing: ChildStanding | undefined }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  // What the child has to spend (never below zero): "FP to go" and the refusal's words count from it.
  const available = standing?.spendable;
  const affordable = available !== undefined && available >= reward.cost;
  const description = descriptionOf(reward.name);

  function redeem() {
    if (!affordable) {
      toast({ title: 'Not Enough Points', description: messages.needMorePoints(reward.cost, available ?? 0), variant: 'destructive' });
      return;
    }
    setConfirming(true);
  }

  return (
    <Card data-testid="reward-card" sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75, p: { xs: 1.5, sm: 2 } }}>
        <Typography component="div" aria-hidden sx={{ fontSize: { xs: 34, sm: 40 }, lineHeight: 1.1 }}>
          {reward.emoji}
        </Typography>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
          {reward.name}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5, rowGap: 0.5 }}>
          <SoftChip label={fp(reward.cost)} tone="secondary" />
          {available !== undefined && !affordable && (
            <Typography variant="caption" color="text.secondary" data-testid="fp-to-go">
              {reward.cost - available} FP to go
            </Typography>
          )}
        </Stack>
      </CardContent>
      <Box sx={{ px: { xs: 1.5, sm: 2 }, pb: { xs: 1.5, sm: 2 } }}>
        <Button
          fullWidth
          variant="contained"
          disabled={!affordable || confirming}
          onClick={redeem}
          aria-haspopup="dialog"
          aria-label={affordable ? `Redeem ${reward.name} for ${reward.cost} FP` : `Not Enough Points for ${reward.name}`}
        >
          {!affordable ? 'Not Enough Points' : 'Redeem'}
        </Button>
      </Box>
      <Dialog
        open={confirming}
        // Only Cancel or Escape close it: the second tap of a double tap on Redeem lands on the backdrop.
        onClose={(_event, reason) => reason !== 'backdropClick' && setConfirming(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby={titleId}
      >
        {confirming && available !== undefined && <RedeemConfirm reward={reward} available={available} titleId={titleId} onClose={() => setConfirming(false)} />}
      </Dialog>
    </Card>
  );
}

/**
 * The one request a child means when asking for a reward (issue 26): mounted each time it opens, so its
 * Idempotency-Key belongs to this request, and a second tap, before or after the answer, makes nothing more.
 */
function RedeemConfirm({ reward, available, titleId, onClose }: { reward: Reward; available: number; titleId: string; onClose: () => void }) {
  const request = useRequestRedemption();
  const toast = useToast();
  const [sent, setSent] = useState(false);

  async function redeem() {
    try {
      await request.mutateAsync({ option: reward.name, cost: reward.cost });
      setSent(true);
      toast({ title: 'Redemption Requested!', description: 'Your redemption request has been sent to your parents for approval!' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast({ title: 'Not Enough Points', description: failureMessage(error, messages.needMorePoints(reward.cost, available)), variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: failureMessage(error, 'Failed to submit redemption request. Please try again.'), variant: 'destructive' });
      }
    }
  }

  const onRedeem = useOneSubmission(redeem);
  const busy = request.isPending || sent;
  return (
    <>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        <Box component="span" aria-hidden sx={{ mr: 1 }}>
          {reward.emoji}
        </Box>
        Redeem {reward.name}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ color: 'text.primary' }}>
          {fp(reward.cost)} are set aside until a parent says yes; you have {fp(available - reward.cost)} left to spend meanwhile.
        </DialogContentText>
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onRedeem()} disabled={busy} autoFocus>
          {busy ? 'Requesting...' : 'Redeem'}
        </Button>
      </DialogActions>
    </>
  );
}

/** SPEC §2: the child's own pending redemption requests. */
export function PendingRequestsCard() {
  const redemptions = useRedemptions();
  const pending = (redemptions.data ?? []).filter((r: Redemption) => r.status === 'pending');
  return (
    <SectionCard title="Pending Requests" emoji="⏳" count={pending.length} testId="pending-requests">
      {redemptions.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : pending.length === 0 ? (
        <EmptyState emoji="🛍️">No pending requests. Pick a reward when you have enough points!</EmptyState>
      ) : (
        <List disablePadding sx={listSx}>
          {pending.map((r) => (
            <ListItem key={r.id} disableGutters divider secondaryAction={<SoftChip label="Pending" tone="warning" />}>
              <ListItemAvatar>
                <Avatar sx={{ bgcolor: 'action.selected', fontSize: 22 }} alt="">
                  {r.emoji || '🎁'}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={r.option}
                secondary={`${r.cost} FP · requested ${ago(r.requestedAt)}`}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                sx={{ pr: 9 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
