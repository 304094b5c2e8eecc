import { pushMessageOf } from './push-message.js';

describe('push messages', () => {
  it('a submitted task carries Approve and Reject as the task review call', () => {
    const message = pushMessageOf({ kind: 'taskSubmitted', title: 'Emma finished Dishes', body: 'Waiting for your review · +5 FP', link: '/dashboard', subject: { type: 'task', id: 't1' } });
    expect(message).toEqual({
      kind: 'taskSubmitted',
      title: 'Emma finished Dishes',
      body: 'Waiting for your review · +5 FP',
      url: '/dashboard',
      tag: 'task-t1',
      actions: [
        { action: 'approve', title: 'Approve', method: 'PUT', path: '/api/tasks/t1', body: { status: 'approved' } },
        { action: 'reject', title: 'Reject', method: 'PUT', path: '/api/tasks/t1', body: { status: 'rejected' } },
      ],
    });
  });

  it('a reward request carries the redemption review call; other kinds carry no buttons', () => {
    const request = pushMessageOf({ kind: 'redemptionRequested', title: 'Leo wants 🎮 Games', body: '', link: '/dashboard', subject: { type: 'redemption', id: 'r/1' } });
    expect(request.actions?.map((a) => [a.method, a.path, a.body])).toEqual([
      ['PUT', '/api/redemptions/r%2F1', { status: 'approved' }],
      ['PUT', '/api/redemptions/r%2F1', { status: 'rejected' }],
    ]);
    expect(pushMessageOf({ kind: 'pointsReceived', title: 'Mom gave you +5 FP', body: '', link: '/activity', subject: { type: 'pointsEntry', id: 'p1' } }).actions).toBeUndefined();
  });
});
