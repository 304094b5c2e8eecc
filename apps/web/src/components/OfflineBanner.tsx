import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert } from '@mui/material';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Says so while the device has no network (issue 20): what the screens show is what FamilyOS last knew, and a
 * change cannot be sent. The same online state TanStack Query pauses its fetches on.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline);
  if (online) return null;
  return (
    <Alert severity="warning" icon={<CloudOffIcon fontSize="inherit" />} role="status" square sx={{ justifyContent: 'center' }} data-testid="offline-banner">
      You're offline — showing what FamilyOS last knew. Changes can't be saved until you're back online.
    </Alert>
  );
}
