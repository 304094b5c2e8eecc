import { Inject, Injectable } from '@nestjs/common';
import type { WeeklyReportGenerated } from '@familyos/events';
import { weeklyReportMail } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ProjectionProgress } from '@familyos/projections';
import type { Reactor } from '@familyos/reactors';
import type { AppConfig } from '../config.js';
import { CONFIG, PROJECTION_PROGRESS, READ_MODELS } from '../platform/tokens.js';
import { MailDeliveries } from './mail-deliveries.js';
import { recipientsOf } from './mail-recipients.js';

/** How long a reaction waits for the projections to hold the report before it is retried. */
const PROJECTIONS_WAIT_MS = 10_000;

/**
 * The weekly report by e-mail (issue 20, decision 041): each report generated is mailed, once the reports
 * projection holds it, to every parent of the family who has an address and left the weekly report on. Each
 * (report generated, parent) is one mail stream, so a second process or a restart sends nothing twice.
 */
@Injectable()
export class WeeklyReportMails {
  constructor(
    private readonly deliveries: MailDeliveries,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  reactor(): Reactor {
    return {
      name: 'weekly-report-mail',
      handles: ['WeeklyReportGenerated'],
      react: async (event) => {
        if (!(await this.progress.waitFor(event.position, PROJECTIONS_WAIT_MS))) throw new Error('The projections have not reached this report yet');
        const { familyId, weekStartDate } = (event as unknown as WeeklyReportGenerated).data;
        // The week's report as the projection holds it (a later regeneration of the week replaces it: its figures are the newer).
        const [report, family] = await Promise.all([
          this.readModels.get(collections.reports, `${familyId}_${weekStartDate}`),
          this.readModels.get(collections.families, familyId),
        ]);
        if (!report || !family) return;
        for (const parent of await recipientsOf(this.readModels, familyId, 'weeklyReport')) {
          await this.deliveries.deliver(
            { kind: 'weeklyReport', memberId: parent.id, familyId, key: event.metadata.eventId, to: parent.email.address },
            () => weeklyReportMail(report, family.name, this.config.publicUrl),
          );
        }
      },
    };
  }
}
