import type { NotificationKind, PushSettingsView, PushSubscriptionView } from '@familyos/contracts/rules';
import { Alert, AlertTitle, Box, Button, Checkbox, FormControlLabel, FormGroup, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useCallback, useEffect, useId, useState } from 'react';
import { pushSettingsQuery, useChangePushKinds, useSendTestPush, useSubscribePush, useTurnOffPush } from '../../api/push';
import { InlineLoading } from '../../components/page-parts';
import { listSx, SectionCard } from '../../components/SectionCard';
import { failureMessage } from '../../lib/api';
import { browserSubscription, devicePushSupport, isThisDevice, subscriptionBody, type DevicePushSupport } from '../../lib/device-push';
import { DevicePushError, subscribeThisBrowser } from '../../lib/device-push-subscribe';
import { useToast } from '../../lib/toast';

/** Each kind as the member reads it in the list of what to be told of. */
const KIND_LABEL: Record<NotificationKind, string> = {
  taskSubmitted: 'A child finished a task',
  childRequest: 'A child asked for a new task',
  redemptionRequested: 'A child wants a reward',
  accessRequested: 'Someone asks to join the family',
  choreMissed: 'A chore was missed',
  taskAssigned: 'A new task for me',
  taskApproved: 'My task was approved',
  taskRejected: 'My task was sent back',
  pointsReceived: 'I got points',
  pointsDeducted: 'Points were taken off',
  rewardApproved: 'My reward was approved',
  rewardRejected: 'My reward was turned down',
  choreDueSoon: 'Chores still to do today',
};

/** Why this browser gets no push, in the member's words. */
const CANNOT: Record<Exclude<DevicePushSupport, 'able'>, string> = {
  insecure: 'Notifications need FamilyOS to be opened over https (or as localhost on the computer it runs on). Ask whoever runs your family’s server.',
  unsupported: "This browser can't show notifications from FamilyOS.",
  blocked: "Notifications are blocked for FamilyOS in this browser's settings. Allow them there, then come back here.",
};

const since = (iso: string) => DateTime.fromISO(iso).toFormat('LLL d, yyyy');

/** The server's VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Web Push on this device (issue 20, decision 039): a member turns it on here, chooses what they are told of,
 * sends themselves a test, and turns it off, here or on another of their devices. What the browser cannot do
 * is said plainly. The server decides everything else: the kinds this member may choose, and what is sent.
 */
export function DeviceNotificationsCard() {
  const [support, setSupport] = useState<DevicePushSupport>(devicePushSupport);
  const settings = useQuery({ ...pushSettingsQuery, enabled: support === 'able' });
  // undefined while the browser is asked; null when it has no subscription for FamilyOS.
  const [browser, setBrowser] = useState<PushSubscription | null | undefined>(undefined);
  const refreshBrowser = useCallback(async () => setBrowser(await browserSubscription().catch(() => null)), []);
  useEffect(() => {
    if (support === 'able') void refreshBrowser();
  }, [support, refreshBrowser]);

  return (
    <SectionCard variant="page" title="Notifications on this device" emoji="🔔" testId="device-notifications">
      {support !== 'able' ? (
        <Alert severity="info" role="note" data-testid="push-unavailable">
          {CANNOT[support]}
        </Alert>
      ) : settings.isPending || browser === undefined ? (
        <InlineLoading label="Loading notification settings" />
      ) : settings.isError ? (
        <Typography color="error">{failureMessage(settings.error, 'Notification settings are not available right now.')}</Typography>
      ) : (
        <DevicePush
          settings={settings.data}
          browser={browser}
          onBrowserChanged={refreshBrowser}
          onPermission={() => setSupport(devicePushSupport())}
        />
      )}
    </SectionCard>
  );
}

