import { Typography } from '@mui/material';
import { usePageTitle } from '../../lib/page-title';

export default function TasksPage() {
  usePageTitle('TasksPage');
  return <Typography variant="h4" component="h1">TasksPage</Typography>;
}
