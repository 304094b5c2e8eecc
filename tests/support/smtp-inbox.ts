import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the test's SMTP server accepted, decoded. */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on 127.0.0.1 for the tests (smtp-server): it accepts every mail and keeps it, decoded. No
 * outside server is ever involved. `down` stops listening (the api's sends fail to connect), `up` listens on
 * the same port again.
 */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<SmtpInbox> {
    const inbox = new SmtpInbox();
    await inbox.up();
    return inbox;
  }

  /** The mails to `address` so far. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to === address);
  }

  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on the loopback: no STARTTLS offered, so the api's client needs no certificate.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            for (const rcpt of session.envelope.rcptTo) {
              this.mails.push({ to: rcpt.address, from: parsed.from?.text ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' });
            }
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
