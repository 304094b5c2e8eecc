import { Alert, Box, Button, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { MEMBER_ROLES } from '@familyos/contracts/rules';
import { useState } from 'react';
import { failureMessage } from '../../lib/api';
import { ROLE_LABEL } from '../../lib/types';
import { useToast } from '../../lib/toast';
import { ago } from '../../lib/dates';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard } from '../../components/SectionCard';
import { SoftChip } from '../../components/SoftChip';
import { useDecidePendingUser, type NewMember, type PendingUser } from './api';

const PROVIDER_LABEL: Record<PendingUser['provider'], string> = { hub: 'Hub', oidc: 'OpenID' };

/** SPEC §2: hub (and OpenID) sign-ins waiting to join this family; an admin approves with a role, or rejects. */
export function PendingRequestsCard({ pending }: { pending: { data?: PendingUser[]; isPending: boolean; isError: boolean } }) {
  const list = pending.data ?? [];
  return (
    <SectionCard title="Pending Access Requests" emoji="⏳" count={list.length} testId="admin-pending">
      {pending.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : pending.isError ? (
        <Alert severity="error">Could not load the pending requests. Please refresh the page to try again.</Alert>
      ) : list.length === 0 ? (
        <EmptyState emoji="✅">No one is waiting to join. New hub sign-ins that ask to join your family appear here.</EmptyState>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {list.map((p) => (
            <PendingRow key={p.id} request={p} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function PendingRow({ request }: { request: PendingUser }) {
  const decide = useDecidePendingUser();
  const toast = useToast();
  const [role, setRole] = useState<NewMember['role']>('child');
  const name = request.name.trim() || request.username;

  const run = async (approve: boolean) => {
    try {
      await decide.mutateAsync({ pendingUserId: request.id, approve, ...(approve ? { role } : {}) });
      toast({
        title: 'User Status Updated',
        description: approve ? `${name} joined the family as ${ROLE_LABEL[role].toLowerCase()}.` : `${name}'s request was rejected.`,
      });
    } catch (error) {
      toast({ title: 'Action Failed', description: failureMessage(error, 'Failed to update user status'), variant: 'destructive' });
    }
  };

  return (
    <Box component="li" aria-label={name} data-testid="pending-request" sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
        <SoftChip label={PROVIDER_LABEL[request.provider] ?? request.provider} tone="info" />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        @{request.username}
        {request.email ? ` · ${request.email}` : ''} · asked {ago(request.requestedAt)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1.5, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Join as"
          value={role}
          onChange={(e) => setRole(e.target.value as NewMember['role'])}
          sx={{ minWidth: 140 }}
          disabled={decide.isPending}
        >
          {MEMBER_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABEL[r]}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button variant="contained" color="success" onClick={() => void run(true)} disabled={decide.isPending} aria-label={`Approve ${name}`}>
            Approve
          </Button>
          <Button variant="outlined" color="error" onClick={() => void run(false)} disabled={decide.isPending} aria-label={`Reject ${name}`}>
            Reject
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
