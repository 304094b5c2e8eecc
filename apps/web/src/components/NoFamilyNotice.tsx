import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../lib/page-title';
import { useMe } from '../lib/session';
import { h1Sx } from './heading';

/**
 * A page that shows a family's data, opened by a member who belongs to no family (the platform's superuser,
 * whose family-scoped calls all answer 404): what the page is for and where to go instead, never an error card.
 */
export function NoFamilyNotice({ emoji, title, about }: { emoji: string; title: string; about: string }) {
  const me = useMe();
  usePageTitle(title);
  const systemAdmin = me.abilities.systemAdmin;
  return (
    <Stack sx={{ gap: 3 }}>
      <Typography variant="h4" component="h1" sx={h1Sx}>
        {emoji} {title}
      </Typography>
      {/* A note on the page, not news: no live region (an Alert is role="alert" unless told). */}
      <Alert severity="info" role="note" data-testid="no-family">
        {about} You are not a member of a family, so there is nothing to show here.{' '}
        {systemAdmin ? 'Families, their members and requests to join are on the System Admin page.' : 'Ask a parent for an invite link to join their family.'}
        {systemAdmin && (
          <Box sx={{ mt: 1.5 }}>
            <Button component={Link} to="/admin/system" variant="outlined" color="inherit" size="small">
              System Admin
            </Button>
          </Box>
        )}
      </Alert>
    </Stack>
  );
}
