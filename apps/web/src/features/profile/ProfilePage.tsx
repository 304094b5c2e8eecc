import { Typography } from '@mui/material';
import { usePageTitle } from '../../lib/page-title';

export default function ProfilePage() {
  usePageTitle('ProfilePage');
  return <Typography variant="h4" component="h1">ProfilePage</Typography>;
}
