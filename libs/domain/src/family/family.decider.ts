import type { ChoreSettings, FamilyEvent, FamilySettings, PointSettings, Reward, StreakMilestoneSetting, Weekday } from '@familyos/events';
import { BUILT_IN_TEMPLATE_TITLES, defaultReward, limits, messages, STARTER_REWARDS } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/errors.js';
import { assertCan } from '../shared/policy.js';

export interface FamilyState extends FamilySettings {
  exists: boolean;
  familyId: string | null;
  /** Not in FamilyCreated: every family has the defaults until a parent changes them (ChoreSettingsChanged). */
  choreSettings: Required<ChoreSettings>;
}

export const DEFAULT_POINT_SETTINGS: PointSettings = { allowNegative: true, interestRate: 0, currency: 'USD' };
/** A missed chore costs nothing unless the family says so; a week in a row earns 10 FP; reminders at 4 pm. */
export const DEFAULT_CHORE_SETTINGS: Required<ChoreSettings> = {
  missedChore: 'nothing',
  streakMilestones: [{ streak: 7, points: 10 }],
  reminderTime: '16:00',
};

/** A family's chore settings, with the defaults for what an older event did not say. */
export const choreSettingsOf = (settings: ChoreSettings): Required<ChoreSettings> => ({ ...DEFAULT_CHORE_SETTINGS, ...settings });

const REMINDER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export type FamilyCommand =
  | { type: 'CreateFamily'; familyId: string; name: string; timeZone: string }
  | {
      type: 'UpdateFamily';
      actor: Actor;
      changes: {
        name?: string;
        pointSettings?: Partial<PointSettings>;
        weeklyReportDay?: Weekday;
        timeZone?: string;
        redemptionOptions?: string[];
        rewards?: { name: string; cost: number; emoji?: string }[];
        taskTemplates?: { title: string; description?: string; points: number; emoji?: string }[];
        hiddenSystemTemplates?: string[];
        choreSettings?: Partial<ChoreSettings>;
      };
    };

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.length > 0;
  } catch {
    return false;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a person counts as characters: 👨‍👩‍👧 is one, though it is five code points. */
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemes = (text: string) => [...segmenter.segment(text)].length;

function rewardsFromNames(names: string[], current: Reward[]): Reward[] {
  return names.map((raw) => {
    const name = raw.trim();
    return current.find((r) => r.name === name) ?? defaultReward(name);
  });
}

const isWhole = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Milestones sorted by streak, each a whole streak and points within limits, no streak twice. */
function milestonesOf(given: StreakMilestoneSetting[]): StreakMilestoneSetting[] {
  const { chore } = limits;
  if (given.length > chore.milestonesMax) throw invalid(messages.streakMilestonesTooMany, 'streakMilestones');
  if (!given.every((m) => isWhole(m?.streak, 1, chore.milestoneStreakMax) && isWhole(m?.points, 1, chore.milestonePointsMax))) {
    throw invalid(messages.streakMilestone, 'streakMilestones');
  }
  if (new Set(given.map((m) => m.streak)).size !== given.length) throw invalid(messages.streakMilestoneDuplicate, 'streakMilestones');
  return given.map(({ streak, points }) => ({ streak, points })).sort((a, b) => a.streak - b.streak);
}

function assertDistinct(names: string[], message: string): void {
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) throw invalid(message);
}

