import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AppShell } from './AppShell';

/**
 * The signed-in area's frame, loaded lazily by the router. The date pickers' provider (and luxon with it)
 * lives here rather than in main.tsx: every picker is inside the signed-in area, so the sign-in page never
 * downloads them (decision 018).
 */
export default function SignedInShell() {
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon}>
      <AppShell />
    </LocalizationProvider>
  );
}
