import { ApiClient } from './api-client.js';
import { eventually } from './eventually.js';
import type { ReceivedMail, SmtpInbox } from './smtp-inbox.js';

/** The subject of the one mail an unconfirmed address gets (decision 043). */
export const CONFIRMATION_SUBJECT = 'Confirm your e-mail address for FamilyOS';

/** The confirmation mails `address` received so far, oldest first. */
export const confirmationMails = (inbox: SmtpInbox, address: string) => inbox.to(address).filter((m) => m.subject === CONFIRMATION_SUBJECT);

/** The token of a confirmation mail, read from its link as the mail's reader would. */
export function tokenOf(mail: ReceivedMail): string {
  const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in ${JSON.stringify(mail.text)}`);
  return token;
}

/** Waits until `address` has received `count` confirmation mails, and answers the token of the last. */
export async function confirmationToken(inbox: SmtpInbox, address: string, count = 1): Promise<string> {
  const mails = await eventually(async () => {
    const received = confirmationMails(inbox, address);
    return received.length >= count && received;
  }, `confirmation mail ${count} to ${address}`);
  return tokenOf(mails.at(-1)!);
}

/**
 * Confirms an address as its owner does, with no backdoor: waits for its confirmation mail in the test's SMTP
 * inbox and follows the link (POST /api/email-confirmation/<token>, with no session).
 */
export async function confirmFromInbox(inbox: SmtpInbox, baseUrl: string, address: string, count = 1): Promise<void> {
  const token = await confirmationToken(inbox, address, count);
  const res = await new ApiClient(baseUrl).post(`/api/email-confirmation/${token}`);
  if (res.status !== 200) throw new Error(`confirming ${address} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A member sets their own address, then confirms it from the mail it gets. */
export async function setConfirmedAddress(client: ApiClient, memberId: string, address: string, inbox: SmtpInbox): Promise<void> {
  const before = confirmationMails(inbox, address).length;
  const res = await client.put(`/api/users/${memberId}/email`, { address });
  if (res.status !== 200) throw new Error(`setting ${address} failed: ${res.status} ${JSON.stringify(res.body)}`);
  await confirmFromInbox(inbox, client.baseUrl, address, before + 1);
}
