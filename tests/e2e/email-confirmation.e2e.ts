import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CONFIRMATION_SUBJECT, confirmationMails } from '../support/email-confirmation.js';
import { eventually } from '../support/eventually.js';
import { createFamily, uniqueName, type Family } from '../support/factories.js';
import { startApiProcess, stopProcess, type ApiProcess } from '../support/processes.js';
import { SmtpInbox } from '../support/smtp-inbox.js';
import { checkA11y } from './support/a11y.js';
import { expect, test } from './support/fixtures.js';
import { TOKEN_KEY } from './support/session.js';

/**
 * Decision 043 on the profile's E-mail card and the page a confirmation mail links to. The suite's shared api
 * sends no e-mail, so this file starts its own: the BUILT api serving the BUILT web app on a free port, mailing
 * through a real SMTP server on the loopback (tests/support/smtp-inbox.ts). The link is read from the mail the
 * inbox received and opened as the reader would, in a page with no session.
 */

let inbox: SmtpInbox;
let api: ApiProcess;
let dataDir: string;

test.beforeAll(async () => {
  inbox = await SmtpInbox.start();
  dataDir = mkdtempSync(join(tmpdir(), 'familyos-e2e-mail-'));
  api = await startApiProcess(dataDir, {
    SMTP_URL: inbox.url,
    MAIL_FROM: 'FamilyOS <familyos@example.org>',
    WEB_DIST: process.env.FAMILYOS_E2E_WEB_DIST || join(process.cwd(), 'apps', 'web', 'dist'),
  });
});
test.afterAll(async () => {
  await stopProcess(api?.child);
  await inbox?.down();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Opens `path` of this file's api signed in as the family's admin (the token in storage, as the app keeps it). */
async function openAsAdmin(page: Page, family: Family, path: string) {
  await page.addInitScript(([key, token]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, token), [TOKEN_KEY, family.admin.client.token!] as const);
  await page.goto(`${api.url}${path}`);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The path of the newest confirmation link mailed to `address`, once `count` have come. */
async function linkPath(address: string, count: number): Promise<string> {
  const mails = await eventually(async () => confirmationMails(inbox, address).length >= count && confirmationMails(inbox, address), `confirmation mail ${count}`);
  const path = /\/confirm-email\/[A-Za-z0-9_-]+/.exec(mails.at(-1)!.text)?.[0];
  expect(path).toBeTruthy();
  return path!;
}

test('the E-mail card: unconfirmed with "Send the link again", the link confirms it, then "Confirmed" @phone', async ({ page, browser }) => {
  const family = await createFamily(api.url);
  const address = `${uniqueName('pat')}@example.org`;
  await openAsAdmin(page, family, '/profile');
  const card = page.getByTestId('own-email');
  await card.getByRole('textbox', { name: 'E-mail address' }).fill(address);
  await card.getByRole('button', { name: 'Save Address' }).click();

  const unconfirmed = card.getByTestId('email-unconfirmed');
  await expect(unconfirmed).toContainText('Unconfirmed — check your inbox');
  await expect(unconfirmed).toContainText(address);
  await linkPath(address, 1);
  await checkA11y(page, 'the profile with an unconfirmed address');

  await unconfirmed.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: `A new link is on its way to ${address}` })).toBeVisible();
  const path = await linkPath(address, 2);
  expect(inbox.to(address).every((m) => m.subject === CONFIRMATION_SUBJECT)).toBe(true);

  // The mail is read elsewhere, where nobody is signed in: the link alone confirms the address.
  const mailClient = await browser.newContext();
  const reader = await mailClient.newPage();
  await reader.goto(`${api.url}${path}`);
  const done = reader.getByTestId('email-confirmation-done');
  await expect(done).toContainText('Address Confirmed');
  await expect(done).toContainText(address);
  await expect(done.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await checkA11y(reader, 'the confirmation page');
  // Used once: opened again, it says so.
  await reader.reload();
  await expect(reader.getByTestId('email-confirmation-refused')).toContainText('This confirmation link has already been used.');
  await mailClient.close();

  await page.reload();
  await expect(card.getByTestId('email-confirmed')).toContainText(`Confirmed: mail goes to ${address}.`);
  await expect(card.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
});
