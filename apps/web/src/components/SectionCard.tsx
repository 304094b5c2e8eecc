import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A dashboard card with an h2 heading, an optional count and action, and room to breathe. */
export function SectionCard({
  title,
  emoji,
  count,
  action,
  children,
  testId,
}: {
  title: string;
  emoji?: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1, lineHeight: 1.3 }}>
            {emoji && (
              <Box component="span" aria-hidden sx={{ mr: 1 }}>
                {emoji}
              </Box>
            )}
            {title}
          </Typography>
          {count !== undefined && count > 0 && <Chip size="small" color="primary" label={count} aria-label={`${count} items`} sx={{ fontWeight: 700 }} />}
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Lists inside cards: a divider between items, none under the last one (the card's edge is enough). */
export const listSx = { '& > .MuiListItem-root:last-of-type': { borderBottom: 0 } } as const;
