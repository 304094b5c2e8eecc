import type { FamilyEvent, Reward } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { fold } from '../shared/decider.js';
import { DEFAULT_CHORE_SETTINGS, familyDecider, isValidTimeZone, type FamilyCommand } from './family.decider.js';

type Changes = Extract<FamilyCommand, { type: 'UpdateFamily' }>['changes'];

/** A refusal message must be exactly this text, not merely contain it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const rootInFamily: Actor = { id: 'root', role: 'superuser', familyId: FAMILY };
const otherAdmin: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };

const spec = deciderSpec(familyDecider);

/** SPEC §3's default reward table, for the starter rewards. */
const STARTERS = [
  { name: 'Extra Screen Time (30 min)', cost: 25 },
  { name: 'Family Movie Night', cost: 75 },
  { name: 'Sleepover', cost: 50 },
  { name: 'Special Toy', cost: 150 },
];

const created = (rewards: Reward[] = STARTERS.map((r) => ({ ...r, emoji: '⭐' }))): FamilyEvent => ({
  type: 'FamilyCreated',
  data: {
    familyId: FAMILY,
    name: 'The Demo Family',
    timeZone: 'Europe/London',
    pointSettings: { allowNegative: true, interestRate: 0, currency: 'USD' },
    weeklyReportDay: 'Sunday',
    rewards,
    taskTemplates: [],
    hiddenSystemTemplates: [],
  },
});

const update = (changes: Changes, actor: Actor = mom): FamilyCommand => ({ type: 'UpdateFamily', actor, changes });

