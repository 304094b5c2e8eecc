import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { FamilyCreated } from '@familyos/events';
import { DEFAULT_CHORE_SETTINGS } from '@familyos/domain';
import { familiesProjection } from './families.projection.js';
import type { FamilyDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const created = (familyId: string, name: string): FamilyCreated['data'] => ({
  familyId,
  name,
  timeZone: 'Europe/Berlin',
  pointSettings: { allowNegative: true, interestRate: 0, currency: 'USD' },
  weeklyReportDay: 'Sunday',
  rewards: [{ name: 'Ice cream', cost: 50, emoji: '🍦' }],
  taskTemplates: [],
  hiddenSystemTemplates: [],
});

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(familiesProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['families'] as unknown as FamilyDoc[];
}

describe('families projection', () => {
  it('creates the family row from FamilyCreated', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const e = log.add('family-fam-1', 'FamilyCreated', created('fam-1', 'The Smiths'));
    expect(await run(log)).toEqual([
      {
        id: 'fam-1',
        familyId: 'fam-1',
        name: 'The Smiths',
        timeZone: 'Europe/Berlin',
        pointSettings: { allowNegative: true, interestRate: 0, currency: 'USD' },
        weeklyReportDay: 'Sunday',
        rewards: [{ name: 'Ice cream', cost: 50, emoji: '🍦' }],
        taskTemplates: [],
        hiddenSystemTemplates: [],
        createdAt: e.metadata.timestamp,
        choreSettings: { missedChore: 'nothing', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: '16:00' },
      },
    ]);
  });

  it('applies every settings event, and applying each twice changes nothing', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const first = log.add('family-fam-1', 'FamilyCreated', created('fam-1', 'The Smiths'));
    log.add('family-fam-1', 'FamilyRenamed', { name: 'Smith Family' });
    log.add('family-fam-1', 'PointSettingsChanged', { allowNegative: false, interestRate: 0, currency: 'EUR' });
    log.add('family-fam-1', 'WeeklyReportDayChanged', { weeklyReportDay: 'Friday' });
    log.add('family-fam-1', 'FamilyTimeZoneChanged', { timeZone: 'America/New_York' });
    log.add('family-fam-1', 'RewardsChanged', {
      rewards: [
        { name: 'Movie night', cost: 120, emoji: '🎬' },
        { name: 'Sticker', cost: 5, emoji: '⭐' },
      ],
    });
    log.add('family-fam-1', 'TaskTemplatesChanged', {
      taskTemplates: [{ title: 'Feed the cat', description: 'Twice a day', points: 10, emoji: '🐈' }],
    });
    log.add('family-fam-1', 'SystemTemplatesHiddenChanged', { hiddenSystemTemplates: ['Make bed', 'Homework'] });
    log.add('family-fam-1', 'FamilyRenamed', { name: 'The Smith-Joneses' });

    expect(await run(log)).toEqual([
      {
        id: 'fam-1',
        familyId: 'fam-1',
        name: 'The Smith-Joneses',
        timeZone: 'America/New_York',
        pointSettings: { allowNegative: false, interestRate: 0, currency: 'EUR' },
        weeklyReportDay: 'Friday',
        rewards: [
          { name: 'Movie night', cost: 120, emoji: '🎬' },
          { name: 'Sticker', cost: 5, emoji: '⭐' },
        ],
        taskTemplates: [{ title: 'Feed the cat', description: 'Twice a day', points: 10, emoji: '🐈' }],
        hiddenSystemTemplates: ['Make bed', 'Homework'],
        createdAt: first.metadata.timestamp,
        choreSettings: { missedChore: 'nothing', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: '16:00' },
      },
    ]);
  });

  it('each settings event changes only its own fields', async () => {
    const base = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    base.add('family-fam-1', 'FamilyCreated', created('fam-1', 'The Smiths'));
    const [initial] = await run(base);

    const cases: Array<[(log: EventLog) => void, Partial<FamilyDoc>]> = [
      [(l) => l.add('family-fam-1', 'FamilyRenamed', { name: 'N' }), { name: 'N' }],
      [
        (l) => l.add('family-fam-1', 'PointSettingsChanged', { allowNegative: false, interestRate: 2, currency: 'GBP' }),
        { pointSettings: { allowNegative: false, interestRate: 2, currency: 'GBP' } },
      ],
      [(l) => l.add('family-fam-1', 'WeeklyReportDayChanged', { weeklyReportDay: 'Monday' }), { weeklyReportDay: 'Monday' }],
      [(l) => l.add('family-fam-1', 'FamilyTimeZoneChanged', { timeZone: 'Asia/Tokyo' }), { timeZone: 'Asia/Tokyo' }],
      [(l) => l.add('family-fam-1', 'RewardsChanged', { rewards: [] }), { rewards: [] }],
      [
        (l) => l.add('family-fam-1', 'TaskTemplatesChanged', { taskTemplates: [{ title: 'T', description: '', points: 1, emoji: '✅' }] }),
        { taskTemplates: [{ title: 'T', description: '', points: 1, emoji: '✅' }] },
      ],
      [(l) => l.add('family-fam-1', 'SystemTemplatesHiddenChanged', { hiddenSystemTemplates: ['Dishes'] }), { hiddenSystemTemplates: ['Dishes'] }],
    ];
    for (const [add, patch] of cases) {
      const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
      log.add('family-fam-1', 'FamilyCreated', created('fam-1', 'The Smiths'));
      add(log);
      expect(await run(log)).toEqual([{ ...initial, ...patch }]);
    }
  });

  it('ignores settings events of a family it has never seen, and events of other streams', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('family-ghost', 'FamilyRenamed', { name: 'Ghost' }, { familyId: 'ghost' });
    log.add('family-fam-1', 'FamilyCreated', created('fam-1', 'The Smiths'));
    log.add('member-kid', 'MemberRenamed', { name: 'Kiddo' });
    log.addAny('family-fam-1', 'SomethingFromTheFuture', { name: 'Nope' });
    const rows = await run(log);
    expect(rows.map((r) => [r.id, r.name])).toEqual([['fam-1', 'The Smiths']]);
  });

  it('keeps two families apart: each row carries its familyId and only its own settings', async () => {
    const log = new EventLog({ familyId: 'fam-a', actorId: 'alice' });
    log.add('family-fam-a', 'FamilyCreated', created('fam-a', 'A-Team'));
    log.add('family-fam-b', 'FamilyCreated', created('fam-b', 'B-Team'), { familyId: 'fam-b', actorId: 'bob' });
    log.add('family-fam-a', 'FamilyRenamed', { name: 'A-Team renamed' });
    log.add('family-fam-b', 'WeeklyReportDayChanged', { weeklyReportDay: 'Saturday' }, { familyId: 'fam-b', actorId: 'bob' });
    log.add('family-fam-a', 'PointSettingsChanged', { allowNegative: false, interestRate: 0, currency: 'CHF' });

    const rows = await run(log);
    expect(rows.map((r) => [r.id, r.familyId, r.name, r.weeklyReportDay, r.pointSettings.currency])).toEqual([
      ['fam-a', 'fam-a', 'A-Team renamed', 'Sunday', 'CHF'],
      ['fam-b', 'fam-b', 'B-Team', 'Saturday', 'USD'],
    ]);
  });

  it("keeps the chore settings: the family decider's defaults, then each change", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('family-fam-1', 'FamilyCreated', created('fam-1', 'The Smiths'));
    expect((await run(log))[0]!.choreSettings).toEqual(DEFAULT_CHORE_SETTINGS);
    log.add('family-fam-1', 'ChoreSettingsChanged', { missedChore: 'deduct', streakMilestones: [{ streak: 3, points: 5 }, { streak: 10, points: 25 }] });
    expect((await run(log))[0]).toMatchObject({ name: 'The Smiths', choreSettings: { missedChore: 'deduct', streakMilestones: [{ streak: 3, points: 5 }, { streak: 10, points: 25 }] } });
    log.add('family-fam-1', 'ChoreSettingsChanged', { missedChore: 'nothing', streakMilestones: [] });
    expect((await run(log))[0]!.choreSettings).toEqual({ missedChore: 'nothing', streakMilestones: [], reminderTime: '16:00' });
    log.add('family-fam-1', 'ChoreSettingsChanged', { missedChore: 'nothing', streakMilestones: [], reminderTime: null });
    expect((await run(log))[0]!.choreSettings.reminderTime).toBeNull();
  });
});
