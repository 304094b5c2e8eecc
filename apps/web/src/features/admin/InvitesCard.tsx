import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { failureMessage } from '../../lib/api';
import { ROLE_LABEL } from '../../lib/types';
import { useToast } from '../../lib/toast';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard } from '../../components/SectionCard';
import { SoftChip } from '../../components/SoftChip';
import { inviteLink, useDeactivateInvite, type FamilyInvite, type InviteStatus } from './api';
import { InviteDialog } from './InviteDialog';
import { useCopyLink } from './useCopyLink';

const STATUS: Record<InviteStatus, { label: string; tone: 'success' | 'default' | 'warning' | 'error' }> = {
  active: { label: 'Active', tone: 'success' },
  deactivated: { label: 'Deactivated', tone: 'default' },
  expired: { label: 'Expired', tone: 'warning' },
  used_up: { label: 'Used up', tone: 'error' },
};

/** SPEC §2: the family's invite links with Copy, and Deactivate for active ones (SPEC §4); a dialog creates more. */
export function InvitesCard({ invites }: { invites: { data?: FamilyInvite[]; isPending: boolean; isError: boolean } }) {
  const [creating, setCreating] = useState(false);
  const list = invites.data ?? [];
  return (
    <SectionCard
      title="Family Invite Links"
      emoji="🔗"
      testId="admin-invites"
      action={
        <Button variant="contained" size="small" onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          Create Invite
        </Button>
      }
    >
      {invites.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : invites.isError ? (
        <Alert severity="error">Could not load the invite links. Please refresh the page to try again.</Alert>
      ) : list.length === 0 ? (
        <EmptyState emoji="✉️">No invite links yet. Create one to let a child or a manager join with their own account.</EmptyState>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {list.map((invite) => (
            <InviteRow key={invite.id} invite={invite} />
          ))}
        </Box>
      )}
      <InviteDialog open={creating} onClose={() => setCreating(false)} />
    </SectionCard>
  );
}

function expiryText(expiresAt: string | null): string {
  if (!expiresAt) return 'Never expires';
  const at = DateTime.fromISO(expiresAt);
  if (!at.isValid) return 'Never expires';
  return `${at < DateTime.now() ? 'Expired' : 'Expires'} ${at.toLocaleString(DateTime.DATETIME_MED)}`;
}

function InviteRow({ invite }: { invite: FamilyInvite }) {
  const deactivate = useDeactivateInvite();
  const toast = useToast();
  const copy = useCopyLink();
  const status = STATUS[invite.status] ?? STATUS.deactivated;
  const label = `${ROLE_LABEL[invite.role]} invite, ${invite.currentUses} of ${invite.maxUses} uses`;

  const runDeactivate = async () => {
    try {
      await deactivate.mutateAsync(invite.id);
      toast({ title: 'Invite Deactivated', description: 'The link no longer lets anyone join.' });
    } catch (error) {
      toast({ title: 'Action Failed', description: failureMessage(error, 'Failed to deactivate invite'), variant: 'destructive' });
    }
  };

  return (
    <Stack
      component="li"
      aria-label={label}
      data-testid="invite-row"
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 1, p: 1.5, borderRadius: 2, bgcolor: 'action.hover', alignItems: { sm: 'center' } }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }}>{ROLE_LABEL[invite.role]}</Typography>
          <SoftChip label={status.label} tone={status.tone} testId="invite-status" />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="invite-uses">
          {invite.currentUses}/{invite.maxUses} uses · {expiryText(invite.expiresAt)}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
        <Button size="small" variant="outlined" onClick={() => void copy(inviteLink(invite.inviteToken))} aria-label={`Copy link: ${label}`}>
          Copy
        </Button>
        {invite.status === 'active' && (
          <Button size="small" color="error" variant="outlined" onClick={() => void runDeactivate()} disabled={deactivate.isPending} aria-label={`Deactivate: ${label}`}>
            Deactivate
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