describe('family decider', () => {
  describe('CreateFamily', () => {
    it('starts with the SPEC defaults and the starter rewards at their table costs', () => {
      spec
        .given([])
        .when({ type: 'CreateFamily', familyId: FAMILY, name: 'The Demo Family', timeZone: 'Europe/London' })
        .then([
          {
            type: 'FamilyCreated',
            data: {
              familyId: FAMILY,
              name: 'The Demo Family',
              timeZone: 'Europe/London',
              pointSettings: { allowNegative: true, interestRate: 0, currency: 'USD' },
              weeklyReportDay: 'Sunday',
              rewards: STARTERS.map((r) => ({ ...r, emoji: expect.any(String) })),
              taskTemplates: [],
              hiddenSystemTemplates: [],
            },
          },
        ]);
    });

    it('refuses a family that already exists', () => {
      spec
        .given([created()])
        .when({ type: 'CreateFamily', familyId: FAMILY, name: 'Again', timeZone: 'UTC' })
        .thenRefuses('conflict');
    });

    it('refuses an invalid time zone', () => {
      spec
        .given([])
        .when({ type: 'CreateFamily', familyId: FAMILY, name: 'The Demo Family', timeZone: 'Mars/Olympus_Mons' })
        .thenRefuses('invalid', exactly(messages.timeZone));
    });
  });

  describe('UpdateFamily: who may', () => {
    it('lets an admin of the family rename it', () => {
      spec.given([created()]).when(update({ name: 'The Smiths' })).then([{ type: 'FamilyRenamed', data: { name: 'The Smiths' } }]);
    });

    it('lets a superuser acting in the family change settings', () => {
      spec
        .given([created()])
        .when(update({ name: 'The Smiths' }, rootInFamily))
        .then([{ type: 'FamilyRenamed', data: { name: 'The Smiths' } }]);
    });

    it.each([
      ['a manager', dad],
      ['a child', emma],
    ])('refuses %s', (_label, actor) => {
      spec.given([created()]).when(update({ name: 'The Smiths' }, actor)).thenRefuses('forbidden');
    });

    it('answers not found to an admin of another family', () => {
      spec.given([created()]).when(update({ name: 'The Smiths' }, otherAdmin)).thenRefuses('not_found');
    });

    it('answers not found for a family that does not exist', () => {
      spec.given([]).when(update({ name: 'The Smiths' })).thenRefuses('not_found');
    });
  });

  describe('UpdateFamily: only what changed', () => {
    it('appends nothing when every given field equals the current value', () => {
      spec
        .given([created()])
        .when(
          update({
            name: 'The Demo Family',
            timeZone: 'Europe/London',
            weeklyReportDay: 'Sunday',
            pointSettings: { allowNegative: true, currency: 'USD' },
            redemptionOptions: STARTERS.map((r) => r.name),
            taskTemplates: [],
            hiddenSystemTemplates: [],
          }),
        )
        .thenNothing();
    });

    it('appends nothing for an empty change set', () => {
      spec.given([created()]).when(update({})).thenNothing();
    });

    it('emits only the events of the fields that changed', () => {
      spec
        .given([created()])
        .when(update({ name: 'The Demo Family', weeklyReportDay: 'Monday', timeZone: 'Asia/Bangkok', pointSettings: { allowNegative: true } }))
        .then([
          { type: 'WeeklyReportDayChanged', data: { weeklyReportDay: 'Monday' } },
          { type: 'FamilyTimeZoneChanged', data: { timeZone: 'Asia/Bangkok' } },
        ]);
    });

    it('merges point settings with the current ones', () => {
      spec
        .given([created()])
        .when(update({ pointSettings: { allowNegative: false } }))
        .then([{ type: 'PointSettingsChanged', data: { allowNegative: false, interestRate: 0, currency: 'USD' } }]);
    });

    it('ignores an interest rate change (the rate stays 0)', () => {
      spec.given([created()]).when(update({ pointSettings: { interestRate: 5 } })).thenNothing();
      spec
        .given([created()])
        .when(update({ pointSettings: { interestRate: 5, currency: 'THB' } }))
        .then([{ type: 'PointSettingsChanged', data: { allowNegative: true, interestRate: 0, currency: 'THB' } }]);
    });

    it('refuses an invalid time zone, and with it the whole update', () => {
      spec
        .given([created()])
        .when(update({ name: 'The Smiths', timeZone: 'Not/AZone' }))
        .thenRefuses('invalid', exactly(messages.timeZone));
    });
  });

  describe('UpdateFamily: rewards', () => {
    it('keeps existing costs for known names and defaults the others from the SPEC table, else 50 and 🎁', () => {
      const given = [created([{ name: 'Sleepover', cost: 80, emoji: '⛺' }])];
      spec
        .given(given)
        .when(update({ redemptionOptions: ['Sleepover', ' Pony ride ', 'Family Movie Night'] }))
        .then([
          {
            type: 'RewardsChanged',
            data: {
              rewards: [
                { name: 'Sleepover', cost: 80, emoji: '⛺' },
                { name: 'Pony ride', cost: 50, emoji: '🎁' },
                { name: 'Family Movie Night', cost: 75, emoji: expect.any(String) },
              ],
            },
          },
        ]);
    });

    it('appends nothing when the names are the current ones', () => {
      spec.given([created()]).when(update({ redemptionOptions: STARTERS.map((r) => r.name) })).thenNothing();
    });

    it('takes full rewards with their own costs, defaulting a missing emoji', () => {
      spec
        .given([created([])])
        .when(update({ rewards: [{ name: ' Pony ride ', cost: 30 }, { name: 'Ice cream', cost: 10, emoji: '🍦' }] }))
        .then([
          {
            type: 'RewardsChanged',
            data: {
              rewards: [
                { name: 'Pony ride', cost: 30, emoji: '🎁' },
                { name: 'Ice cream', cost: 10, emoji: '🍦' },
              ],
            },
          },
        ]);
    });

    it('refuses two rewards with the same name, ignoring case', () => {
      spec
        .given([created()])
        .when(update({ redemptionOptions: ['Cash', 'cash'] }))
        .thenRefuses('invalid', exactly(messages.rewardDuplicate));
    });
  });

  describe('UpdateFamily: task templates', () => {
    it('stores custom templates with a default description and clipboard emoji', () => {
      spec
        .given([created()])
        .when(update({ taskTemplates: [{ title: ' Water plants ', points: 5 }] }))
        .then([
          {
            type: 'TaskTemplatesChanged',
            data: { taskTemplates: [{ title: 'Water plants', description: '', points: 5, emoji: '📋' }] },
          },
        ]);
    });

    it('appends nothing when the templates are unchanged', () => {
      const templates = [{ title: 'Water plants', description: 'Both balconies', points: 5, emoji: '🪴' }];
      spec
        .given([created(), { type: 'TaskTemplatesChanged', data: { taskTemplates: templates } }])
        .when(update({ taskTemplates: templates }))
        .thenNothing();
    });

    it.each(['Make Bed', ' Homework '])('refuses a custom template titled like the built-in %p', (title) => {
      spec
        .given([created()])
        .when(update({ taskTemplates: [{ title, points: 25 }] }))
        .thenRefuses('invalid', exactly(messages.systemTemplateEdit));
    });

    it('refuses a template emoji longer than 2 characters', () => {
      spec
        .given([created()])
        .when(update({ taskTemplates: [{ title: 'Water plants', points: 5, emoji: '🪴🪴🪴' }] }))
        .thenRefuses('invalid', exactly(messages.templateEmoji));
    });

    it('hides built-in templates, each once', () => {
      spec
        .given([created()])
        .when(update({ hiddenSystemTemplates: ['Make Bed', 'Homework', 'Make Bed'] }))
        .then([{ type: 'SystemTemplatesHiddenChanged', data: { hiddenSystemTemplates: ['Make Bed', 'Homework'] } }]);
    });

    it('appends nothing when the hidden list is unchanged', () => {
      spec
        .given([created(), { type: 'SystemTemplatesHiddenChanged', data: { hiddenSystemTemplates: ['Make Bed'] } }])
        .when(update({ hiddenSystemTemplates: ['Make Bed'] }))
        .thenNothing();
    });

    it('refuses hiding a title that is not built in', () => {
      spec
        .given([created()])
        .when(update({ hiddenSystemTemplates: ['Make Bed', 'Water plants'] }))
        .thenRefuses('invalid', exactly(messages.systemTemplateUnknown));
    });
  });

  describe('isValidTimeZone', () => {
    it.each([
      ['UTC', true],
      ['Europe/London', true],
      ['Asia/Bangkok', true],
      ['', false],
      ['Mars/Olympus_Mons', false],
    ])('%p → %p', (zone, expected) => {
      expect(isValidTimeZone(zone)).toBe(expected);
    });
  });
  describe('chore settings (issue 19)', () => {
    it('a family created before chores has the defaults: a missed chore does nothing, 7 in a row earns 10', () => {
      expect(fold(familyDecider, [created()]).choreSettings).toEqual({ missedChore: 'nothing', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: '16:00' });
      expect(DEFAULT_CHORE_SETTINGS.missedChore).toBe('nothing');
    });

    it('a parent turns deductions on and sets milestones, sorted by streak', () => {
      spec
        .given([created()])
        .when(update({ choreSettings: { missedChore: 'deduct', streakMilestones: [{ streak: 30, points: 50 }, { streak: 7, points: 10 }] } }))
        .then([{ type: 'ChoreSettingsChanged', data: { missedChore: 'deduct', streakMilestones: [{ streak: 7, points: 10 }, { streak: 30, points: 50 }], reminderTime: '16:00' } }]);
    });

    it('changes one part and keeps the other; the same again appends nothing', () => {
      spec
        .given([created()])
        .when(update({ choreSettings: { missedChore: 'deduct' } }))
        .then([{ type: 'ChoreSettingsChanged', data: { missedChore: 'deduct', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: '16:00' } }]);
      spec.given([created()]).when(update({ choreSettings: { missedChore: 'nothing', streakMilestones: [{ streak: 7, points: 10 }] } })).thenNothing();
    });

    it('no milestones at all is allowed: no streak bonuses', () => {
      spec.given([created()]).when(update({ choreSettings: { streakMilestones: [] } })).then([{ type: 'ChoreSettingsChanged', data: { missedChore: 'nothing', streakMilestones: [], reminderTime: '16:00' } }]);
    });

    it('reminders (issue 20): at 4 pm until a parent picks another time or turns them off; a family whose settings predate them has 4 pm', () => {
      spec.given([created()]).when(update({ choreSettings: { reminderTime: '07:30' } })).then([{ type: 'ChoreSettingsChanged', data: { missedChore: 'nothing', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: '07:30' } }]);
      spec.given([created()]).when(update({ choreSettings: { reminderTime: null } })).then([{ type: 'ChoreSettingsChanged', data: { missedChore: 'nothing', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: null } }]);
      const older = { type: 'ChoreSettingsChanged', data: { missedChore: 'deduct', streakMilestones: [] } } as const;
      expect(fold(familyDecider, [created(), older]).choreSettings.reminderTime).toBe('16:00');
    });

    it.each<[string, Changes['choreSettings'], string]>([
      ['an unknown missed-chore setting', { missedChore: 'shout' as 'deduct' }, messages.missedChore],
      ['a streak of 0', { streakMilestones: [{ streak: 0, points: 10 }] }, messages.streakMilestone],
      ['a streak past a year', { streakMilestones: [{ streak: 366, points: 10 }] }, messages.streakMilestone],
      ['no points', { streakMilestones: [{ streak: 7, points: 0 }] }, messages.streakMilestone],
      ['points past 500', { streakMilestones: [{ streak: 7, points: 501 }] }, messages.streakMilestone],
      ['half a day', { streakMilestones: [{ streak: 7.5, points: 10 }] }, messages.streakMilestone],
      ['the same streak twice', { streakMilestones: [{ streak: 7, points: 10 }, { streak: 7, points: 20 }] }, messages.streakMilestoneDuplicate],
      ['a reminder at 25:00', { reminderTime: '25:00' }, messages.reminderTime],
      ['a reminder "after school"', { reminderTime: 'after school' }, messages.reminderTime],
      ['eleven milestones', { streakMilestones: Array.from({ length: 11 }, (_, i) => ({ streak: i + 1, points: 1 })) }, messages.streakMilestonesTooMany],
    ])('refuses %s', (_, choreSettings, message) => {
      spec.given([created()]).when(update({ choreSettings })).thenRefuses('invalid', exactly(message));
    });

    it('refuses a manager and a child (settings are an admin\'s)', () => {
      spec.given([created()]).when(update({ choreSettings: { missedChore: 'deduct' } }, dad)).thenRefuses('forbidden');
      spec.given([created()]).when(update({ choreSettings: { missedChore: 'deduct' } }, emma)).thenRefuses('forbidden');
    });
  });
});