export const familyDecider: Decider<FamilyCommand, FamilyState, FamilyEvent> = {
  initialState: {
    exists: false,
    familyId: null,
    name: '',
    timeZone: 'UTC',
    pointSettings: DEFAULT_POINT_SETTINGS,
    weeklyReportDay: 'Sunday',
    rewards: [],
    taskTemplates: [],
    hiddenSystemTemplates: [],
    choreSettings: DEFAULT_CHORE_SETTINGS,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'FamilyCreated':
        return { ...state, ...event.data, exists: true };
      case 'FamilyRenamed':
        return { ...state, name: event.data.name };
      case 'PointSettingsChanged':
        return { ...state, pointSettings: event.data };
      case 'WeeklyReportDayChanged':
        return { ...state, weeklyReportDay: event.data.weeklyReportDay };
      case 'FamilyTimeZoneChanged':
        return { ...state, timeZone: event.data.timeZone };
      case 'RewardsChanged':
        return { ...state, rewards: event.data.rewards };
      case 'TaskTemplatesChanged':
        return { ...state, taskTemplates: event.data.taskTemplates };
      case 'SystemTemplatesHiddenChanged':
        return { ...state, hiddenSystemTemplates: event.data.hiddenSystemTemplates };
      case 'ChoreSettingsChanged':
        return { ...state, choreSettings: choreSettingsOf(event.data) };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateFamily') {
      if (state.exists) throw conflict('This family already exists');
      if (!isValidTimeZone(command.timeZone)) throw invalid(messages.timeZone, 'timeZone');
      return [
        {
          type: 'FamilyCreated',
          data: {
            familyId: command.familyId,
            name: command.name,
            timeZone: command.timeZone,
            pointSettings: DEFAULT_POINT_SETTINGS,
            weeklyReportDay: 'Sunday',
            rewards: STARTER_REWARDS.map(defaultReward),
            taskTemplates: [],
            hiddenSystemTemplates: [],
          },
        },
      ];
    }

    if (!state.exists || state.familyId !== command.actor.familyId) throw notFound('Family');
    assertCan(command.actor, 'manageSettings');
    const c = command.changes;
    const events: FamilyEvent[] = [];

    if (c.name !== undefined && c.name !== state.name) events.push({ type: 'FamilyRenamed', data: { name: c.name } });

    if (c.pointSettings) {
      const given = Object.fromEntries(Object.entries(c.pointSettings).filter(([, v]) => v !== undefined));
      const next = { ...state.pointSettings, ...given };
      // The interest rate stays at its value until an issue asks for it (DESIGN §9): it is shown, disabled.
      next.interestRate = state.pointSettings.interestRate;
      if (!same(next, state.pointSettings)) events.push({ type: 'PointSettingsChanged', data: next });
    }

    if (c.weeklyReportDay !== undefined && c.weeklyReportDay !== state.weeklyReportDay) {
      events.push({ type: 'WeeklyReportDayChanged', data: { weeklyReportDay: c.weeklyReportDay } });
    }

    if (c.timeZone !== undefined && c.timeZone !== state.timeZone) {
      if (!isValidTimeZone(c.timeZone)) throw invalid(messages.timeZone, 'timeZone');
      events.push({ type: 'FamilyTimeZoneChanged', data: { timeZone: c.timeZone } });
    }

    let rewards: Reward[] | undefined;
    if (c.rewards) {
      rewards = c.rewards.map((r) => ({ name: r.name.trim(), cost: r.cost, emoji: r.emoji?.trim() || defaultReward(r.name.trim()).emoji }));
    } else if (c.redemptionOptions) {
      rewards = rewardsFromNames(c.redemptionOptions, state.rewards);
    }
    if (rewards) {
      assertDistinct(rewards.map((r) => r.name), messages.rewardDuplicate);
      if (!same(rewards, state.rewards)) events.push({ type: 'RewardsChanged', data: { rewards } });
    }

    if (c.taskTemplates) {
      const templates = c.taskTemplates.map((t) => ({
        title: t.title.trim(),
        description: t.description?.trim() ?? '',
        points: t.points,
        emoji: t.emoji?.trim() || '📋',
      }));
      // A custom template may not take a built-in's title: that would be editing a system template.
      if (templates.some((t) => BUILT_IN_TEMPLATE_TITLES.has(t.title))) throw invalid(messages.systemTemplateEdit, 'taskTemplates');
      if (templates.some((t) => graphemes(t.emoji) > limits.template.emojiMaxChars)) throw invalid(messages.templateEmoji, 'taskTemplates');
      if (!same(templates, state.taskTemplates)) events.push({ type: 'TaskTemplatesChanged', data: { taskTemplates: templates } });
    }

    if (c.hiddenSystemTemplates) {
      const hidden = [...new Set(c.hiddenSystemTemplates)];
      if (hidden.some((t) => !BUILT_IN_TEMPLATE_TITLES.has(t))) throw invalid(messages.systemTemplateUnknown, 'hiddenSystemTemplates');
      if (!same(hidden, state.hiddenSystemTemplates)) {
        events.push({ type: 'SystemTemplatesHiddenChanged', data: { hiddenSystemTemplates: hidden } });
      }
    }

    if (c.choreSettings) {
      const { missedChore = state.choreSettings.missedChore, streakMilestones, reminderTime = state.choreSettings.reminderTime } = c.choreSettings;
      if (missedChore !== 'nothing' && missedChore !== 'deduct') throw invalid(messages.missedChore, 'missedChore');
      if (reminderTime !== null && !REMINDER_TIME.test(String(reminderTime))) throw invalid(messages.reminderTime, 'reminderTime');
      const next: Required<ChoreSettings> = {
        missedChore,
        streakMilestones: streakMilestones ? milestonesOf(streakMilestones) : state.choreSettings.streakMilestones,
        reminderTime,
      };
      if (!same(next, state.choreSettings)) events.push({ type: 'ChoreSettingsChanged', data: next });
    }
    return events;
  },
};
