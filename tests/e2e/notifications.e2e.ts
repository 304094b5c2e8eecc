import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { NotificationsView } from '@familyos/contracts';
import { memberFor, must, NAMES, PASSWORD } from './support/family.js';
import { checkA11y } from './support/a11y.js';
import { openAs, section, toast } from './support/session.js';

/**
 * Issue 20's notification centre as a family meets it, a parent and a child in two browser contexts at once: the
 * parent creates a task for the child; the child's bell counts it (after a reload: the live stream that refreshes
 * it without one is the lead's part), its list leads to the task, and "Mark all as read" empties the count.
 */

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const unreadLabel = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);

test('the child hears of a new task through the bell, opens it, and marks everything read', async ({ browser, freshFamily: family }) => {
  const parentContext = await browser.newContext();
  const childContext = await browser.newContext();
  const parent = await parentContext.newPage();
  const child = await childContext.newPage();
  const ada = memberFor(family, 'child');
  await openAs(child, ada.username, PASSWORD, '/dashboard');
  await expect(bell(child)).toBeVisible();

  await openAs(parent, family.admin.username, PASSWORD, '/dashboard');
  await parent.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Create Task' }).click();
  const form = parent.getByRole('dialog', { name: /Create Task/ });
  await form.getByRole('textbox', { name: 'Title' }).fill('Water the tomatoes');
  await form.getByRole('checkbox', { name: NAMES.child }).check();
  await form.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(toast(parent)).toContainText('Task Created');

  // What the server counts once it has told Ada (the seeded family told her of other things before).
  const told = `${NAMES.admin} gave you a new task: Water the tomatoes`;
  let unread = 0;
  await expect
    .poll(async () => {
      const answer = must<NotificationsView>(await ada.client.get('/api/notifications'), 200, 'notifications');
      unread = answer.unread;
      return answer.notifications[0]?.title;
    })
    .toBe(told);
  await child.reload();
  await expect(bell(child)).toHaveAccessibleName(unreadLabel(unread));
  await bell(child).click();
  const list = child.getByRole('dialog', { name: 'Notifications' });
  const newest = list.getByTestId('notification').first();
  await expect(newest).toContainText(told);
  await expect(newest).toHaveAttribute('data-unread', 'true');
  await checkA11y(child, 'the open notification list');

  await newest.click();
  await expect(list).toBeHidden();
  await expect(child).toHaveURL(/\/tasks$/);
  await expect(child.getByText('Water the tomatoes').first()).toBeVisible();
  await expect(bell(child)).toHaveAccessibleName(unreadLabel(unread - 1));

  await bell(child).click();
  await expect(list.getByTestId('notification').first()).toHaveAttribute('data-unread', 'false');
  await list.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.locator('[data-unread="true"]')).toHaveCount(0);
  await expect(list.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  // The disabled button gives focus back to the list, where Escape still closes it.
  await expect(list).toBeFocused();
  await child.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(bell(child)).toHaveAccessibleName(unreadLabel(0));

  // The parent created it: their own bell has nothing of it.
  await bell(parent).click();
  await expect(parent.getByRole('dialog', { name: 'Notifications' })).not.toContainText('Water the tomatoes');
  await parentContext.close();
  await childContext.close();
});

test('a task one parent approves from the dashboard is dealt with in the other parent’s bell too, without a reload', async ({ browser, freshFamily: family }) => {
  const { submitted } = family.tasks;
  const momContext = await browser.newContext();
  const dadContext = await browser.newContext();
  const mom = await momContext.newPage();
  const dad = await dadContext.newPage();
  const unreadOf = async (member: typeof family.admin) => must<NotificationsView>(await member.client.get('/api/notifications'), 200, 'notifications').unread;
  const waiting = `${NAMES.child} finished ${submitted}`;
  await expect.poll(async () => (must<NotificationsView>(await family.manager.client.get('/api/notifications'), 200, 'notifications')).notifications.map((n) => n.title)).toContain(waiting);
  const [momsUnread, dadsUnread] = [await unreadOf(family.admin), await unreadOf(family.manager)];
  await openAs(mom, family.admin.username, PASSWORD, '/dashboard');
  await openAs(dad, family.manager.username, PASSWORD, '/dashboard');
  await expect(bell(dad)).toHaveAccessibleName(unreadLabel(dadsUnread));
  await bell(dad).click();
  const dadsList = dad.getByRole('dialog', { name: 'Notifications' });
  const dadsItem = dadsList.getByTestId('notification').filter({ hasText: waiting });
  await expect(dadsItem).toContainText('Waiting for your review');
  await expect(dadsItem).toHaveAttribute('data-unread', 'true');

  await section(mom, 'Tasks Awaiting Approval').getByRole('button', { name: `Approve ${submitted}` }).click();
  await mom.getByRole('dialog', { name: 'Approve Task' }).getByRole('button', { name: /^Approve with/ }).click();
  await expect(toast(mom)).toBeVisible();

  // Dad's open list changes by itself: the live stream told his bell (decision 046).
  await expect(dadsItem).toHaveAttribute('data-settled', 'true');
  await expect(dadsItem).toHaveAttribute('data-unread', 'false');
  await expect(dadsItem).toContainText('Dealt with');
  await expect(dadsItem).not.toContainText('Waiting for your review');
  await dad.keyboard.press('Escape');
  await expect(bell(dad)).toHaveAccessibleName(unreadLabel(dadsUnread - 1));
  await expect(bell(mom)).toHaveAccessibleName(unreadLabel(momsUnread - 1));
  await momContext.close();
  await dadContext.close();
});
