import { Alert, Avatar, Box, Chip, List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { ROLE_LABEL } from '../../lib/types';
import { DemoAccountsLoading } from './DemoAccountsLoading';
import type { DemoAccount, DemoAccounts } from './api';

interface Props {
  data: DemoAccounts | undefined;
  loading: boolean;
  selected: string | null;
  disabled: boolean;
  /** First click on an account: fill the form. Click on the account already chosen: sign in as it. */
  onPick(account: DemoAccount): void;
}

/** The demo family's accounts (one parent, two children) and their one shared password (SPEC §2). */
export function DemoAccountList({ data, loading, selected, disabled, onPick }: Props) {
  if (loading) return <DemoAccountsLoading />;
  if (!data?.enabled || data.accounts.length === 0) {
    return <Alert severity="info">The demo accounts are not available right now. You can still sign in with your own account.</Alert>;
  }
  return (
    <Box>
      <List aria-label="Demo accounts" disablePadding sx={{ display: 'grid', gap: 1 }}>
        {data.accounts.map((account) => {
          const isSelected = selected?.toLowerCase() === account.username.toLowerCase();
          return (
            <ListItem key={account.username} disablePadding>
              <ListItemButton
                selected={isSelected}
                disabled={disabled}
                onClick={() => onPick(account)}
                aria-pressed={isSelected}
                data-testid={`demo-account-${account.username}`}
                sx={{
                  border: 1,
                  borderColor: isSelected ? 'primary.main' : 'divider',
                  borderRadius: 2,
                  py: 0.5,
                }}
              >
                <ListItemAvatar>
                  <Avatar alt="" sx={{ bgcolor: 'action.selected', color: 'text.primary', fontSize: 24 }}>
                    {account.avatar || account.name.slice(0, 1)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={account.name}
                  secondary={isSelected ? 'Click again to log in' : `Username: ${account.username}`}
                  slotProps={{ primary: { sx: { fontWeight: 700 } } }}
                />
                <Chip size="small" label={ROLE_LABEL[account.role]} color={account.role === 'child' ? 'default' : 'primary'} variant="outlined" sx={{ ml: 1 }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {data.password && (
        <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="demo-password">
          Every demo account uses the password{' '}
          <Box component="code" sx={{ px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'action.hover', fontWeight: 700, fontSize: '0.95em' }}>
            {data.password}
          </Box>
        </Typography>
      )}
    </Box>
  );
}
