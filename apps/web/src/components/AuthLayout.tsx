import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The signed-out pages' frame (sign-in, join by invite): the page's <main> on a soft gradient, its content
 * at the top on a phone and centred from `centreFrom` up.
 */
export function AuthLayout({ centreFrom, children }: { centreFrom: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', [centreFrom]: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 2, sm: 4 },
        bgcolor: 'background.default',
        backgroundImage:
          'radial-gradient(circle at 15% 0%, rgba(47, 95, 208, 0.14), transparent 45%), radial-gradient(circle at 100% 100%, rgba(138, 63, 252, 0.12), transparent 40%)',
      }}
    >
      {children}
    </Box>
  );
}