function DevicePush({
  settings,
  browser,
  onBrowserChanged,
  onPermission,
}: {
  settings: PushSettingsView;
  browser: PushSubscription | null;
  onBrowserChanged: () => Promise<void>;
  onPermission: () => void;
}) {
  const toast = useToast();
  const subscribe = useSubscribePush();
  const turnOff = useTurnOffPush();
  const sendTest = useSendTestPush();
  const [starting, setStarting] = useState(false);
  // Why the last "Turn on" did not work, and what to do; cleared by the next try.
  const [failure, setFailure] = useState<string | null>(null);
  const thisDevice = settings.subscriptions.find((s) => isThisDevice(s.endpoint, browser));
  const others = settings.subscriptions.filter((s) => s !== thisDevice);

  async function turnOn() {
    if (starting) return;
    setStarting(true);
    setFailure(null);
    try {
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      onPermission();
      if (permission !== 'granted') {
        if (permission === 'default') setFailure('Notifications were not allowed. Press "Turn on for this device" to be asked again.');
        return;
      }
      const subscription = await subscribeThisBrowser(keyBytes(settings.publicKey));
      await subscribe.mutateAsync({ ...subscriptionBody(subscription), kinds: settings.kinds });
      await onBrowserChanged();
      toast({ title: 'Notifications On', description: 'This device will be told when something waits for you.' });
    } catch (error) {
      // The browser's failures come worded by subscribeThisBrowser; the server's in its own words (SPEC §8). Said
      // in the card, not in a toast that is gone in 5 seconds: it tells the member what to do next.
      setFailure(error instanceof DevicePushError ? error.message : failureMessage(error, 'FamilyOS could not be reached. Check your connection, then try again.'));
    } finally {
      setStarting(false);
    }
  }

  async function turnOffHere(device: PushSubscriptionView) {
    try {
      await turnOff.mutateAsync(device.id);
      await browser?.unsubscribe().catch(() => false);
      await onBrowserChanged();
      toast({ title: 'Notifications Off', description: 'Nothing more is sent to this device.' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to turn notifications off. Please try again.'), variant: 'destructive' });
    }
  }

  async function test() {
    try {
      await sendTest.mutateAsync();
      toast({ title: 'Test Sent', description: 'It should appear in a moment on each of your devices with notifications on.' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to send a test. Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <Stack spacing={2}>
      {thisDevice ? (
        <>
          <Typography data-testid="push-state">On for this device.</Typography>
          <KindChoices device={thisDevice} kinds={settings.kinds} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void test()} disabled={sendTest.isPending}>
              {sendTest.isPending ? 'Sending...' : 'Send a test'}
            </Button>
            <Button variant="outlined" onClick={() => void turnOffHere(thisDevice)} disabled={turnOff.isPending}>
              Turn off for this device
            </Button>
          </Stack>
        </>
      ) : (
        <>
          <Typography color="text.secondary" data-testid="push-state">
            {/* The browser still has a subscription the server no longer keeps: its push service said it is gone,
                or the server may not send there (decision 042). The member is told that much, never why. */}
            {browser
              ? 'Notifications stopped working on this device. Turn them on again to be told here when something waits for you.'
              : 'Off for this device. Turn it on to be told when something waits for you, even with FamilyOS closed.'}
          </Typography>
          <Button variant="contained" onClick={() => void turnOn()} disabled={starting} sx={{ alignSelf: 'flex-start' }}>
            {starting ? 'Turning on...' : 'Turn on for this device'}
          </Button>
          {failure && (
            <Alert severity="error" data-testid="push-failure">
              <AlertTitle>Notifications not turned on</AlertTitle>
              {failure}
            </Alert>
          )}
        </>
      )}
      {others.length > 0 && <OtherDevices devices={others} />}
    </Stack>
  );
}

/** The kinds pushed to this device, each saved as it is ticked. */
function KindChoices({ device, kinds }: { device: PushSubscriptionView; kinds: NotificationKind[] }) {
  const id = useId();
  const change = useChangePushKinds();
  const toast = useToast();
  // The choice shows at once while it is saved; a refusal puts back what the server keeps.
  const [saving, setSaving] = useState<NotificationKind[] | null>(null);
  const chosen = new Set(saving ?? device.kinds);

  async function toggle(kind: NotificationKind, on: boolean) {
    const next = kinds.filter((k) => (k === kind ? on : chosen.has(k)));
    setSaving(next);
    try {
      await change.mutateAsync({ id: device.id, kinds: next });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to save your choice. Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(null);
    }
  }

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={`${id}-hint`}>
      <Typography component="legend" sx={{ fontWeight: 600 }}>
        Tell me when
      </Typography>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
        Each choice is saved at once.
      </Typography>
      <FormGroup>
        {kinds.map((kind) => (
          <FormControlLabel
            key={kind}
            label={KIND_LABEL[kind]}
            control={<Checkbox checked={chosen.has(kind)} disabled={change.isPending} onChange={(e) => void toggle(kind, e.target.checked)} />}
          />
        ))}
      </FormGroup>
    </Box>
  );
}

/** The member's other devices with push on: each can be turned off from here (a lost phone, an old laptop). */
function OtherDevices({ devices }: { devices: PushSubscriptionView[] }) {
  const turnOff = useTurnOffPush();
  const toast = useToast();

  async function off(device: PushSubscriptionView) {
    try {
      await turnOff.mutateAsync(device.id);
      toast({ title: 'Notifications Off', description: 'Nothing more is sent to that device.' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to turn notifications off. Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>
        Also on {devices.length} other {devices.length === 1 ? 'device' : 'devices'}
      </Typography>
      <List disablePadding sx={listSx} aria-label="Your other devices with notifications">
        {devices.map((d) => (
          <ListItem key={d.id} disableGutters divider data-testid="other-device" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ flex: '1 1 160px' }}>
              Turned on {since(d.createdAt)}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => void off(d)} disabled={turnOff.isPending} aria-label={`Turn off the device turned on ${since(d.createdAt)}`}>
              Turn off
            </Button>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
