import { Box, Button, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Box component="main" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="h3" component="h1" gutterBottom>
          404 Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          That page does not exist in FamilyOS.
        </Typography>
        <Button component={Link} to="/dashboard" variant="contained">
          Back to the dashboard
        </Button>
      </Box>
    </Box>
  );
}
