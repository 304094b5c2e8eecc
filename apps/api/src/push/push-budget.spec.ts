import { SYSTEM_ACTOR } from '@familyos/domain';
import { PushBudget, PUSHES_PER_REQUEST } from './push-budget.js';

const event = (actorId: string, timestamp: string) => ({ metadata: { eventId: 'e', familyId: 'f', actorId, timestamp, schemaVersion: 1 } });

describe('PushBudget (decision 042)', () => {
  it('one request (one append: same actor and time) makes at most PUSHES_PER_REQUEST pushes over all its events', () => {
    const budget = new PushBudget();
    const at = '2026-11-28T10:00:00.000Z';
    expect(budget.take(event('mom', at), 7)).toBe(7);
    expect(budget.take(event('mom', at), 7)).toBe(PUSHES_PER_REQUEST - 7);
    expect(budget.take(event('mom', at), 7)).toBe(0);
  });

  it('the next request has its own budget, as does another member’s', () => {
    const budget = new PushBudget();
    expect(budget.take(event('mom', '2026-11-28T10:00:00.000Z'), 25)).toBe(PUSHES_PER_REQUEST);
    expect(budget.take(event('mom', '2026-11-28T10:00:00.001Z'), 25)).toBe(PUSHES_PER_REQUEST);
    expect(budget.take(event('ada', '2026-11-28T10:00:00.001Z'), 3)).toBe(3);
  });

  it('the server’s own events are no member’s request: each is bounded alone', () => {
    const budget = new PushBudget();
    const at = '2026-11-28T18:00:00.000Z';
    expect(budget.take(event(SYSTEM_ACTOR, at), 8)).toBe(8);
    expect(budget.take(event(SYSTEM_ACTOR, at), 8)).toBe(8);
    expect(budget.take(event(SYSTEM_ACTOR, at), 25)).toBe(PUSHES_PER_REQUEST);
  });
});
