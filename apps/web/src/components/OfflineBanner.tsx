import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert, Button } from '@mui/material';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { serverReach } from '../lib/server-reach';
import { meQuery } from '../lib/session';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Says so while the device has no network (issue 20), or while the family's server does not answer though the
 * device is online (issue 26): what the screens show is what FamilyOS last knew, and a change cannot be sent.
 * The same online state TanStack Query pauses its fetches on; the server's from every call (lib/server-reach.ts).
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline);
  const answering = useSyncExternalStore(serverReach.subscribe, serverReach.isAnswering);
  const queryClient = useQueryClient();
  // Read only: the session's own query fetches it. With no member known there is no last data to speak of, and
  // the guard's NotAnsweringScreen says the server is away.
  const known = useQuery({ ...meQuery, enabled: false }).data !== undefined;
  if (!online) {
    return (
      <Alert severity="warning" icon={<CloudOffIcon fontSize="inherit" />} role="status" square sx={{ justifyContent: 'center' }} data-testid="offline-banner">
        You're offline — showing what FamilyOS last knew. Changes can't be saved until you're back online.
      </Alert>
    );
  }
  if (answering || !known) return null;
  return (
    <Alert
      severity="warning"
      icon={<CloudOffIcon fontSize="inherit" />}
      role="status"
      square
      sx={{ justifyContent: 'center', alignItems: 'center' }}
      data-testid="offline-banner"
      action={
        // Nothing polls (SPEC §9): the member asks again, and any answer brings every screen up to date.
        <Button color="inherit" size="small" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
          Try again
        </Button>
      }
    >
      FamilyOS isn't answering — showing what it last knew. Changes can't be saved until it's back.
    </Alert>
  );
}
