import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionToken } from '../lib/api';
import { meQuery } from '../lib/session';

/**
 * Where the signed-in screens would be when the very first session check got no answer (the server is down or
 * the device has no network, and this browser kept nothing to show): the member is not signed out, the server
 * is just not there (issue 26). The sign-in form would make a child think they had to sign in again.
 */
export function NotAnsweringScreen() {
  const queryClient = useQueryClient();
  const [trying, setTrying] = useState(false);
  const tryAgain = async () => {
    setTrying(true);
    await queryClient.refetchQueries({ queryKey: meQuery.queryKey, exact: true });
    setTrying(false);
  };
  return (
    <Box component="main" sx={{ minHeight: '80vh', display: 'grid', placeItems: 'center', p: 3 }} data-testid="not-answering">
      <Box sx={{ textAlign: 'center', maxWidth: 420 }}>
        <Typography component="div" sx={{ fontSize: 48 }} aria-hidden>
          🏠
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          FamilyOS isn't answering
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {sessionToken.get() ? "You're still signed in. " : ''}The family's server can't be reached right now; try again in a moment.
        </Typography>
        <Button variant="contained" onClick={() => void tryAgain()} disabled={trying}>
          {trying ? 'Trying…' : 'Try again'}
        </Button>
      </Box>
    </Box>
  );
}
