import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { InlineLoading } from '../../components/page-parts';
import { ShowMore } from '../../components/ShowMore';
import { visuallyHidden } from '../../components/visually-hidden';
import { ago } from '../../lib/dates';
import type { Notification } from '../../lib/types';
import { useNotifications, useReadAllNotifications, useReadNotification } from './api';

const countLabel = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** The header's bell: the unread count, and the newest notifications in a popover, each leading to its item. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the list stays read (and live) for the rest of the visit: reopening shows it at once.
  const [opened, setOpened] = useState(false);
  if (anchor !== null && !opened) setOpened(true);
  const { query: notifications, notifications: list, unread } = useNotifications(anchor !== null || opened);
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const navigate = useNavigate();
  const paper = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // The button is disabled once all is read: focus goes back to the list, so Escape and Tab still work in it.
  const keepFocus = () => paper.current?.focus();

  const open = (n: Notification) => {
    setAnchor(null);
    if (n.readAt === null) read.mutate(n.id);
    void navigate({ to: n.link });
  };

  return (
    <>
      <IconButton
        aria-label={unread > 0 ? `Notifications, ${countLabel(unread)} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="notification-bell"
      >
        <Badge badgeContent={unread > 0 ? countLabel(unread) : null} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { ref: paper, role: 'dialog', 'aria-labelledby': titleId, sx: { width: 'min(380px, calc(100vw - 16px))', maxHeight: 'min(520px, calc(100vh - 80px))' } } }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0 || readAll.isPending} onClick={() => list[0] && readAll.mutate(list[0].id, { onSuccess: keepFocus })}>
            Mark all as read
          </Button>
        </Stack>
        <Divider />
        {notifications.isPending ? (
          <Box sx={{ px: 2, py: 4 }}>
            <InlineLoading label="Loading notifications" />
          </Box>
        ) : list.length === 0 ? (
          <Box sx={{ px: 2, py: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{notifications.isError ? 'Notifications could not be loaded.' : 'Nothing new. You are all caught up.'}</Typography>
          </Box>
        ) : (
          <List dense disablePadding aria-label="Newest notifications">
            {list.map((n) => (
              <ListItem key={n.id} disablePadding divider>
                <ListItemButton
                  onClick={() => open(n)}
                  data-testid="notification"
                  data-unread={n.readAt === null}
                  data-settled={n.settledAt !== null}
                  sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, bgcolor: n.readAt === null ? 'action.hover' : undefined }}
                >
                  <Box
                    aria-hidden
                    sx={{ mt: 0.9, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: n.readAt === null ? 'primary.main' : 'transparent' }}
                  />
                  <ListItemText
                    primary={
                      <>
                        {n.readAt === null && <Box component="span" sx={visuallyHidden}>Unread: </Box>}
                        {n.title}
                      </>
                    }
                    // Someone decided what it asked (decision 046): its "Waiting for your review" is no longer true.
                    secondary={[n.settledAt ? 'Dealt with' : n.body, ago(n.createdAt)].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { fontWeight: n.readAt === null ? 700 : 400 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ pb: notifications.hasNextPage ? 1.5 : 0 }}>
          <ShowMore query={notifications} label="Show older notifications" testId="show-older-notifications" />
        </Box>
      </Popover>
    </>
  );
}
