import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport, OutgoingMail } from './mail-transport.js';

/** Long enough for a slow mail server, short enough that a dead one does not hold its reactor for minutes. */
const TIMEOUT_MS = 15_000;

/** The SMTP adapter of the mail port: nodemailer with SMTP_URL, every mail from MAIL_FROM. */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    this.transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string | null }> {
    const info = await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return { messageId: typeof info.messageId === 'string' ? info.messageId : null };
  }

  close(): void {
    this.transporter.close();
  }
}
