import type { SessionEvent } from '@familyos/events';
import { deciderSpec } from '@familyos/testing';
import { fold } from '../shared/decider.js';
import { sessionDecider, sessionIsLive, type SessionCommand } from './session.decider.js';

const EXPIRES = '2026-11-29T09:00:00.000Z';

const spec = deciderSpec(sessionDecider);

const start = (memberId = 'emma', epoch = 0): SessionCommand => ({ type: 'StartSession', memberId, method: 'password', expiresAt: EXPIRES, epoch });
const end: SessionCommand = { type: 'EndSession' };
const started = (memberId = 'emma', epoch = 0): SessionEvent => ({
  type: 'SessionStarted',
  data: { memberId, method: 'password', expiresAt: EXPIRES, epoch },
});
const ended: SessionEvent = { type: 'SessionEnded', data: { reason: 'logout' } };

describe('session decider', () => {
  it('starts a session for a member', () => {
    spec.given([]).when(start()).then([started()]);
  });

  it("records the member's sign-in epoch, so a later password change can end it", () => {
    spec.given([]).when(start('emma', 3)).then([started('emma', 3)]);
    expect(fold(sessionDecider, [started('emma', 3)]).epoch).toBe(3);
  });

  it('reads a session stored before epochs existed as epoch 0', () => {
    const stored: SessionEvent = { type: 'SessionStarted', data: { memberId: 'emma', method: 'password', expiresAt: EXPIRES } };
    expect(fold(sessionDecider, [stored]).epoch).toBe(0);
  });

  it('refuses to start the same session twice', () => {
    spec.given([started()]).when(start('leo')).thenRefuses('conflict');
  });

  it('refuses to restart an ended session', () => {
    spec.given([started(), ended]).when(start()).thenRefuses('conflict');
  });

  it('ends a live session on logout', () => {
    spec.given([started()]).when(end).then([ended]);
  });

  it('ending is idempotent', () => {
    spec.given([started(), ended]).when(end).thenNothing();
  });

  it('ending a session that never started appends nothing', () => {
    spec.given([]).when(end).thenNothing();
  });
});

describe('sessionIsLive', () => {
  const state = (events: SessionEvent[]) => fold(sessionDecider, events);

  it.each([
    ['a started session before it expires', [started()], '2026-11-29T08:59:59.999Z', true],
    ['a started session at its expiry instant', [started()], EXPIRES, false],
    ['a started session after it expired', [started()], '2026-11-30T00:00:00.000Z', false],
    ['an ended session before it expires', [started(), ended], '2026-11-22T09:00:00.000Z', false],
    ['no session at all', [], '2026-11-22T09:00:00.000Z', false],
  ] as const)('%s → %p', (_label, events, now, expected) => {
    expect(sessionIsLive(state([...events]), new Date(now))).toBe(expected);
  });
});
