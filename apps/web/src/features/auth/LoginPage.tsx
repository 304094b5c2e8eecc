import { Typography } from '@mui/material';
import { usePageTitle } from '../../lib/page-title';

export default function LoginPage() {
  usePageTitle('LoginPage');
  return <Typography variant="h4" component="h1">LoginPage</Typography>;
}
