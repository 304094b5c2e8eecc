import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useChores } from '../../api/chores';
import { visuallyHidden } from '../../components/visually-hidden';
import type { Me, User } from '../../lib/types';

/** Storage a browser refuses (a private window, storage turned off) hides the card for this visit only. */
function stored<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch {
    return otherwise;
  }
}

/** One step: done or not, what it is, and what to press for it while it is not done. */
function Step({ n, done, title, children, action }: { n: number; done: boolean; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box component="li" data-testid="first-step" data-done={done ? 'yes' : 'no'} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', listStyle: 'none' }}>
      {done ? <CheckCircleIcon color="success" aria-hidden sx={{ mt: 0.25 }} /> : <RadioButtonUncheckedIcon color="disabled" aria-hidden sx={{ mt: 0.25 }} />}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, textDecoration: done ? 'line-through' : 'none', color: done ? 'text.secondary' : 'text.primary' }}>
          {n}. {title}
          {done && <Box component="span" sx={visuallyHidden}> (done)</Box>}
        </Typography>
        {!done && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {children}
            </Typography>
            {action && <Box sx={{ mt: 1 }}>{action}</Box>}
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * Issue 26: a new family's first steps, above everything else on a parent's dashboard until they are done: add
 * the children, make the first repeating chore, and show them around with the Tutorial. Each step is read from
 * the family as the server has it (its members, its chores), so it ticks itself off.
 */
export function FirstStepsCard({ me, users, onCreateTask }: { me: Me; users: User[] | undefined; onCreateTask: () => void }) {
  const chores = useChores(me.abilities.createTasks);
  // A family that keeps to one-off tasks says so once, on this device: the card is a guide, not a chore.
  const hiddenKey = `familyos.first-steps-hidden.${me.familyId}`;
  const [hidden, setHidden] = useState(() => stored(() => localStorage.getItem(hiddenKey) === '1', false));
  const hide = () => {
    stored(() => localStorage.setItem(hiddenKey, '1'), undefined);
    setHidden(true);
  };
  if (hidden || !users || !me.abilities.createTasks || chores.data === undefined) return null;
  const hasChildren = users.some((u) => u.role === 'child');
  const hasChore = chores.data.length > 0;
  if (hasChildren && hasChore) return null;
  return (
    <Card component="section" aria-labelledby="first-steps-title" data-testid="first-steps" sx={{ borderLeft: 4, borderColor: 'primary.main' }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="first-steps-title" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            <Box component="span" aria-hidden sx={{ mr: 1 }}>
              🚀
            </Box>
            First steps
          </Typography>
          <Button size="small" color="inherit" onClick={hide} aria-label="Hide the first steps">
            Not now
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Three steps and your family is ready for its first week.
        </Typography>
        <Stack component="ol" spacing={2} sx={{ m: 0, p: 0 }}>
          <Step
            n={1}
            done={hasChildren}
            title="Add your children"
            action={
              me.abilities.manageMembers ? (
                <Button component={Link} to="/admin" hash="add-member" variant="contained" size="small">
                  Add a child
                </Button>
              ) : undefined
            }
          >
            {me.abilities.manageMembers
              ? 'Give each child a username and a password, or a one-time sign-in link to pass on.'
              : 'A parent adds them in Admin.'}
          </Step>
          <Step
            n={2}
            done={hasChore}
            title="Make the first chore"
            action={
              hasChildren ? (
                <Button variant="outlined" size="small" onClick={onCreateTask}>
                  Create a chore
                </Button>
              ) : undefined
            }
          >
            Create Task, then choose how often it repeats: every day, on chosen weekdays… Each child gets it on time, with a reminder, and
            a streak grows each time it is done.
          </Step>
          <Step n={3} done={false} title="Show the children around" action={<Button component={Link} to="/tutorial" size="small">Open the Tutorial</Button>}>
            The Tutorial explains tasks, chores and streaks, rewards, the bell and reminders.
          </Step>
        </Stack>
      </CardContent>
    </Card>
  );
}
