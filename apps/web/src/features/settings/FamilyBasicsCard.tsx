import { limits, messages, WEEKDAYS } from '@familyos/contracts/rules';
import { Autocomplete, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Family } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { useSaveSettings } from './useSaveSettings';

/** How long the family name waits after the last keystroke before it is saved (one save per typing burst). */
const NAME_DEBOUNCE_MS = 600;
/** The hour of the day the weekly report is made, in the family's time zone. */
const REPORT_HOUR = '18:00';

type Weekday = Family['weeklyReportDay'];

function nameError(value: string): string | null {
  const name = value.trim();
  if (!name) return messages.familyNameRequired;
  if (name.length > limits.familyNameMax) return messages.familyNameTooLong;
  return null;
}

/** SPEC §2 Settings: the family name (saved as it is typed), the weekly report day and the family's time zone. */
export function FamilyBasicsCard({ family }: { family: Family }) {
  return (
    <SectionCard title="Family" emoji="🏠" testId="settings-family">
      <Stack sx={{ gap: 2.5 }}>
        <FamilyNameField familyId={family.id} saved={family.name} />
        <ReportSchedule family={family} />
      </Stack>
    </SectionCard>
  );
}

/**
 * A name typed but not yet saved when the page goes away (a reload within the pause), kept for this tab: the
 * save sent on the way out may reach the server after the reloaded page has read the family, so the page
 * coming back shows it and saves it again (a repeat renames nothing). Removed once a save of it answered.
 */
const NAME_DRAFT_KEY = 'familyos.familyNameDraft';

interface NameDraft {
  familyId: string;
  name: string;
}

const nameDraft = {
  take(familyId: string): string | null {
    try {
      const raw = sessionStorage.getItem(NAME_DRAFT_KEY);
      sessionStorage.removeItem(NAME_DRAFT_KEY);
      const draft = raw ? (JSON.parse(raw) as Partial<NameDraft>) : null;
      return draft?.familyId === familyId && typeof draft.name === 'string' && !nameError(draft.name) ? draft.name.trim() : null;
    } catch {
      return null;
    }
  },
  keep(draft: NameDraft) {
    try {
      sessionStorage.setItem(NAME_DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // No storage (a private window that refuses it): the save on the way out still goes.
    }
  },
  drop(name: string) {
    try {
      const raw = sessionStorage.getItem(NAME_DRAFT_KEY);
      if (raw && (JSON.parse(raw) as Partial<NameDraft>).name === name) sessionStorage.removeItem(NAME_DRAFT_KEY);
    } catch {
      // Nothing kept, nothing to drop.
    }
  },
};

const renamed = (name: string) => `Your family is now called “${name}”.`;

/**
 * SPEC §2: the family name is "saved on each change": one save a pause after the last keystroke, at once on
 * blur, and, when the page is hidden or goes away (a reload, a closed tab), at once with keepalive and a
 * draft for this tab (NAME_DRAFT_KEY), so a quick reload never loses it.
 */
function FamilyNameField({ familyId, saved }: { familyId: string; saved: string }) {
  const { save, busy } = useSaveSettings();
  const [value, setValue] = useState(saved);
  const [waiting, setWaiting] = useState(false);
  const error = nameError(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  /** Takes the name waiting to be saved, if any, and stops its timer. */
  const takePending = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const name = pending.current;
    pending.current = null;
    return name;
  };

  const flush = () => {
    setWaiting(false);
    const name = takePending();
    if (name !== null) void saveRef.current({ name }, renamed(name));
  };

  // A name the last page of this tab typed and could not be sure it saved: shown and saved again.
  const savedRef = useRef(saved);
  useEffect(() => {
    const draft = nameDraft.take(familyId);
    if (draft === null || draft === savedRef.current) return;
    setValue(draft);
    void saveRef.current({ name: draft }, renamed(draft));
  }, [familyId]);

  useEffect(() => {
    const leave = () => {
      const name = takePending();
      if (name === null) return;
      setWaiting(false);
      nameDraft.keep({ familyId, name });
      // If the page lives on (only hidden), the answer comes back and the draft is no longer needed.
      void saveRef.current({ name }, renamed(name), { keepalive: true }).then((ok) => ok && nameDraft.drop(name));
    };
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      // Leaving the page within the app (another route) saves what was typed, too.
      const name = takePending();
      if (name !== null) void saveRef.current({ name }, renamed(name));
    };
  }, [familyId]);

  const change = (next: string) => {
    setValue(next);
    takePending();
    const name = next.trim();
    if (nameError(next) || name === saved) {
      setWaiting(false);
      return;
    }
    pending.current = name;
    setWaiting(true);
    timer.current = setTimeout(flush, NAME_DEBOUNCE_MS);
  };

  const status = waiting || busy ? 'Saving…' : 'Saved automatically as you type.';
  return (
    <TextField
      label="Family name"
      required
      value={value}
      onChange={(e) => change(e.target.value)}
      onBlur={() => timer.current && flush()}
      error={Boolean(error)}
      helperText={error ?? status}
      slotProps={{ htmlInput: { autoComplete: 'off' } }}
    />
  );
}

function ReportSchedule({ family }: { family: Family }) {
  const { save } = useSaveSettings();
  const [day, setDay] = useState<Weekday | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const shownDay = day ?? family.weeklyReportDay;
  const shownZone = zone ?? family.timeZone;

  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return all.includes(family.timeZone) ? all : [family.timeZone, ...all];
  }, [family.timeZone]);

  const changeDay = async (next: Weekday) => {
    setDay(next);
    await save({ weeklyReportDay: next }, `Weekly reports now come every ${next}.`);
    setDay(null);
  };
  const changeZone = async (next: string) => {
    setZone(next);
    await save({ timeZone: next }, `The family's time zone is now ${next.replace(/_/g, ' ')}.`);
    setZone(null);
  };

  const now = DateTime.now().setZone(shownZone);
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField
          select
          label="Weekly report day"
          value={shownDay}
          onChange={(e) => void changeDay(e.target.value as Weekday)}
          sx={{ minWidth: { sm: 200 } }}
        >
          {WEEKDAYS.map((d) => (
            <MenuItem key={d} value={d}>
              {d}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          options={zones}
          value={shownZone}
          disableClearable
          autoHighlight
          onChange={(_e, next) => next && next !== shownZone && void changeZone(next)}
          getOptionLabel={(z) => z.replace(/_/g, ' ')}
          sx={{ flexGrow: 1 }}
          renderInput={(params) => <TextField {...params} label="Family time zone" />}
        />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.25 }} data-testid="report-schedule">
        Weekly reports are generated every <strong>{shownDay}</strong> at {REPORT_HOUR} in the family's time zone (
        {shownZone.replace(/_/g, ' ')}
        {now.isValid ? `, where it is ${now.toFormat('ccc HH:mm')} now` : ''}).
      </Typography>
    </Box>
  );
}
