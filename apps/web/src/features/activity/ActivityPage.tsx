import { Typography } from '@mui/material';
import { usePageTitle } from '../../lib/page-title';

export default function ActivityPage() {
  usePageTitle('ActivityPage');
  return <Typography variant="h4" component="h1">ActivityPage</Typography>;
}
