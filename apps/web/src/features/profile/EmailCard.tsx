import { limits } from '@familyos/contracts/rules';
import { Alert, AlertTitle, Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError, failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import type { EmailSettings } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { InlineLoading } from '../../components/page-parts';
import { useChangeEmail, useEmailSettings, useSendConfirmationAgain, type EmailChange } from './api';

/**
 * The member's own e-mail (issue 20): the address, whether its owner confirmed it (decision 043), and the mails
 * they may turn off. The server says whether it sends e-mail at all, whether the address is confirmed and whether
 * the daily summary is for this member (parents); this card only shows that.
 */
export function EmailCard({ memberId }: { memberId: string }) {
  const settings = useEmailSettings(memberId);
  return (
    <SectionCard variant="page" title="E-mail" emoji="✉️" testId="own-email">
      {settings.isPending ? (
        <InlineLoading label="Loading e-mail settings" />
      ) : settings.isError ? (
        <Typography color="error">Your e-mail settings are not available right now.</Typography>
      ) : !settings.data.available ? (
        <Typography color="text.secondary" data-testid="email-not-set-up">
          E-mail is not set up on this server.
        </Typography>
      ) : (
        <EmailForm memberId={memberId} settings={settings.data} />
      )}
    </SectionCard>
  );
}

function EmailForm({ memberId, settings }: { memberId: string; settings: EmailSettings }) {
  const change = useChangeEmail(memberId);
  const toast = useToast();
  const [address, setAddress] = useState(settings.address ?? '');
  const [error, setError] = useState<string | null>(null);
  const busy = change.isPending;

  const save = async (fields: EmailChange, done: string) => {
    if (busy) return;
    try {
      await change.mutateAsync(fields);
      setError(null);
      toast({ title: 'E-mail Saved', description: done });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.details?.find((d) => d.field === 'address') : undefined;
      if (field) setError(field.message);
      else toast({ title: 'Error', description: failureMessage(failure, 'Failed to save your e-mail settings. Please try again.'), variant: 'destructive' });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    const changed = trimmed.toLowerCase() !== (settings.address ?? '');
    const done = !trimmed
      ? 'Your address is removed: no more e-mail.'
      : changed
        ? `Check your inbox: open the link sent to ${trimmed.toLowerCase()} to confirm it.`
        : settings.confirmed
          ? `Mail goes to ${trimmed.toLowerCase()}.`
          : `Open the link sent to ${trimmed.toLowerCase()} to confirm it.`;
    void save({ address: trimmed || null }, done);
  };
  const hasAddress = settings.address !== null;

  return (
    <Stack spacing={2}>
      {!hasAddress && (
        <Typography variant="body2" color="text.secondary">
          Add your address to get the weekly report and a daily summary of what waits for you.
        </Typography>
      )}
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Your e-mail address">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={error !== null}
          helperText={error ?? 'Only you and the family’s admins see it.'}
          slotProps={{ htmlInput: { 'data-testid': 'email-address', maxLength: limits.emailMax, autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {busy ? 'Saving...' : 'Save Address'}
        </Button>
      </Stack>
      {hasAddress && <AddressStatus memberId={memberId} settings={settings} />}
      {hasAddress && settings.dailyDigestOffered && (
        <Stack spacing={0.5}>
          <FormControlLabel
            control={<Switch checked={settings.weeklyReport} disabled={busy} onChange={(e) => void save({ weeklyReport: e.target.checked }, e.target.checked ? 'The weekly report is on.' : 'The weekly report is off.')} />}
            label="Weekly report"
          />
          <FormControlLabel
            control={
              <Switch checked={settings.dailyDigest} disabled={busy} onChange={(e) => void save({ dailyDigest: e.target.checked }, e.target.checked ? 'The daily summary is on.' : 'The daily summary is off.')} />
            }
            label="Daily summary of what waits for me"
          />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Whether the owner of the address followed the link mailed to it. Until then nothing but that link is mailed,
 * so the card says so and offers the link again (the server limits how often: its answer is shown as it is).
 */
function AddressStatus({ memberId, settings }: { memberId: string; settings: EmailSettings }) {
  const again = useSendConfirmationAgain(memberId);
  const toast = useToast();
  if (settings.confirmed)
    return (
      <Alert severity="success" data-testid="email-confirmed">
        Confirmed: mail goes to {settings.address}.
      </Alert>
    );
  const send = async () => {
    if (again.isPending) return;
    try {
      await again.mutateAsync();
      toast({ title: 'Link Sent', description: `A new link is on its way to ${settings.address}.` });
    } catch (failure) {
      toast({ title: 'Error', description: failureMessage(failure, 'Sending the link failed. Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <Alert severity="warning" data-testid="email-unconfirmed">
      <AlertTitle>Unconfirmed — check your inbox</AlertTitle>
      Open the link we sent to {settings.address}. Until then, nothing else is mailed there.
      {settings.canEdit && (
        <Box sx={{ mt: 1.5 }}>
          <Button variant="outlined" color="inherit" size="small" disabled={again.isPending} onClick={() => void send()}>
            {again.isPending ? 'Sending...' : 'Send the link again'}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
