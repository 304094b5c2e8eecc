import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { limits } from '@familyos/contracts/rules';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../lib/api';
import { ago, shortDate } from '../../lib/dates';
import { useToast } from '../../lib/toast';
import { ROLE_LABEL } from '../../lib/types';
import { useAssignFamily, useDecideFamilyRequest, useRejectSystemUser, type AssignRole, type PendingUser, type PlatformFamily } from './api';
import { displayName } from '../../lib/members';

const ROLES: AssignRole[] = ['admin', 'manager', 'child'];

/** The request's details (SPEC §2 System admin: username, name, email, hub user id, requested). */
function Details({ request, extra }: { request: PendingUser; extra?: [string, ReactNode][] }) {
  const rows: [string, ReactNode][] = [
    ['Username', `@${request.username}`],
    ['Name', request.name || '—'],
    ['Email', request.email || '—'],
    ['Hub user ID', request.hubUserId || '—'],
    ['Signed in with', request.provider === 'oidc' ? 'OpenID' : 'Hub'],
    ...(extra ?? []),
    ['Requested', `${shortDate(request.requestedAt)} (${ago(request.requestedAt)})`],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function RoleSelect({ value, onChange, disabled }: { value: AssignRole; onChange(role: AssignRole): void; disabled: boolean }) {
  return (
    <TextField select label="Role" value={value} onChange={(e) => onChange(e.target.value as AssignRole)} disabled={disabled} fullWidth>
      {ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {ROLE_LABEL[r]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** "Assign Family": an existing family, or a new one named here (they become its Primary Admin). */
export function AssignFamilyDialog({ request, families, onClose }: { request: PendingUser; families: PlatformFamily[]; onClose(): void }) {
  const assign = useAssignFamily();
  const toast = useToast();
  const [mode, setMode] = useState<'existing' | 'new'>(families.length > 0 ? 'existing' : 'new');
  const [familyId, setFamilyId] = useState('');
  const [newName, setNewName] = useState('');
  const [role, setRole] = useState<AssignRole>('admin');
  const [error, setError] = useState<string | null>(null);
  const name = displayName(request);

  const submit = async () => {
    const trimmed = newName.trim();
    if (mode === 'existing' && !familyId) return setError('Choose a family');
    if (mode === 'new' && !trimmed) return setError('Family name is required');
    setError(null);
    try {
      await assign.mutateAsync({ pendingUserId: request.id, role, ...(mode === 'existing' ? { familyId } : { newFamilyName: trimmed }) });
      const where = mode === 'existing' ? (families.find((f) => f.id === familyId)?.name ?? 'the family') : trimmed;
      toast({ title: 'User Status Updated', description: `${name} joined ${where} as ${ROLE_LABEL[role].toLowerCase()}.` });
      onClose();
    } catch (failure) {
      toast({ title: 'Action Failed', description: failureMessage(failure, 'Failed to assign the family'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={assign.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Assign Family</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Choose where {name} (@{request.username}) belongs.
        </Typography>
        <RadioGroup row aria-label="Family" value={mode} onChange={(e) => { setMode(e.target.value as 'existing' | 'new'); setError(null); }} sx={{ mb: 1.5 }}>
          <FormControlLabel value="existing" control={<Radio />} label="Existing family" disabled={families.length === 0 || assign.isPending} />
          <FormControlLabel value="new" control={<Radio />} label="New family" disabled={assign.isPending} />
        </RadioGroup>
        {mode === 'existing' ? (
          <TextField
            select
            label="Family"
            value={familyId}
            onChange={(e) => { setFamilyId(e.target.value); setError(null); }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            disabled={assign.isPending}
            fullWidth
            sx={{ mb: 1 }}
          >
            {families.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            label="New family name"
            value={newName}
            onChange={(e) => { setNewName(e.target.value); setError(null); }}
            error={Boolean(error)}
            helperText={error ?? `${name} becomes its Primary Admin`}
            disabled={assign.isPending}
            slotProps={{ htmlInput: { maxLength: limits.familyNameMax } }}
            fullWidth
            autoFocus
            sx={{ mb: 1 }}
          />
        )}
        <RoleSelect value={role} onChange={setRole} disabled={assign.isPending} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={assign.isPending}>
          {assign.isPending ? 'Assigning...' : 'Assign'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Review": the system-level request's details, and Reject. */
export function ReviewDialog({ request, onClose }: { request: PendingUser; onClose(): void }) {
  const reject = useRejectSystemUser();
  const toast = useToast();
  const name = displayName(request);

  const run = async () => {
    try {
      await reject.mutateAsync(request.id);
      toast({ title: 'User Status Updated', description: `${name}'s request was rejected.` });
      onClose();
    } catch (failure) {
      toast({ title: 'Action Failed', description: failureMessage(failure, 'Failed to update user status'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Review Request</DialogTitle>
      <DialogContent>
        <Details request={request} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={reject.isPending}>
          Close
        </Button>
        <Button variant="contained" color="error" onClick={() => void run()} disabled={reject.isPending}>
          {reject.isPending ? 'Rejecting...' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "View Details": a request for a particular family, approved (with a role) or rejected here. */
export function FamilyRequestDialog({ request, familyName, onClose }: { request: PendingUser; familyName: string; onClose(): void }) {
  const decide = useDecideFamilyRequest();
  const toast = useToast();
  const [role, setRole] = useState<AssignRole>('child');
  const name = displayName(request);

  const run = async (approve: boolean) => {
    try {
      await decide.mutateAsync({ pendingUserId: request.id, approve, ...(approve ? { role } : {}) });
      toast({
        title: 'User Status Updated',
        description: approve ? `${name} joined ${familyName} as ${ROLE_LABEL[role].toLowerCase()}.` : `${name}'s request was rejected.`,
      });
      onClose();
    } catch (failure) {
      toast({ title: 'Action Failed', description: failureMessage(failure, 'Failed to update user status'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Access Request</DialogTitle>
      <DialogContent>
        <Details request={request} extra={[['Family', familyName]]} />
        <Box sx={{ mt: 2.5 }}>
          <RoleSelect value={role} onChange={setRole} disabled={decide.isPending} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={decide.isPending}>
          Close
        </Button>
        <Button variant="outlined" color="error" onClick={() => void run(false)} disabled={decide.isPending}>
          Reject
        </Button>
        <Button variant="contained" color="success" onClick={() => void run(true)} disabled={decide.isPending}>
          Approve
        </Button>
      </DialogActions>
    </Dialog>
  );
}
