import { expect, test } from './support/fixtures.js';
import { must, NAMES, PASSWORD } from './support/family.js';
import { openAs, section } from './support/session.js';

/**
 * Issue 26: a child's request to skip a chore's occurrence is a request like the others. It waits in the parent's
 * Child Requests on the dashboard, with the child's reason, and the answer reaches the child as a notification.
 */
test("a skip request waits in the dashboard's Child Requests, and the child is told the answer", async ({ page, freshFamily }) => {
  const [ada] = freshFamily.kids;
  const today = new Date().toISOString().slice(0, 10);
  const herbs = must(await freshFamily.admin.client.post('/api/tasks', { title: 'Water the herbs', pointsValue: 2, assignedTo: [ada.id], dueDate: today, isRecurring: true, recurringFrequency: 'daily' }), 201, 'herbs');
  const bins = must(await freshFamily.admin.client.post('/api/tasks', { title: 'Take out the bins', pointsValue: 3, assignedTo: [ada.id], dueDate: today, isRecurring: true, recurringFrequency: 'daily' }), 201, 'bins');
  must(await ada.client.post(`/api/tasks/${herbs.id}/skip-request`, { reason: 'At grandma’s tonight' }), 200, 'skip herbs');
  must(await ada.client.post(`/api/tasks/${bins.id}/skip-request`, { reason: 'My arm hurts' }), 200, 'skip bins');

  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  const requests = section(page, 'Child Requests');
  const herbsAsked = requests.getByTestId('skip-request').filter({ hasText: 'Water the herbs' });
  await expect(herbsAsked).toContainText('Asks to skip');
  await expect(herbsAsked).toContainText('At grandma’s tonight');
  await expect(herbsAsked).toContainText(NAMES.child);

  await herbsAsked.getByRole('button', { name: `Allow ${NAMES.child} to skip Water the herbs` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Skip Allowed' })).toBeVisible();
  await expect(herbsAsked).toHaveCount(0);
  await requests.getByRole('button', { name: `Keep Take out the bins for ${NAMES.child}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Skip Declined' })).toBeVisible();
  await expect(requests.getByTestId('skip-request')).toHaveCount(0);

  // Ada hears both answers, like any other request's.
  const told = async () =>
    must<{ notifications: { title: string; kind: string }[] }>(await ada.client.get('/api/notifications'), 200, 'notifications')
      .notifications.filter((n) => /skip/.test(n.title))
      .map((n) => [n.kind, n.title]);
  await expect
    .poll(told)
    .toEqual([
      ['taskRejected', `${NAMES.admin} said no to skipping Take out the bins`],
      ['taskApproved', `${NAMES.admin} said yes: you may skip Water the herbs`],
    ]);
});
