import type { DomainEvent } from './envelope.js';

/**
 * What an e-mail is about (issue 20): the family's weekly report, a parent's daily summary of what waits, or the
 * link that proves an address is its member's (decision 043).
 */
export type MailKind = 'weeklyReport' | 'dailyDigest' | 'emailConfirmation';

/**
 * mail-<sha256 of kind, member and key>: one e-mail to one member (decision 041). `key` names the thing mailed
 * (the report's id, the digest's family-local day). A sender claims the mail before it talks to the SMTP server,
 * until `until`: another process finds the claim and waits, so the mail goes out once; a claim whose sender died
 * may be taken again once `until` has passed.
 */
export type MailSending = DomainEvent<'MailSending', { kind: MailKind; memberId: string; key: string; claim: string; until: string }>;
/** The SMTP server accepted the mail; nothing is sent for this stream again. */
export type MailSent = DomainEvent<'MailSent', { claim: string; messageId: string | null }>;
/** The SMTP server refused or could not be reached: the claim is released and the mail tried again. */
export type MailFailed = DomainEvent<'MailFailed', { claim: string; reason: string }>;

export type MailEvent = MailSending | MailSent | MailFailed;
