import { Inject, Injectable, Optional } from '@nestjs/common';
import type { EventStore } from '@familyos/event-store';
import type { AppConfig } from '../config.js';
import { Reactors } from '../platform/reactors.js';
import { CONFIG, EVENT_STORE } from '../platform/tokens.js';
import { DailyDigests } from './daily-digest.service.js';
import { EmailConfirmationMails } from './email-confirmation-mail.reactor.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';
import { WeeklyReportMails } from './weekly-report-mail.reactor.js';

/**
 * E-mail when SMTP_URL is set (issue 20, decision 041), and nothing at all otherwise: no reactor, no wake.
 * `start` before the server listens (registers the weekly report's and the confirmation link's reactors,
 * starts the digests' wakes),
 * `catchUp` once it answers, `stop` on close after the reactors.
 */
@Injectable()
export class Mail {
  constructor(
    private readonly weeklyReports: WeeklyReportMails,
    private readonly confirmations: EmailConfirmationMails,
    private readonly digests: DailyDigests,
    private readonly reactors: Reactors,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
  ) {}

  async start(): Promise<void> {
    if (!this.config.mail) return;
    // A server that gains e-mail starts from the log's head: the reports before it are not mailed all at once.
    this.reactors.follow(this.weeklyReports.reactor(), { startAt: () => this.events.headPosition() });
    // Without e-mail no address can be set, so there is no earlier request to mail.
    this.reactors.follow(this.confirmations.reactor(), { startAt: () => this.events.headPosition() });
    await this.digests.start();
  }

  catchUp(): Promise<void> {
    return this.config.mail ? this.digests.catchUp() : Promise.resolve();
  }

  /** In-process: the digests' wakes due at the clock's now (tests moving their clock). */
  runDue(): Promise<void> {
    return this.digests.runDue();
  }

  async stop(): Promise<void> {
    await this.digests.stop();
    this.transport?.close();
  }
}
