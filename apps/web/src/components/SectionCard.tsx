import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A card with an h2 heading, an optional count and action. `card` (the dashboards' grid): named by its heading
 * and as tall as its row. `page` (a section of a long page such as Activity or a profile): more padding, its own
 * height, and not a landmark, so a page of many sections doesn't list them all as regions.
 */
export function SectionCard({
  title,
  emoji,
  count,
  action,
  children,
  testId,
  variant = 'card',
}: {
  variant?: 'card' | 'page';
  title: string;
  emoji?: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const page = variant === 'page';
  const headingId = page ? undefined : `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const padding = page ? { xs: 2, sm: 3 } : { xs: 2, sm: 2.5 };
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} sx={page ? undefined : { height: '100%' }}>
      <CardContent sx={{ p: padding, '&:last-child': { pb: padding } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: page ? undefined : 32 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1, lineHeight: page ? undefined : 1.3 }}>
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
