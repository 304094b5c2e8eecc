import { Inject, Injectable } from '@nestjs/common';
import type { CalendarOccurrenceView, EventPerson } from '@familyos/contracts';
import { limits, messages } from '@familyos/contracts';
import { calendarEventCan, expandOccurrences, invalid, notFound, toZoned, type Actor, type Occurrence } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type CalendarEventDoc, type MemberDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';
import { KeptAnswers } from '../platform/kept-answers.js';

type FamilyMember = Actor & { familyId: string };
type DateTime = ReturnType<typeof toZoned>;

export interface CalendarWindow {
  startDate: string;
  endDate: string;
}

const person = (m: MemberDoc | undefined): EventPerson | null =>
  m ? { id: m.id, username: m.username, name: m.name, avatar: m.avatar } : null;

@Injectable()
export class CalendarQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly kept: KeptAnswers,
  ) {}

  /**
   * Every occurrence overlapping [startDate, endDate) in the family's time zone, recurring events expanded,
   * sorted by start. Children see the whole family calendar: it is shared (SPEC §6 limits only changes).
   */
  window(actor: FamilyMember, window: CalendarWindow): Promise<CalendarOccurrenceView[]> {
    // Kept between the family's changes (decision 070): every dashboard asks for the same days.
    return this.kept.answer(actor, `calendar\u0000${window.startDate}\u0000${window.endDate}`, () => this.occurrencesIn(actor, window));
  }

  private async occurrencesIn(actor: FamilyMember, window: CalendarWindow): Promise<CalendarOccurrenceView[]> {
    const zone = await this.timeZone(actor.familyId);
    const from = toZoned(window.startDate, zone);
    const to = toZoned(window.endDate, zone);
    if (!from.isValid) throw invalid(messages.calendarWindow, 'startDate');
    if (!to.isValid || to <= from || to > from.plus({ days: limits.calendar.maxWindowDays })) {
      throw invalid(messages.calendarWindow, 'endDate');
    }
    const docs = await this.candidates(actor.familyId, from.toUTC(), to.toUTC());
    const people = await this.people(actor.familyId);
    const views = docs.flatMap((doc) =>
      expandOccurrences(doc, from, to, zone).map((occurrence) => this.view(actor, doc, occurrence, people)),
    );
    return views.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  }

  /**
   * The events that may overlap the window, read as a window (decision 051): whatever starts at or after its end
   * cannot (every occurrence starts at or after its series), nor can a single event that ended before its start.
   * A day's margin covers an all-day event without an end; expandOccurrences decides exactly. Repeating series
   * are few (made one by one, by hand) and are all read.
   */
  private async candidates(familyId: string, from: DateTime, to: DateTime): Promise<CalendarEventDoc[]> {
    const before = to.toISO()!;
    const since = from.minus({ days: 1 }).toISO()!;
    const batches = await Promise.all([
      this.readModels.find(collections.calendarEvents, { where: { familyId, isRecurring: true, startDate: { lt: before } } }),
      this.readModels.find(collections.calendarEvents, { where: { familyId, isRecurring: false, endDate: { gt: since }, startDate: { lt: before } } }),
      this.readModels.find(collections.calendarEvents, { where: { familyId, isRecurring: false, endDate: null, startDate: { gte: since, lt: before } } }),
    ]);
    return batches.flat();
  }

  /** The event (series) itself, answered as its first occurrence; another family's or a deleted one is a 404. */
  async one(actor: FamilyMember, eventId: string): Promise<CalendarOccurrenceView> {
    const doc = await this.readModels.get(collections.calendarEvents, eventId);
    if (!doc || doc.familyId !== actor.familyId) throw notFound('Event');
    const people = await this.people(actor.familyId);
    return this.view(actor, doc, { index: 0, startDate: doc.startDate, endDate: doc.endDate }, people);
  }

  private async timeZone(familyId: string): Promise<string> {
    const family = await this.readModels.get(collections.families, familyId);
    if (!family) throw notFound('Family');
    return family.timeZone;
  }

  private async people(familyId: string): Promise<Map<string, MemberDoc>> {
    const members = await this.readModels.find(collections.members, { where: { familyId } });
    return new Map(members.map((m) => [m.id, m]));
  }

  private view(actor: FamilyMember, doc: CalendarEventDoc, occurrence: Occurrence, people: Map<string, MemberDoc>): CalendarOccurrenceView {
    const { startDate } = occurrence;
    return {
      id: doc.id,
      occurrenceId: `${doc.id}:${startDate}`,
      title: doc.title,
      description: doc.description,
      assignedTo: doc.assignedTo,
      startDate,
      endDate: occurrence.endDate,
      seriesStartDate: doc.startDate,
      seriesEndDate: doc.endDate,
      allDay: doc.allDay,
      category: doc.category,
      color: doc.color,
      isRecurring: doc.isRecurring,
      recurringType: doc.recurringType,
      recurringEndDate: doc.recurringEndDate,
      createdBy: doc.createdBy,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      assignee: doc.assignedTo ? person(people.get(doc.assignedTo)) : null,
      creator: person(people.get(doc.createdBy)),
      can: calendarEventCan(actor, { ...doc, exists: true, deleted: false }),
    };
  }
}
