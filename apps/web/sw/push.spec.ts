import type { PushMessage } from '@familyos/contracts';
import { actionRequestOf, appUrlOf, notificationOf, outcomeOf, parsePushMessage } from './push';

const ORIGIN = 'https://family.example';
const approve = { action: 'approve', title: 'Approve', method: 'PUT', path: '/api/tasks/t1', body: { status: 'approved' } } as const;
const reject = { action: 'reject', title: 'Reject', method: 'PUT', path: '/api/tasks/t1', body: { status: 'rejected' } } as const;
const message: PushMessage = {
  kind: 'taskSubmitted',
  title: 'Ada finished "Feed the fish"',
  body: '5 FP when you approve it',
  url: '/tasks',
  tag: 'task-t1',
  actions: [approve, reject, { action: 'later', title: 'Later', method: 'POST', path: '/api/x' }],
};
const images = { icon: '/assets/icon-192-x.png', badge: '/assets/badge-96-x.png' };

describe('a push message', () => {
  it('is read from its JSON, keeping only well-formed buttons', () => {
    const text = JSON.stringify({ ...message, actions: [approve, { action: 'bad', title: 'Bad', method: 'DELETE', path: '/api/x' }, 'junk'] });
    expect(parsePushMessage(text)).toEqual({ ...message, actions: [approve] });
  });

  it('is nothing when it is not one', () => {
    for (const text of [undefined, '', 'not json', '42', 'null', JSON.stringify({ ...message, title: 7 }), JSON.stringify({ kind: 'x', title: 't', body: 'b' })]) {
      expect(parsePushMessage(text)).toBeNull();
    }
  });

  it('shows its title, body, images and tag, with its first two buttons, and keeps what a tap needs', () => {
    const { title, options } = notificationOf(message, images);
    expect(title).toBe(message.title);
    expect(options).toMatchObject({ body: message.body, icon: images.icon, badge: images.badge, tag: 'task-t1' });
    expect(options.actions).toEqual([
      { action: 'approve', title: 'Approve' },
      { action: 'reject', title: 'Reject' },
    ]);
    expect(options.data).toEqual({ url: '/tasks', actions: [approve, reject] });
  });
});

describe('a tap on the notification', () => {
  it('opens the app path on this origin', () => {
    expect(appUrlOf('/tasks?focus=t1', ORIGIN)).toBe(`${ORIGIN}/tasks?focus=t1`);
  });

  it('never leads to another site', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'tasks', 42, undefined]) {
      expect(appUrlOf(url, ORIGIN)).toBe(`${ORIGIN}/`);
    }
  });
});

describe("a notification's button", () => {
  const data = notificationOf(message, images).options.data;

  it("calls the API with the member's cookie and the action's body as JSON", () => {
    expect(actionRequestOf(data, 'reject')).toEqual({
      path: '/api/tasks/t1',
      title: 'Reject',
      init: { method: 'PUT', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{"status":"rejected"}' },
    });
  });

  it('refuses a path outside the API, and an action the notification does not have', () => {
    for (const path of ['/logout', 'https://evil.example/api/x', '//evil.example/api/x', '/api/../logout', '/api//evil.example']) {
      const request = actionRequestOf({ url: '/', actions: [{ ...approve, path }] }, 'approve');
      expect(request).toEqual({ refused: `"Approve" was not sent: it does not lead to FamilyOS's API.` });
    }
    expect(actionRequestOf(data, 'later')).toHaveProperty('refused');
    expect(actionRequestOf(null, 'approve')).toHaveProperty('refused');
  });

  it("tells the member it was done, or the server's reason it was not", () => {
    expect(outcomeOf('Approve', { ok: true, status: 200, bodyText: '{}' })).toEqual({ title: 'Approve: done', body: 'FamilyOS has it.' });
    expect(outcomeOf('Approve', { ok: false, status: 409, bodyText: '{"error":"This task was already approved."}' })).toEqual({
      title: 'Approve: not done',
      body: 'This task was already approved.',
    });
    expect(outcomeOf('Approve', { ok: false, status: 401, bodyText: '' }).body).toMatch(/signed out/);
    expect(outcomeOf('Approve', { ok: false, status: 502, bodyText: '<html>' }).body).toBe('FamilyOS answered 502. Open it and try again.');
    expect(outcomeOf('Approve', 'unreachable').body).toMatch(/could not be reached/);
  });
});
