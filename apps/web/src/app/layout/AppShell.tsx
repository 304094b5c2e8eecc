import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Chip,
  Container,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { ROLE_LABEL } from '../../lib/types';
import { useMe, useSession } from '../../lib/session';
import { useFamily } from '../../api/family';
import { UserAvatar } from '../../components/UserAvatar';
import { useStanding } from '../../api/standings';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { footerLinks, headerLinks } from './nav-links';
import { useLiveUpdates } from '../live-updates';

function BalanceBadge({ userId }: { userId: string }) {
  const balance = useStanding(userId).data?.balance;
  return (
    <Chip
      color="secondary"
      label={`⭐ ${balance ?? '…'} FP`}
      aria-label={`Your balance: ${balance ?? 'loading'} Family Points`}
      data-testid="balance-badge"
      sx={{ fontWeight: 700 }}
    />
  );
}

/** Header (links by role, balance badge for children, who is signed in, Logout, the mobile menu), page, footer. */
export function AppShell() {
  const me = useMe();
  const { signOut } = useSession();
  const family = useFamily(me.familyId !== null);
  useLiveUpdates(me.familyId !== null);
  const [menuOpen, setMenuOpen] = useState(false);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const links = headerLinks(me.abilities);
  const current = (to: string) => path === to || (to === '/dashboard' && path === '/');

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        {/* A phone of 360 px holds the menu, the home link, the balance, the bell and the avatar: the gaps narrow,
            and below 380 px the home link is its house alone (it keeps its name for screen readers). */}
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          <IconButton edge="start" aria-label="Open menu" onClick={() => setMenuOpen(true)} sx={{ display: { lg: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <Typography
            component={Link}
            to="/dashboard"
            variant="h6"
            aria-label="FamilyOS"
            sx={{ fontWeight: 800, color: 'text.primary', textDecoration: 'none', mr: { xs: 0, xl: 2 }, whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            🏠{' '}
            <Box component="span" sx={{ '@media (max-width: 379.95px)': { display: 'none' } }}>
              FamilyOS
            </Box>
          </Typography>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.25, flexGrow: 1 }}>
            {links.map((l) => (
              <Button
                key={l.to}
                component={Link}
                to={l.to}
                color={current(l.to) ? 'primary' : 'inherit'}
                aria-current={current(l.to) ? 'page' : undefined}
                sx={{ minWidth: 0, px: { lg: 1, xl: 1.25 }, whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {l.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, lg: 0 } }} />
          {me.abilities.hasBalance && <BalanceBadge userId={me.id} />}
          {me.familyId !== null && <NotificationBell />}
          {/* Nine links for a superuser at 1280 px: the name and family give way (ellipsis), the links never wrap. */}
          <Stack direction="row" spacing={1} sx={{ ml: { xs: 0.5, sm: 1 }, alignItems: 'center', minWidth: 0 }}>
            <UserAvatar user={me} size={36} />
            <Box
              title={`${me.name} · ${ROLE_LABEL[me.role]}${family.data ? ` · ${family.data.name}` : ''}`}
              sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.1, minWidth: 0, maxWidth: { sm: 220, lg: 150, xl: 220 } }}
            >
              <Typography variant="body2" noWrap sx={{ fontWeight: 700 }} data-testid="header-name">
                {me.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p" data-testid="header-role">
                {ROLE_LABEL[me.role]}
                {family.data ? ` · ${family.data.name}` : ''}
              </Typography>
            </Box>
            <Button variant="outlined" size="small" onClick={() => void signOut()} sx={{ display: { xs: 'none', lg: 'inline-flex' }, flexShrink: 0 }}>
              Logout
            </Button>
          </Stack>
        </Toolbar>
      </AppBar>

      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
        <Box sx={{ width: 280 }} role="presentation">
          <Stack direction="row" spacing={1.5} sx={{ p: 2, alignItems: 'center' }}>
            <UserAvatar user={me} link={false} />
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{me.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {ROLE_LABEL[me.role]}
                {family.data ? ` · ${family.data.name}` : ''}
              </Typography>
            </Box>
          </Stack>
          <Divider />
          <List component="nav" aria-label="Main">
            {links.map((l) => (
              <ListItemButton key={l.to} component={Link} to={l.to} selected={current(l.to)} onClick={() => setMenuOpen(false)}>
                <ListItemText primary={l.label} />
              </ListItemButton>
            ))}
            <ListItemButton component={Link} to="/profile" onClick={() => setMenuOpen(false)}>
              <ListItemText primary="My Profile" />
            </ListItemButton>
          </List>
          <Divider />
          <Box sx={{ p: 2 }}>
            <Button fullWidth variant="outlined" onClick={() => void signOut()}>
              Logout
            </Button>
          </Box>
        </Box>
      </Drawer>

      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, md: 4 } }}>
        <Outlet />
      </Container>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2, px: 3, bgcolor: 'background.paper' }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          {footerLinks(me.abilities).map((l) => (
            <Typography key={l.to} component={Link} to={l.to} variant="body2" color="text.secondary">
              {l.label}
            </Typography>
          ))}
          <Typography variant="body2" color="text.secondary">
            🏠 FamilyOS
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
}
