import { Inject, Injectable } from '@nestjs/common';
import type { EmailSettingsView } from '@familyos/contracts';
import { messages } from '@familyos/contracts';
import { can, canSeeEmail, forbidden, notFound, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type MemberDoc } from '@familyos/projections';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';
import { KeptAnswers } from '../platform/kept-answers.js';
import { userView } from './user-view.js';

/** Per time zone: its formatter (making one costs far more than using it) and the last minute it answered. */
const days = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/**
 * The family-local day of `now`, 'YYYY-MM-DD' (en-CA writes dates that way), without luxon on the request path.
 * Every member answer asks; a day begins on a whole minute in every time zone, so one answer serves its minute.
 */
export function familyToday(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  let zone = days.get(timeZone);
  if (!zone) {
    zone = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: NaN, day: '' };
    days.set(timeZone, zone);
  }
  if (zone.minute !== minute) {
    zone.day = zone.format.format(now);
    zone.minute = minute;
  }
  return zone.day;
}

const ROLE_ORDER = { admin: 0, superuser: 0, manager: 1, child: 2 } as const;

@Injectable()
export class MembersQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly kept: KeptAnswers,
  ) {}

  async docs(familyId: string): Promise<MemberDoc[]> {
    const members = await this.readModels.find(collections.members, { where: { familyId } });
    return members.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.createdAt.localeCompare(b.createdAt));
  }

  /**
   * The family's today, 'YYYY-MM-DD' in its time zone: a child's pauses are answered from it on (every member
   * answer, a sign-in's too). null without a family.
   */
  async today(familyId: string | null): Promise<string | null> {
    const family = familyId === null ? null : await this.readModels.get(collections.families, familyId);
    return family ? familyToday(this.clock.now(), family.timeZone) : null;
  }

  /** Every member of the caller's family, deactivated ones too: their history still names them (decision 029). */
  /** Kept between the family's changes (decision 070): every screen's header and lists ask for it. */
  list(actor: Actor & { familyId: string }) {
    return this.kept.answer(actor, 'users', async () => {
      const today = await this.today(actor.familyId);
      return (await this.docs(actor.familyId)).map((m) => userView(m, actor, today));
    });
  }

  /** SPEC §2: a profile is looked up by id or by username; anyone outside the family is "not found". */
  async one(actor: Actor & { familyId: string }, idOrUsername: string) {
    const { familyId } = actor;
    const byId = await this.readModels.get(collections.members, idOrUsername);
    const member =
      byId ??
      (await this.readModels.find(collections.members, { where: { usernameLower: idOrUsername.toLowerCase() }, limit: 1 }))[0];
    if (!member || member.familyId !== familyId) throw notFound('User');
    return userView(member, actor, await this.today(familyId));
  }

  /** A member's e-mail settings: the member's own and the family's admins' to see (issue 20). */
  async email(actor: Actor & { familyId: string }, id: string, available: boolean): Promise<EmailSettingsView> {
    const member = await this.readModels.get(collections.members, id);
    if (!member || member.familyId !== actor.familyId) throw notFound('User');
    if (!canSeeEmail(actor, member)) throw forbidden(messages.emailHidden);
    const { address, weeklyReport, dailyDigest, confirmed } = member.email ?? { address: null, weeklyReport: false, dailyDigest: false };
    return { available, address, weeklyReport, dailyDigest, confirmed: address !== null && confirmed === true, dailyDigestOffered: can(member, 'reviewTasks'), canEdit: available && actor.id === member.id };
  }
}
