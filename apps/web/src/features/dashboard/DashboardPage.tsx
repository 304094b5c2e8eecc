import { Typography } from '@mui/material';
import { usePageTitle } from '../../lib/page-title';

export default function DashboardPage() {
  usePageTitle('DashboardPage');
  return <Typography variant="h4" component="h1">DashboardPage</Typography>;
}
