import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { MEMBER_ROLES } from '@familyos/contracts/rules';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useUpdateUser } from '../../api/members';
import { failureMessage } from '../../lib/api';
import { newPasswordErrors, useFieldForm } from '../../lib/forms';
import { displayName } from '../../lib/members';
import { useToast } from '../../lib/toast';
import { ROLE_LABEL, type SignInLink, type User } from '../../lib/types';
import { useCreateSignInLink } from './api';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SignInLinkDialog } from './SignInLinkDialog';

type Open = 'role' | 'password' | 'deactivate' | 'reactivate' | null;
type MemberRole = (typeof MEMBER_ROLES)[number];

/** SPEC §8's admin failure toast: the server's words, else "Failed to update user status". */
function useFailure() {
  const toast = useToast();
  return (error: unknown) => toast({ title: 'Action Failed', description: failureMessage(error, 'Failed to update user status'), variant: 'destructive' });
}

/**
 * A member's row menu on the Admin panel: change role, set a password, a new sign-in link, deactivate or
 * reactivate. Each item is offered only when the server's `can` for this member says so (decision 029).
 */
export function MemberActions({ user }: { user: User }) {
  const name = displayName(user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [link, setLink] = useState<SignInLink | null>(null);
  const createLink = useCreateSignInLink();
  const failed = useFailure();
  const { can } = user;
  const items: [string, () => void, boolean][] = [
    ['Change role', () => setOpen('role'), can.changeRole],
    [user.hasPassword ? 'Reset password' : 'Set password', () => setOpen('password'), can.resetPassword],
    ['New sign-in link', () => void createLink.mutateAsync(user.id).then(setLink, failed), can.createSignInLink],
    ['Deactivate', () => setOpen('deactivate'), can.deactivate],
    ['Reactivate', () => setOpen('reactivate'), can.reactivate],
  ];
  const offered = items.filter(([, , allowed]) => allowed);
  if (offered.length === 0) return null;
  const close = () => setOpen(null);

  return (
    <>
      <IconButton aria-label={`Manage ${name}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)} sx={{ flexShrink: 0 }}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {offered.map(([label, act]) => (
          <MenuItem
            key={label}
            onClick={() => {
              setAnchor(null);
              act();
            }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
      {open === 'role' && <RoleDialog user={user} onClose={close} />}
      {open === 'password' && <PasswordDialog user={user} onClose={close} />}
      {(open === 'deactivate' || open === 'reactivate') && <ActiveDialog user={user} active={open === 'reactivate'} onClose={close} />}
      <SignInLinkDialog link={link} name={name} onClose={() => setLink(null)} />
    </>
  );
}

/** A small dialog with a title, its content and Cancel / an action: small enough to stay a dialog on a phone. */
function MemberDialog({ title, children, action, busy, onSubmit, onClose }: { title: string; children: ReactNode; action: ReactNode; busy: boolean; onSubmit: (e: FormEvent) => void; onClose: () => void }) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }} aria-labelledby="member-dialog-title">
      <Stack component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id="member-dialog-title" sx={{ fontWeight: 700 }}>
          {title}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>{children}</Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {action}
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

function RoleDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const name = displayName(user);
  const update = useUpdateUser();
  const toast = useToast();
  const failed = useFailure();
  const [role, setRole] = useState<MemberRole>(user.role === 'superuser' ? 'admin' : user.role);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutateAsync({ id: user.id, role }).then(() => {
      toast({ title: 'User Status Updated', description: `${name} is now a ${ROLE_LABEL[role].toLowerCase()}.` });
      onClose();
    }, failed);
  };
  return (
    <MemberDialog
      title={`Change ${name}'s role`}
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      action={
        <Button type="submit" variant="contained" disabled={update.isPending || role === user.role}>
          {update.isPending ? 'Saving...' : 'Change Role'}
        </Button>
      }
    >
      <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as MemberRole)} fullWidth autoFocus>
        {MEMBER_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_LABEL[r]}
          </MenuItem>
        ))}
      </TextField>
      <DialogContentText>
        What {name} did before stays theirs: their points, tasks and reports keep their name. Only a child collects points and is given tasks.
      </DialogContentText>
    </MemberDialog>
  );
}

function PasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const name = displayName(user);
  const update = useUpdateUser();
  const toast = useToast();
  const failed = useFailure();
  const { values, errors, showErrors, field } = useFieldForm(['password', 'confirm'] as const, { password: '', confirm: '' }, 'member-password');
  // The server withdraws it when a deactivated adult is reactivated (decision 044): say so before it is set.
  const untilReactivated = !user.active && user.role !== 'child';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || showErrors(newPasswordErrors(values.password, values.confirm))) return;
    update.mutateAsync({ id: user.id, password: values.password }).then(() => {
      const description = untilReactivated ? `${name}'s password is set until they are reactivated.` : `${name}'s password is set. They sign in with it from now on.`;
      toast({ title: 'User Status Updated', description });
      onClose();
    }, failed);
  };
  return (
    <MemberDialog
      title={`Set ${name}'s password`}
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      action={
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Set Password'}
        </Button>
      }
    >
      <DialogContentText>
        {untilReactivated
          ? `${name} is deactivated. A password you set now is withdrawn when they are reactivated: they then choose their own with a one-time sign-in link.`
          : `${name} is signed out on every device and signs in again with the new password.`}
      </DialogContentText>
      <NewPasswordFields field={field} errors={errors} />
    </MemberDialog>
  );
}

/** Deactivate or reactivate, after saying what it does. */
function ActiveDialog({ user, active, onClose }: { user: User; active: boolean; onClose: () => void }) {
  const name = displayName(user);
  const update = useUpdateUser();
  const toast = useToast();
  const failed = useFailure();
  const verb = active ? 'Reactivate' : 'Deactivate';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutateAsync({ id: user.id, active }).then(() => {
      toast({ title: 'User Status Updated', description: active ? `${name} can sign in again.` : `${name} is deactivated and signed out.` });
      onClose();
    }, failed);
  };
  return (
    <MemberDialog
      title={`${verb} ${name}?`}
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      action={
        <Button type="submit" variant="contained" color={active ? 'primary' : 'error'} disabled={update.isPending} autoFocus>
          {update.isPending ? 'Saving...' : verb}
        </Button>
      }
    >
      <DialogContentText>
        {active
          ? `${name} can sign in again. Devices they were signed in on stay signed out.`
          : `${name} is signed out at once on every device and cannot sign in until you reactivate them. Their tasks, points and history stay, under their name.`}
      </DialogContentText>
    </MemberDialog>
  );
}
