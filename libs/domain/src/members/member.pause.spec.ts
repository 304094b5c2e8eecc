import type { MemberEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { fold } from '../shared/decider.js';
import { isPausedOn, memberDecider, pauseOn, pausesToShow, type MemberCommand } from './member.decider.js';

/** A parent pauses a child (a vacation): no occurrences, no deductions, streaks frozen (issue 19). */

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const TODAY = '2026-07-01';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const eve: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };

const members = deciderSpec(memberDecider);

const joined = (role: 'child' | 'manager' = 'child'): MemberEvent => ({
  type: 'MemberJoined',
  data: { memberId: 'emma', familyId: FAMILY, username: 'emma', name: 'Emma', role, age: 10, avatar: '👧', isPrimaryAdmin: false, via: 'added' },
});
const pause = (over: Partial<Extract<MemberCommand, { type: 'PauseChild' }>> = {}): MemberCommand => ({
  type: 'PauseChild',
  actor: mom,
  pauseId: 'pause-1',
  fromDay: '2026-07-10',
  untilDay: '2026-07-20',
  reason: 'Summer camp',
  today: TODAY,
  ...over,
});
const paused = (fromDay = '2026-07-10', untilDay = '2026-07-20'): MemberEvent => ({
  type: 'MemberPaused',
  data: { pauseId: 'pause-1', fromDay, untilDay, reason: 'Summer camp' },
});
const endPause = (today: string, actor: Actor = mom, pauseId = 'pause-1'): MemberCommand => ({ type: 'EndPause', actor, pauseId, today });
const ended = (untilDay: string): MemberEvent => ({ type: 'MemberPauseEnded', data: { pauseId: 'pause-1', untilDay } });

describe('member decider: pausing a child', () => {
  describe('PauseChild', () => {
    it('a parent pauses a child for days, both included, with a reason', () => {
      members.given([joined()]).when(pause({ reason: '  Summer camp ' })).then([paused()]);
      members.given([joined()]).when(pause({ actor: dad, fromDay: TODAY, untilDay: TODAY })).then([paused(TODAY, TODAY)]);
    });

    it('the same pause again appends nothing', () => {
      members.given([joined(), paused()]).when(pause()).thenNothing();
    });

    it.each<[string, Partial<Extract<MemberCommand, { type: 'PauseChild' }>>, string]>([
      ['a day that is not one', { fromDay: '2026-02-30' }, messages.pauseDays],
      ['an until day that is not one', { untilDay: 'soon' }, messages.pauseDays],
      ['an end before the start', { fromDay: '2026-07-10', untilDay: '2026-07-09' }, messages.pauseEndBeforeStart],
      ['a pause already over', { fromDay: '2026-06-01', untilDay: '2026-06-30' }, messages.pausePast],
      ['no reason', { reason: ' ' }, messages.reasonRequired],
      ['a reason too long', { reason: 'x'.repeat(201) }, messages.reasonTooLong],
    ])('refuses %s', (_, over, message) => {
      members.given([joined()]).when(pause(over)).thenRefuses('invalid', exactly(message));
    });

    it('refuses a member who is not a child, a child acting, and another family', () => {
      members.given([joined('manager')]).when(pause()).thenRefuses('invalid', exactly(messages.pauseChildOnly));
      members.given([joined()]).when(pause({ actor: emma })).thenRefuses('forbidden');
      members.given([joined()]).when(pause({ actor: eve })).thenRefuses('not_found', 'User not found');
    });
  });

  describe('EndPause: the child is back today', () => {
    it('ends a running pause: yesterday was its last day', () => {
      members.given([joined(), paused()]).when(endPause('2026-07-15')).then([ended('2026-07-14')]);
    });

    it('cancels a pause that has not begun', () => {
      members.given([joined(), paused()]).when(endPause('2026-07-05')).then([ended('2026-07-09')]);
      expect(isPausedOn(fold(memberDecider, [joined(), paused(), ended('2026-07-09')]).pauses, '2026-07-10')).toBe(false);
    });

    it('appends nothing for a pause already over, or ended before', () => {
      members.given([joined(), paused()]).when(endPause('2026-07-21')).thenNothing();
      members.given([joined(), paused(), ended('2026-07-14')]).when(endPause('2026-07-15')).thenNothing();
    });

    it('refuses an unknown pause and a child', () => {
      members.given([joined(), paused()]).when(endPause('2026-07-15', mom, 'pause-9')).thenRefuses('not_found', 'Pause not found');
      members.given([joined(), paused()]).when(endPause('2026-07-15', emma)).thenRefuses('forbidden');
    });
  });

  it('isPausedOn: the days of every pause as it stands now', () => {
    const { pauses } = fold(memberDecider, [joined(), paused(), ended('2026-07-14')]);
    expect(['2026-07-09', '2026-07-10', '2026-07-14', '2026-07-15'].map((day) => isPausedOn(pauses, day))).toEqual([false, true, true, false]);
  });
});

describe('pausesToShow: the pauses a child\'s answers list on the family\'s today', () => {
  const p = (pauseId: string, fromDay: string, untilDay: string) => ({ pauseId, fromDay, untilDay, reason: '' });

  it('given pauses over, current, to come and ended before they began, then only the current and the coming, by first day', () => {
    const pauses = [p('later', '2026-08-01', '2026-08-05'), p('over', '2026-06-01', '2026-06-30'), p('now', '2026-06-28', '2026-07-03'), p('never', '2026-07-10', '2026-07-09')];
    expect(pausesToShow(pauses, TODAY).map((x) => x.pauseId)).toEqual(['now', 'later']);
  });

  it('given a pause whose last day is today, then it is still shown', () => {
    expect(pausesToShow([p('today', '2026-06-25', TODAY)], TODAY)).toHaveLength(1);
  });
});

describe('pauseOn: the pause a day falls in', () => {
  const pauses = [{ pauseId: 'a', fromDay: '2026-07-01', untilDay: '2026-07-03' }, { pauseId: 'b', fromDay: '2026-07-10', untilDay: '2026-07-09' }];
  it.each([
    ['2026-06-30', null],
    ['2026-07-01', 'a'],
    ['2026-07-03', 'a'],
    ['2026-07-04', null],
    ['2026-07-09', null],
  ])('on %s: %s', (day, expected) => {
    expect(pauseOn(pauses, day)?.pauseId ?? null).toBe(expected);
  });
});
