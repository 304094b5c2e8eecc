import { fp, limits } from '@familyos/contracts/rules';
import { Box, Button, FormControlLabel, FormLabel, IconButton, List, ListItem, Radio, RadioGroup, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { listSx, SectionCard } from '../../components/SectionCard';
import { clockTime } from '../../lib/dates';
import type { Family } from '../../lib/types';
import { useSaveSettings } from './useSaveSettings';

type ChoreSettings = Family['choreSettings'];
type Milestone = ChoreSettings['streakMilestones'][number];

const MISSED: { value: ChoreSettings['missedChore']; label: string; said: string }[] = [
  { value: 'nothing', label: 'Nothing', said: 'A missed chore now costs nothing.' },
  { value: 'deduct', label: "Take the chore's missed-chore points", said: "A missed chore now takes the chore's missed-chore points." },
];

const inARow = (n: number) => `${n} ${n === 1 ? 'day' : 'days'} in a row`;
const DEFAULT_REMINDER = '16:00';

type Save = ReturnType<typeof useSaveSettings>['save'];

/** Issue 20: when children with chores still to do today get their one reminder, or never. */
function ReminderSetting({ reminderTime, busy, save }: { reminderTime: string | null; busy: boolean; save: Save }) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? reminderTime ?? DEFAULT_REMINDER;
  const remindAt = (time: string | null) =>
    save({ choreSettings: { reminderTime: time } }, time === null ? 'Reminders are off.' : `Children with chores still to do are now reminded at ${clockTime(time)}.`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (await remindAt(shown)) setTyped(null);
  }

  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>Reminders</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Once a day, at this time, each child with a chore still to do that day gets one reminder.
      </Typography>
      <FormControlLabel
        control={<Switch checked={reminderTime !== null} disabled={busy} onChange={(e) => void remindAt(e.target.checked ? DEFAULT_REMINDER : null)} />}
        label="Remind children of their chores"
      />
      {reminderTime !== null && (
        <Stack component="form" onSubmit={(e) => void submit(e)} direction="row" sx={{ gap: 1.5, mt: 1, alignItems: 'flex-start' }} aria-label="Reminder time">
          <TextField label="Remind at" type="time" size="small" value={shown} onChange={(e) => setTyped(e.target.value)} sx={{ flex: 1, maxWidth: 200 }} />
          <Button type="submit" variant="outlined" disabled={busy || shown === reminderTime} sx={{ flexShrink: 0, height: 40 }}>
            Save
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/**
 * Issue 19's family settings for repeating chores, saved through PUT /api/family `choreSettings` (the server
 * checks them and refuses with its own words): what a missed chore does, the streak milestones' bonuses, and
 * when children are reminded of the chores still to do (issue 20).
 */
export function ChoreSettingsCard({ settings }: { settings: ChoreSettings }) {
  const { save, busy } = useSaveSettings();
  const [missed, setMissed] = useState<ChoreSettings['missedChore'] | null>(null);
  const [streak, setStreak] = useState('7');
  const [points, setPoints] = useState('10');
  const shownMissed = missed ?? settings.missedChore;
  const milestones = [...settings.streakMilestones].sort((a, b) => a.streak - b.streak);

  const changeMissed = async (value: ChoreSettings['missedChore']) => {
    setMissed(value);
    await save({ choreSettings: { missedChore: value } }, MISSED.find((m) => m.value === value)!.said);
    setMissed(null);
  };

  const saveMilestones = (next: Milestone[], said: string) => save({ choreSettings: { streakMilestones: next } }, said);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const m = { streak: Number(streak), points: Number(points) };
    // The server says what is wrong with a milestone; nothing typed is lost until it is saved.
    const others = milestones.filter((x) => x.streak !== m.streak);
    if (await saveMilestones([...others, m], `${inARow(m.streak)} now earns ${fp(m.points)}.`)) {
      setStreak('');
      setPoints('');
    }
  }

  return (
    <SectionCard title="Repeating Chores" emoji="🔁" testId="settings-chores">
      <Stack sx={{ gap: 2.5 }}>
        <Box>
          <FormLabel id="missed-chore-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
            When a chore is missed
          </FormLabel>
          <RadioGroup aria-labelledby="missed-chore-label" value={shownMissed} onChange={(e) => !busy && void changeMissed(e.target.value as ChoreSettings['missedChore'])}>
            {MISSED.map((m) => (
              <FormControlLabel key={m.value} value={m.value} control={<Radio />} label={m.label} />
            ))}
          </RadioGroup>
          <Typography variant="body2" color="text.secondary">
            Each chore sets its own missed-chore points. A paused child misses nothing.
          </Typography>
        </Box>

        <ReminderSetting reminderTime={settings.reminderTime} busy={busy} save={save} />

        <Box>
          <Typography sx={{ fontWeight: 600 }}>Streak bonuses</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Bonus Family Points when a child's streak reaches a length, once each time it does.
          </Typography>
          {milestones.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mb: 1 }}>
              No streak bonuses yet.
            </Typography>
          ) : (
            <List disablePadding sx={listSx} aria-label="Streak bonuses">
              {milestones.map((m) => (
                <ListItem key={m.streak} disableGutters divider data-testid="streak-milestone" sx={{ py: 0.75 }}>
                  <Typography sx={{ flex: 1 }}>
                    🔥 {inARow(m.streak)} → <strong>+{fp(m.points)}</strong>
                  </Typography>
                  <IconButton
                    aria-label={`Remove the bonus for ${inARow(m.streak)}`}
                    disabled={busy}
                    onClick={() => void saveMilestones(milestones.filter((x) => x.streak !== m.streak), `The bonus for ${inARow(m.streak)} was removed.`)}
                  >
                    ✕
                  </IconButton>
                </ListItem>
              ))}
            </List>
          )}
          {milestones.length < limits.chore.milestonesMax && (
            <Stack component="form" onSubmit={(e) => void add(e)} direction="row" sx={{ gap: 1.5, mt: 1.5, alignItems: 'flex-start' }} aria-label="Add a streak bonus">
              <TextField label="Streak (days)" type="number" size="small" value={streak} onChange={(e) => setStreak(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { min: 1, max: limits.chore.milestoneStreakMax } }} />
              <TextField label="Bonus (FP)" type="number" size="small" value={points} onChange={(e) => setPoints(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { min: 1, max: limits.chore.milestonePointsMax } }} />
              <Button type="submit" variant="outlined" disabled={busy || !streak || !points} sx={{ flexShrink: 0, height: 40 }}>
                Add
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
    </SectionCard>
  );
}
