import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AuthLayout } from './AuthLayout';

/** A signed-out page reached by a link (join by invite, set a password): the product's name over one card. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <AuthLayout centreFrom="sm">
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <Typography component="p" sx={{ textAlign: 'center', fontWeight: 800, fontSize: 22, mb: 2 }}>
          <span aria-hidden>🏠</span> FamilyOS
        </Typography>
        <Card sx={{ boxShadow: '0 8px 32px rgba(20, 30, 60, 0.08)' }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>{children}</CardContent>
        </Card>
      </Box>
    </AuthLayout>
  );
}

/** What became of a link (used, expired, joined…): a big emoji, a heading and what to do next. */
export function AuthOutcome({ emoji, title, testId, children }: { emoji: string; title: string; testId: string; children: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center' }} data-testid={testId}>
      <Typography aria-hidden sx={{ fontSize: 48, lineHeight: 1.2 }}>
        {emoji}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mt: 1, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
