import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { INVITE_ROLES, limits, messages } from '@familyos/contracts/rules';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DateTimeField } from '../../components/DateTimeField';
import { ApiError } from '../../lib/api';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { ROLE_LABEL } from '../../lib/types';
import { useToast } from '../../lib/toast';
import { inviteLink, useCreateInvite, type FamilyInvite, type InviteRole } from './api';
import { useCopyLink } from './useCopyLink';

/** SPEC §9: the form comes back only after the closing animation, so the created view does not flash. */
const RESET_DELAY_MS = 200;
const { maxUsesMin, maxUsesMax, maxUsesDefault } = limits.invite;

interface Form {
  role: InviteRole;
  maxUses: string;
  expires: boolean;
  expiresAt: DateTime | null;
}
const EMPTY: Form = { role: 'child', maxUses: String(maxUsesDefault), expires: false, expiresAt: null };
type Errors = Partial<Record<'maxUses' | 'expiresAt', string>>;

/** SPEC §2 "Invite dialog", §4: a form, then the created link; closing resets the form after 200 ms. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateInvite();
  const toast = useToast();
  const copy = useCopyLink();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<FamilyInvite | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
  }, []);

  const reset = () => {
    setForm(EMPTY);
    setErrors({});
    setCreated(null);
  };

  const close = () => {
    if (create.isPending) return;
    onClose();
    if (resetTimer.current) clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(reset, RESET_DELAY_MS);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Errors = {};
    const maxUses = Number(form.maxUses);
    if (!Number.isInteger(maxUses) || maxUses < maxUsesMin || maxUses > maxUsesMax) found.maxUses = messages.inviteMaxUses;
    // SPEC §5: the expiry is sent only when the switch is on and a value is set; it must lie ahead.
    const expiresAt = form.expires && form.expiresAt ? form.expiresAt : null;
    if (expiresAt && (!expiresAt.isValid || expiresAt <= DateTime.now())) found.expiresAt = messages.inviteExpiry;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const invite = await create.mutateAsync({ role: form.role, maxUses, ...(expiresAt ? { expiresAt: expiresAt.toUTC().toISO()! } : {}) });
      setCreated(invite);
      toast({ title: 'Invite Link Created', description: `Share it with the new ${ROLE_LABEL[invite.role].toLowerCase()} to join your family.` });
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        setErrors(fieldErrors(error.details, { fields: ['maxUses', 'expiresAt'] }));
      }
      toast({ title: 'Error', description: 'Failed to create invite link. Please try again.', variant: 'destructive' });
    }
  };

  const onSubmit = useOneSubmission(submit);
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="invite-dialog-title">
      <DialogTitle id="invite-dialog-title" sx={{ fontWeight: 700 }}>
        {created ? 'Invite Link Ready' : 'Create Invite Link'}
      </DialogTitle>
      {created ? (
        <>
          <DialogContent dividers>
            <Stack spacing={2.25}>
              <Typography sx={{ color: 'text.secondary' }}>
                Anyone with this link can join your family. Send it only to the person you are inviting.
              </Typography>
              <TextField
                label="Invite link"
                value={inviteLink(created.inviteToken)}
                fullWidth
                // The whole link stays readable on a phone instead of scrolling out of its box.
                multiline
                sx={{ '& textarea': { wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 14 } }}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'invite-link', onFocus: (e: React.FocusEvent<HTMLTextAreaElement>) => e.target.select() } }}
              />
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}>
                <Typography component="dt" sx={{ color: 'text.secondary' }}>
                  Role
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="invite-role">
                  {ROLE_LABEL[created.role]}
                </Typography>
                <Typography component="dt" sx={{ color: 'text.secondary' }}>
                  Max uses
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="invite-max-uses">
                  {created.maxUses}
                </Typography>
                {created.expiresAt && (
                  <>
                    <Typography component="dt" sx={{ color: 'text.secondary' }}>
                      Expires
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                      {DateTime.fromISO(created.expiresAt).toLocaleString(DateTime.DATETIME_MED)}
                    </Typography>
                  </>
                )}
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
            <Button onClick={reset}>Create Another</Button>
            <Box sx={{ flexGrow: 1 }} />
            <Button variant="outlined" onClick={() => void copy(inviteLink(created.inviteToken))}>
              Copy
            </Button>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create an invite link" sx={{ display: 'contents' }}>
          <DialogContent dividers>
            <Stack spacing={2.25}>
              <Typography sx={{ color: 'text.secondary' }}>
                A link a new family member opens to join. They choose their own username and password.
              </Typography>
              <TextField select label="Role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as InviteRole })} fullWidth>
                {INVITE_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {ROLE_LABEL[r]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Maximum uses"
                type="number"
                value={form.maxUses}
                onChange={(e) => (setForm({ ...form, maxUses: e.target.value }), setErrors({ ...errors, maxUses: undefined }))}
                error={Boolean(errors.maxUses)}
                helperText={errors.maxUses ?? `How many people can join with this link (${maxUsesMin} to ${maxUsesMax})`}
                slotProps={{ htmlInput: { min: maxUsesMin, max: maxUsesMax, step: 1, inputMode: 'numeric' } }}
                fullWidth
              />
              <FormControlLabel
                control={<Switch checked={form.expires} onChange={(e) => (setForm({ ...form, expires: e.target.checked }), setErrors({ ...errors, expiresAt: undefined }))} />}
                label="Set expiration"
              />
              {form.expires && (
                <DateTimeField
                  label="Expires at"
                  value={form.expiresAt}
                  disablePast
                  minDateTime={DateTime.now()}
                  onChange={(v) => (setForm({ ...form, expiresAt: v }), setErrors({ ...errors, expiresAt: undefined }))}
                  clearable
                  error={errors.expiresAt}
                  helperText="Leave empty for a link that never expires"
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Invite'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
