import { Typography } from '@mui/material';
import { usePageTitle } from '../../lib/page-title';

export default function UserProfilePage() {
  usePageTitle('UserProfilePage');
  return <Typography variant="h4" component="h1">UserProfilePage</Typography>;
}
