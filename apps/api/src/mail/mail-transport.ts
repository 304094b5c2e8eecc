import type { MailContent } from '@familyos/domain';

/** The mail port (decision 041): the deliveries and the tests do not care how a mail leaves the server. */
export const MAIL_TRANSPORT = Symbol('MailTransport');

export interface OutgoingMail extends MailContent {
  to: string;
}

export interface MailTransport {
  /** Hands the mail to the SMTP server; throws when it is refused or the server cannot be reached. */
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
  close(): void;
}
