import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { limits, signedFp } from '@familyos/contracts/rules';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { loadContracts } from '../../lib/contracts';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import { usePointsTargets } from '../../api/members';
import { useIssuePoints } from '../../api/points';

type Field = 'userId' | 'amount' | 'reason';

const quickLabel = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/**
 * SPEC §2 modal "Issue Points" (§5 rules, §9 quick amounts): a parent gives or takes Family Points.
 * The form checks itself with the same DTO the server uses, loaded only when it is submitted.
 */
export function IssuePointsDialog({ open, onClose, defaultUserId }: { open: boolean; onClose: () => void; defaultUserId?: string }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="issue-points-title" sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      {open && <IssuePointsForm onClose={onClose} defaultUserId={defaultUserId} />}
    </Dialog>
  );
}

function IssuePointsForm({ onClose, defaultUserId }: { onClose: () => void; defaultUserId?: string }) {
  const children = usePointsTargets();
  const issue = useIssuePoints();
  const toast = useToast();
  const [userId, setUserId] = useState(defaultUserId ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [checking, setChecking] = useState(false);
  const busy = checking || issue.isPending;

  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setChecking(true);
    const body = { userId, amount: amount.trim() === '' ? 0 : Number(amount), reason };
    let result;
    try {
      const { validateDto, IssuePointsDto } = await loadContracts();
      result = await validateDto(IssuePointsDto, body);
    } catch {
      toast({ title: 'Error', description: 'Failed to issue points. Please try again.', variant: 'destructive' });
      return;
    } finally {
      setChecking(false);
    }
    if (!result.ok) {
      setErrors(fieldErrors<Field>(result.details));
      return;
    }
    setErrors({});
    const value = result.value;
    const child = children.data?.find((c) => c.id === value.userId);
    try {
      await issue.mutateAsync({ userId: value.userId, amount: value.amount, reason: value.reason });
      const name = child?.name ?? 'your child';
      toast(
        value.amount > 0
          ? { title: 'Points Awarded', description: `${signedFp(value.amount)} to ${name}` }
          : { title: 'Points Deducted', description: `${signedFp(value.amount)} from ${name}` },
      );
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to issue points. Please try again.'), variant: 'destructive' });
    }
  }

  const onSubmit = useOneSubmission(submit);
  const numeric = Number(amount);
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <DialogTitle id="issue-points-title" sx={{ fontWeight: 700 }}>
        <Box component="span" aria-hidden sx={{ mr: 1 }}>
          ⭐
        </Box>
        Issue Points
      </DialogTitle>
      <DialogContent sx={{ flexGrow: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Give Family Points for something great, or take some away.
        </Typography>
        <Stack spacing={2.5}>
          <TextField
            select
            label="Child"
            value={userId}
            onChange={(e) => {
              setUserId(e.target.value);
              clear('userId');
            }}
            error={!!errors.userId}
            helperText={errors.userId ?? (children.data?.length === 0 ? 'There are no children in your family yet.' : undefined)}
            disabled={busy}
            fullWidth
          >
            {children.data?.length === 0 && (
              <MenuItem value="" disabled>
                No children in your family yet
              </MenuItem>
            )}
            {(children.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                <Box component="span" aria-hidden sx={{ mr: 1 }}>
                  {c.avatar}
                </Box>
                {c.name}
              </MenuItem>
            ))}
          </TextField>

          <Box>
            <TextField
              label="Points amount"
              type="number"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                clear('amount');
              }}
              error={!!errors.amount}
              helperText={errors.amount ?? `From ${limits.points.min} to ${limits.points.max}. Use a minus sign to deduct.`}
              disabled={busy}
              fullWidth
              slotProps={{ htmlInput: { min: limits.points.min, max: limits.points.max, step: 1, inputMode: 'numeric' } }}
            />
            <Typography id="quick-amounts-label" variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, mb: 0.75 }}>
              Quick amounts
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-labelledby="quick-amounts-label"
              value={Number.isFinite(numeric) && amount !== '' ? numeric : null}
              onChange={(_e, value: number | null) => {
                if (value === null) return;
                setAmount(String(value));
                clear('amount');
              }}
              disabled={busy}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', '& .MuiToggleButton-root': { fontWeight: 700, py: 0.75 } }}
            >
              {limits.points.quickAmounts.map((n) => (
                <ToggleButton key={n} value={n} color={n > 0 ? 'success' : 'error'} aria-label={`${quickLabel(n)} points`}>
                  {quickLabel(n)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>

          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              clear('reason');
            }}
            error={!!errors.reason}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{errors.reason ?? 'What is it for?'}</span>
                <span aria-label={`${reason.length} of ${limits.points.reasonMax} characters`}>
                  {reason.length}/{limits.points.reasonMax}
                </span>
              </Box>
            }
            placeholder="e.g. Helped with the groceries"
            disabled={busy}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: limits.points.reasonMax } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={issue.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {issue.isPending ? 'Issuing...' : 'Issue Points'}
        </Button>
      </DialogActions>
    </Box>
  );
}
