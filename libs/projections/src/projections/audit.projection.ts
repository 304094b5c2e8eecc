import { fp, signedFp } from '@familyos/contracts/rules';
import { eventTypes, isEvent, streamCategory, streamCategoryOf, streamEntityId, type EventOf, type EventType, type StoredEvent } from '@familyos/events';
import { describeChore, describeSchedule, describeSharing, formatWeekRange, listWords, type ChoreSchedule } from '@familyos/domain';
import type { ReadModelTx } from '@familyos/read-models';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { AuditDoc } from '../schema/documents.js';

/**
 * Sign-ins and username claims are security plumbing, not family history: parents do not want them listed.
 * Neither are the records of requests sent with an Idempotency-Key (decision 026): what they created is listed.
 */
// The server's own bookkeeping is not a family's activity: push deliveries and devices, mails sent, the day's
// reminders, notifications read (issue 20).
const NOT_AUDITED = new Set([
  'session',
  'username',
  'identity',
  'idempotentRequest',
  'signInLink',
  'emailConfirmation',
  'hubUsername',
  'pushDelivery',
  'pushSubscription',
  'pushTests',
  'vapidKeys',
  'mail',
  'choreReminder',
  'notificationReads',
]);

export const actionOf = (type: string) => type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A member changing something of their own (the event's stream is the actor's member stream). */
const self = (e: StoredEvent) => e.streamId === `member-${e.metadata.actorId}`;
/** A member's own words, on one line, cut to at most 60 characters at a word break (never inside an emoji). */
const excerpt = (text: unknown, max = 60) => {
  const chars = [...String(text).replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

/** "Every day, …" as it reads inside a sentence: "… repeat every day, …". */
const inSentence = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);
/** A list of ids kept in an audit ref's label (ids never hold a comma). */
const idsOf = (label: string) => (label ? label.split(',') : []);

interface Refs {
  member(id: unknown): Promise<string>;
  /** Each member's name, "Emma, Leo" joined by the caller. */
  members(ids: readonly string[]): Promise<string[]>;
  chore(id: unknown): Promise<string>;
  task(id: unknown): Promise<string>;
  calendarEvent(id: unknown): Promise<string>;
  /** Any remembered name by its stream id (e.g. who an access request is from). */
  label(streamId: string): Promise<string>;
}

/** "deleted their comment" when the author did it, "removed Emma's comment" when an admin did (decision 030). */
const whose = async (authorId: string, e: StoredEvent, refs: Refs, what: string) =>
  authorId === e.metadata.actorId ? `deleted their ${what}` : `removed ${await refs.member(authorId)}'s ${what}`;

/** null: the event is bookkeeping another event of the same append tells, and has no row of its own. */
type Summary<T extends EventType> = (d: EventOf<T>['data'], actor: string, refs: Refs, e: StoredEvent) => Promise<string | null> | string | null;

/** One sentence per audited event type, typed by the event's own payload. */
const summaries: { [T in EventType]?: Summary<T> } = {
  FamilyCreated: (d, actor) => `${actor} created the family "${d.name}"`,
  FamilyRenamed: (d, actor) => `${actor} renamed the family to "${d.name}"`,
  PointSettingsChanged: (d, actor) =>
    `${actor} changed point settings (negative balances ${d.allowNegative ? 'allowed' : 'not allowed'}, ${d.currency})`,
  WeeklyReportDayChanged: (d, actor) => `${actor} set the weekly report day to ${d.weeklyReportDay}`,
  FamilyTimeZoneChanged: (d, actor) => `${actor} set the time zone to ${d.timeZone}`,
  RewardsChanged: (d, actor) => `${actor} updated the rewards (${d.rewards.length} offered)`,
  TaskTemplatesChanged: (d, actor) => `${actor} updated the task templates (${d.taskTemplates.length} custom)`,
  SystemTemplatesHiddenChanged: (d, actor) => `${actor} hid ${d.hiddenSystemTemplates.length} built-in templates`,
  MemberJoined: (d, actor) =>
    d.via === 'added' ? `${actor} added ${d.name} as ${d.role}` : `${d.name} joined as ${d.role}`,
  MemberRenamed: async (d, actor, refs, e) =>
    self(e) ? `${actor} changed their name to "${d.name}"` : `${actor} renamed ${await refs.member(streamEntityId(e.streamId))} to "${d.name}"`,
  MemberAvatarChanged: async (d, actor, refs, e) =>
    self(e) ? `${actor} changed their avatar to ${d.avatar}` : `${actor} changed ${await refs.member(streamEntityId(e.streamId))}'s avatar to ${d.avatar}`,
  MemberPasswordSet: async (_d, actor, refs, e) =>
    self(e) ? `${actor} set their password` : `${actor} set a password for ${await refs.member(streamEntityId(e.streamId))}`,
  TaskCreated: async (d, actor, refs) => {
    const who = await Promise.all(d.assignedTo.map((id) => refs.member(id)));
    // A chore's occurrence: several assignees on one task means whoever comes first.
    if (d.chore) return `"${d.title}" is due on ${d.chore.periodKey} for ${listWords(who, 'or')}`;
    return d.isChildRequest
      ? `${actor} asked for the task "${d.title}" (${d.requestType === 'already_did' ? 'already did it' : 'wants to do it'})`
      : `${actor} created the task "${d.title}" for ${who.join(', ')} (${signedFp(d.pointsValue)})`;
  },
  TaskSubmitted: async (_d, actor, refs, e) => `${actor} completed "${await refs.task(streamEntityId(e.streamId))}"`,
  TaskApproved: async (d, actor, refs, e) =>
    `${actor} approved "${await refs.task(streamEntityId(e.streamId))}" for ${await refs.member(d.creditedTo)} (score ${d.score}/10, ${signedFp(d.pointsValue)})`,
  TaskRejected: async (_d, actor, refs, e) => `${actor} rejected "${await refs.task(streamEntityId(e.streamId))}"`,
  TaskRequestAccepted: async (_d, actor, refs, e) => `${actor} accepted the request "${await refs.task(streamEntityId(e.streamId))}"`,
  // Told with the title the task had before this edit (remember() renames it afterwards).
  TaskEdited: async ({ changes: c }, actor, refs, e) => {
    const what: string[] = [];
    if (c.title !== undefined) what.push(`title "${c.title}"`);
    if (c.description !== undefined) what.push(c.description ? 'a new description' : 'no description');
    if (c.pointsValue !== undefined) what.push(`points ${signedFp(c.pointsValue)}`);
    if (c.dueDate !== undefined) what.push(c.dueDate ? `due ${c.dueDate.slice(0, 10)}` : 'no due date');
    if (c.assignedTo !== undefined) what.push(`assigned to ${(await Promise.all(c.assignedTo.map((id) => refs.member(id)))).join(', ')}`);
    return `${actor} edited the task "${await refs.task(streamEntityId(e.streamId))}": ${what.join(', ')}`;
  },
  TaskDeleted: async (_d, actor, refs, e) => `${actor} deleted the task "${await refs.task(streamEntityId(e.streamId))}"`,
  TaskReversed: async (d, actor, refs, e) =>
    `${actor} reversed "${await refs.task(streamEntityId(e.streamId))}" for ${await refs.member(d.creditedTo)} (${signedFp(-d.pointsValue)}): ${d.reason}`,
  PointsIssued: async (d, actor, refs) => {
    const amount = d.amount;
    const child = await refs.member(d.childId);
    const what = amount > 0 ? `gave ${amount} FP to ${child}` : `deducted ${-amount} FP from ${child}`;
    return `${actor} ${what}: ${d.reason}${d.approved ? '' : ' (pending)'}`;
  },
  TaskPointsAwarded: async (d, _actor, refs) => `${await refs.member(d.childId)} earned ${signedFp(d.amount)}: ${d.reason}`,
  TaskPointsReversed: async (d, _actor, refs) =>
    `${await refs.member(d.childId)} ${d.amount < 0 ? 'lost' : 'got back'} ${fp(Math.abs(d.amount))}: ${d.reason}`,
  MissedChorePointsDeducted: async (d, _actor, refs) => `${await refs.member(d.childId)} lost ${fp(Math.abs(d.amount))}: ${d.reason}`,
  StreakBonusCredited: async (d, _actor, refs) => `${await refs.member(d.childId)} earned a streak bonus of ${signedFp(d.amount)}: ${d.reason}`,
  RedemptionRequested: async (d, actor) => `${actor} asked to redeem "${d.option}" for ${d.cost} FP`,
  RedemptionApproved: async (d, actor, refs) => `${actor} approved ${await refs.member(d.childId)}'s redemption (${signedFp(-d.cost)})`,
  RedemptionRejected: async (d, actor, refs) => `${actor} rejected ${await refs.member(d.childId)}'s redemption`,
  WeeklyReportGenerated: (d, actor) => {
    const week = formatWeekRange(d.weekStartDate, d.weekEndDate);
    return d.trigger === 'schedule' ? `The weekly report for ${week} was generated on schedule` : `${actor} generated the weekly report for ${week}`;
  },
  CalendarEventCreated: (d, actor) => `${actor} added "${d.title}" to the calendar`,
  CalendarEventUpdated: (d, actor) => `${actor} updated "${d.title}" on the calendar`,
  CalendarEventDeleted: async (_d, actor, refs, e) => `${actor} removed "${await refs.calendarEvent(streamEntityId(e.streamId))}" from the calendar`,
  AnnouncementPosted: (d, actor) => `${actor} posted an announcement${d.photoUrl ? ' with a photo' : ''}: "${excerpt(d.content)}"`,
  CommentAdded: (d, actor) => `${actor} commented on an announcement: "${excerpt(d.content)}"`,
  AnnouncementEdited: (d, actor) => `${actor} edited their announcement: "${excerpt(d.content)}"`,
  AnnouncementDeleted: async (d, actor, refs, e) =>
    `${actor} ${await whose(d.authorId, e, refs, 'announcement')} "${await refs.label(`announcement-${d.announcementId}`)}"`,
  CommentEdited: (d, actor) => `${actor} edited their comment: "${excerpt(d.content)}"`,
  CommentDeleted: async (d, actor, refs, e) => `${actor} ${await whose(d.authorId, e, refs, 'comment')} "${await refs.label(`comment-${d.commentId}`)}"`,
  PhotoUploaded: (_d, actor) => `${actor} uploaded a photo`,
  MemberIdentityLinked: async (d, _actor, refs, e) =>
    `${await refs.member(streamEntityId(e.streamId))} signs in with ${d.provider === 'hub' ? `the Hub account "${d.username}"` : 'the family\'s OpenID provider'}`,
  AccessRequested: (d) => `${d.name} asked to join through ${d.provider === 'hub' ? 'the Hub' : 'OpenID'}`,
  // The new member joined in the same append, just before, so it is known by name even for a system-level request.
  AccessRequestApproved: async (d, actor, refs) => `${actor} approved ${await refs.member(d.memberId)}'s request to join as ${d.role}`,
  AccessRequestRejected: async (_d, actor, refs, e) => `${actor} turned down ${await refs.label(e.streamId)}'s request to join`,
  InviteCreated: (d, actor) =>
    `${actor} created an invite link for a ${d.role} (${d.maxUses} ${d.maxUses === 1 ? 'use' : 'uses'})`,
  InviteUsed: async (d, _actor, refs) => `${await refs.member(d.memberId)} joined with an invite link`,
  InviteDeactivated: (_d, actor) => `${actor} deactivated an invite link`,
  MemberRoleChanged: async (d, actor, refs, e) =>
    `${actor} changed ${await refs.member(streamEntityId(e.streamId))}'s role from ${d.previousRole} to ${d.role}`,
  MemberDeactivated: async (_d, actor, refs, e) => `${actor} deactivated ${await refs.member(streamEntityId(e.streamId))}`,
  MemberReactivated: async (_d, actor, refs, e) => `${actor} reactivated ${await refs.member(streamEntityId(e.streamId))}`,
  MemberProfileChanged: async (d, actor, refs, e) => {
    const member = await refs.member(streamEntityId(e.streamId));
    if (d.source === 'hub') return `${member}'s bio and website were filled in from the Hub profile`;
    return self(e) ? `${actor} updated their bio and website` : `${actor} updated ${member}'s bio and website`;
  },
  // Never the address: the audit trail is read by members who may not see it.
  MemberEmailConfirmationRequested: (_d, actor) => `${actor} asked for a link to confirm their e-mail address`,
  MemberEmailConfirmed: (_d, actor) => `${actor} confirmed their e-mail address`,
  MemberSignInLinkCreated: async (_d, actor, refs, e) => `${actor} made a one-time sign-in link for ${await refs.member(streamEntityId(e.streamId))}`,
  MemberHubUsernameReserved: async (d, _actor, refs, e) =>
    `${await refs.member(streamEntityId(e.streamId))} will sign in with the Hub account "${d.hubUsername}"`,
  ChoreSettingsChanged: (d, actor) => {
    const missed = d.missedChore === 'deduct' ? 'missed chores cost their deduction' : 'missed chores cost nothing';
    const bonuses = d.streakMilestones.map((m) => `${m.streak} in a row ${signedFp(m.points)}`);
    return `${actor} changed the chore settings: ${missed}, ${bonuses.length ? `streak bonuses ${bonuses.join(', ')}` : 'no streak bonuses'}`;
  },
  ChoreCreated: async (d, actor, refs) =>
    `${actor} made "${d.title}" repeat ${inSentence(describeChore(d.schedule as ChoreSchedule, d.sharing, await refs.members(d.children)))}`,
  // Told with the title the chore had before this edit, and the children it has after it.
  ChoreEdited: async ({ changes: c }, actor, refs, e) => {
    const id = streamEntityId(e.streamId);
    const children = c.children ?? idsOf(await refs.label(`choreChildren-${id}`));
    const what: string[] = [];
    if (c.title !== undefined) what.push(`title "${c.title}"`);
    if (c.description !== undefined) what.push(c.description ? 'a new description' : 'no description');
    if (c.pointsValue !== undefined) what.push(`points ${signedFp(c.pointsValue)}`);
    if (c.schedule !== undefined) what.push(`repeats ${inSentence(describeSchedule(c.schedule as ChoreSchedule))}`);
    if (c.sharing !== undefined) what.push(describeSharing(c.sharing, await refs.members(children)));
    else if (c.children !== undefined) what.push(`children ${listWords(await refs.members(children))}`);
    if (c.missedDeduction !== undefined) what.push(c.missedDeduction ? `missed ${signedFp(-c.missedDeduction)}` : 'no deduction when missed');
    return `${actor} changed the chore "${await refs.chore(id)}": ${what.join(', ')}`;
  },
  ChorePaused: async (d, actor, refs, e) => `${actor} paused the chore "${await refs.chore(streamEntityId(e.streamId))}" from ${d.pausedOn}`,
  ChoreResumed: async (d, actor, refs, e) => `${actor} resumed the chore "${await refs.chore(streamEntityId(e.streamId))}" from ${d.resumedOn}`,
  ChoreEnded: async (d, actor, refs, e) => `${actor} ended the chore "${await refs.chore(streamEntityId(e.streamId))}" (last day ${d.endedOn})`,
  // The occurrence's TaskCreated, in the same append, says who has it; a period no one had is told here.
  ChoreOccurrenceRecorded: async (d, _actor, refs, e) =>
    d.assignees.length > 0 ? null : `No one had "${await refs.chore(streamEntityId(e.streamId))}" on ${d.periodKey}: every child was away`,
  // The task's own approval, missed or skipped line tells it.
  ChoreOccurrenceSettled: () => null,
  TaskMissed: async (d, _actor, refs, e) => {
    const id = streamEntityId(e.streamId);
    const who = d.deduction ? [d.deduction.childId] : idsOf(await refs.label(`taskAssignees-${id}`));
    const names = who.length ? ` by ${listWords(await refs.members(who), 'or')}` : '';
    return `"${await refs.task(id)}" was missed${names}${d.deduction ? ` (${signedFp(-d.deduction.points)})` : ''}`;
  },
  TaskSkipRequested: async (d, actor, refs, e) => `${actor} asked to skip "${await refs.task(streamEntityId(e.streamId))}": ${excerpt(d.reason)}`,
  TaskSkipApproved: async (d, actor, refs, e) => {
    const id = streamEntityId(e.streamId);
    if (!d.paused) return `${actor} let ${await skipper(e, refs)} skip "${await refs.task(id)}"`;
    const away = await refs.members(idsOf(await refs.label(`taskAssignees-${id}`)));
    return `"${await refs.task(id)}" was skipped while ${listWords(away)} ${away.length > 1 ? 'were' : 'was'} paused`;
  },
  TaskExcuseWithdrawn: async (_d, _actor, refs, e) => `"${await refs.task(streamEntityId(e.streamId))}" is to do again: the pause that excused it ended`,
  TaskSkipDeclined: async (_d, actor, refs, e) => `${actor} said no to ${await skipper(e, refs)} skipping "${await refs.task(streamEntityId(e.streamId))}"`,
  MemberPaused: async (d, actor, refs, e) =>
    `${actor} paused ${await refs.member(streamEntityId(e.streamId))} from ${d.fromDay} to ${d.untilDay}${d.reason ? `: ${excerpt(d.reason)}` : ''}`,
  MemberPauseEnded: async (d, actor, refs, e) => {
    const child = await refs.member(streamEntityId(e.streamId));
    const fromDay = await refs.label(`pause-${d.pauseId}`);
    return d.untilDay < fromDay ? `${actor} cancelled ${child}'s pause from ${fromDay}` : `${actor} ended ${child}'s pause early (last day ${d.untilDay})`;
  },
};

/** The child whose skip request a parent answers (remembered from the request). */
const skipper = async (e: StoredEvent, refs: Refs) => refs.member(idsOf(await refs.label(`skipRequest-${streamEntityId(e.streamId)}`))[0] ?? '');

async function remember(tx: ReadModelTx, e: StoredEvent, familyId: string): Promise<void> {
  const ref = (id: string, label: string) => tx.put(collections.auditRefs, { id, familyId, label });
  if (isEvent(e, 'MemberJoined')) await ref(`member-${e.data.memberId}`, e.data.name);
  if (isEvent(e, 'MemberRenamed') || isEvent(e, 'AccessRequested')) await ref(e.streamId, e.data.name);
  if (isEvent(e, 'TaskCreated')) await ref(`task-${e.data.taskId}`, e.data.title);
  if (isEvent(e, 'TaskEdited') && e.data.changes.title !== undefined) await ref(e.streamId, e.data.changes.title);
  // A chore's occurrence: whose it is, for the missed line; a skip request: whose, for the parent's answer.
  if (isEvent(e, 'TaskCreated') && e.data.chore) await ref(`taskAssignees-${e.data.taskId}`, e.data.assignedTo.join(','));
  if (isEvent(e, 'TaskEdited') && e.data.changes.assignedTo !== undefined) await ref(`taskAssignees-${streamEntityId(e.streamId)}`, e.data.changes.assignedTo.join(','));
  if (isEvent(e, 'TaskSkipRequested')) await ref(`skipRequest-${streamEntityId(e.streamId)}`, e.data.requestedBy);
  if (isEvent(e, 'ChoreCreated')) {
    await ref(`chore-${e.data.choreId}`, e.data.title);
    await ref(`choreChildren-${e.data.choreId}`, e.data.children.join(','));
  }
  if (isEvent(e, 'ChoreEdited') && e.data.changes.title !== undefined) await ref(e.streamId, e.data.changes.title);
  if (isEvent(e, 'ChoreEdited') && e.data.changes.children !== undefined) await ref(`choreChildren-${streamEntityId(e.streamId)}`, e.data.changes.children.join(','));
  if (isEvent(e, 'MemberPaused')) await ref(`pause-${e.data.pauseId}`, e.data.fromDay);
  if (isEvent(e, 'CalendarEventCreated') || isEvent(e, 'CalendarEventUpdated')) await ref(e.streamId, e.data.title);
  // A deleted post or comment is named by its last words.
  if (isEvent(e, 'AnnouncementPosted') || isEvent(e, 'AnnouncementEdited')) await ref(e.streamId, excerpt(e.data.content));
  if (isEvent(e, 'CommentAdded') || isEvent(e, 'CommentEdited')) await ref(`comment-${e.data.commentId}`, excerpt(e.data.content));
}

/** The family's audit trail: one row per event, newest first when read, with a sentence a parent can read. */
export const auditProjection: Projection = {
  name: 'audit',
  // 2: audit_refs rows carry their familyId (every read-model row is scoped to a family).
  // 3: renames name who was renamed; a member's own changes read "changed their …".
  // 4: sentences for announcements, comments, photos, calendar events and weekly reports.
  // 5: sentences for access requests, invites and linked identities; identity claims are not audited.
  // 6: sentences for edited and deleted announcements and comments, which are named by their last words.
  // 7: sentences for repeating chores, their occurrences, skips, missed chores, streak bonuses, pauses and
  //    chore settings (issue 19); a chore's bookkeeping that another line of its append tells has no row.
  // 8: push deliveries and devices, mails, reminders and notification reads are not a family's activity (issue 20).
  version: 8,
  collections: [collections.audit, collections.auditRefs],
  // Every event of a family's own streams has a row (a type without a sentence is named by its action).
  handles: eventTypes.filter((type) => !NOT_AUDITED.has(streamCategoryOf[type])),
  async apply(event, tx) {
    const familyId = event.metadata.familyId;
    if (!familyId || NOT_AUDITED.has(streamCategory(event.streamId))) return;
    // An audit row is written once: on a replayed event, the names it was written with may have changed since.
    if (await tx.get(collections.audit, event.metadata.eventId)) return;
    const label = async (id: string) => ((await tx.get(collections.auditRefs, id))?.label ?? 'someone');
    const refs: Refs = {
      member: (id) => label(`member-${String(id)}`),
      members: (ids) => Promise.all(ids.map((id) => label(`member-${id}`))),
      chore: (id) => label(`chore-${String(id)}`),
      task: (id) => label(`task-${String(id)}`),
      calendarEvent: (id) => label(`calendarEvent-${String(id)}`),
      label,
    };
    const actor = await refs.member(event.metadata.actorId);
    // Looked up by the stored type: the table's own types checked each sentence against its payload.
    const summarise = summaries[event.type as EventType] as Summary<EventType> | undefined;
    const summary = summarise ? await summarise(event.data as never, actor, refs, event) : actionOf(event.type).replace(/_/g, ' ');
    if (summary !== null) {
      const doc: AuditDoc = {
        id: event.metadata.eventId,
        familyId,
        action: actionOf(event.type),
        timestamp: event.metadata.timestamp,
        actorId: event.metadata.actorId,
        summary,
        position: event.position,
      };
      await tx.put(collections.audit, doc);
    }
    // After the summary, so a rename is told with the name it replaced.
    await remember(tx, event, familyId);
  },
};
