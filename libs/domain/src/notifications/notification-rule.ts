import { fp, signedFp, type NotificationKind, type NotificationSubject, type NotificationView } from '@familyos/contracts/rules';
import { streamEntityId, type EventOf, type EventType, type Role, type StoredEvent } from '@familyos/events';
import { listWords } from '../chores/schedule.js';
import { can, type Ability } from '../shared/policy.js';

/**
 * The notification centre (issue 20): what a member is told of an event. The kinds are the names a member will
 * pick from for push; `choreDueSoon` is made from the day's reminder (ChoreReminderSent, decision 040).
 */
export { CHILD_NOTIFICATION_KINDS, PARENT_NOTIFICATION_KINDS } from '@familyos/contracts/rules';
export type { NotificationKind, NotificationSubject };

/** One member's notification as the rule makes it: the answer's fields the event decides (libs/contracts). */
export type Notification = Pick<NotificationView, 'kind' | 'title' | 'body' | 'link' | 'subject'> & { memberId: string };

/** A member as the rule needs them: who hears (by role, while active) and what they are called. */
export interface NotificationMember {
  id: string;
  name: string;
  role: Role;
  active: boolean;
}

/** A task as it was before the event. */
export interface NotificationTask {
  title: string;
  assignedTo: readonly string[];
  createdBy: string;
  isChildRequest: boolean;
  pointsValue: number;
  /** A repeating chore's occurrence. */
  chore: boolean;
  /** The child whose request to skip it waits for an answer (absent in rows remembered before issue 26). */
  skipRequestedBy?: string | null;
}

export interface NotificationFacts {
  /** The family's members. */
  members: readonly NotificationMember[];
  /** For a task's event: the task (null when unknown, e.g. deleted). */
  task?: NotificationTask | null;
  /** For a redemption's decision: what was asked for. */
  redemption?: { option: string; emoji: string } | null;
}

const LINKS = { tasks: '/tasks', dashboard: '/dashboard', activity: '/activity', admin: '/admin' } as const;

type Draft = Omit<Notification, 'memberId'>;
type EventLike<T extends EventType> = Pick<StoredEvent, 'streamId' | 'metadata'> & { type: T; data: EventOf<T>['data'] };

interface Context<T extends EventType> {
  event: EventLike<T>;
  facts: NotificationFacts;
  /** The name of whoever did it ("Mom"); "FamilyOS" for the server acting on its own. */
  actor: string;
  name(id: string): string;
  /** The active members who may do `ability` (the parents who review, the admins who let people in). */
  withAbility(ability: Ability): string[];
  task: NotificationTask | null;
  /** The id the event's stream is named after (the task, the child's points account). */
  entity: string;
}

type Rule<T extends EventType> = (c: Context<T>) => Array<{ to: readonly string[]; draft: Draft }>;

const task = (id: string): NotificationSubject => ({ type: 'task', id });
const reward = (r: NotificationFacts['redemption']) => (r ? `${r.emoji} ${r.option}`.trim() : 'your reward');

/** Who asked to skip `t` (see TaskSkipApproved). */
function skipAsker(t: NotificationTask, paused: boolean): readonly string[] {
  if (t.skipRequestedBy) return [t.skipRequestedBy];
  return t.skipRequestedBy === null || paused ? [] : t.assignedTo;
}

/** One rule per event type that tells anyone anything; bookkeeping told by another event of its append has none. */
const rules: { [T in EventType]?: Rule<T> } = {
  TaskCreated: ({ event: { data: d }, actor, withAbility, name }) => {
    if (d.isChildRequest) {
      const how = d.requestType === 'already_did' ? 'Already did it' : 'Wants to do it';
      const draft: Draft = { kind: 'childRequest', title: `${name(d.createdBy)} asked for a task: ${d.title}`, body: `${how} · ${signedFp(d.pointsValue)}`, link: LINKS.tasks, subject: task(d.taskId) };
      return [{ to: withAbility('reviewChildRequests'), draft }];
    }
    // A chore's occurrences come every period: the reminder (choreDueSoon) tells them, not a new-task line each day.
    if (d.chore) return [];
    return [{ to: d.assignedTo, draft: { kind: 'taskAssigned', title: `${actor} gave you a new task: ${d.title}`, body: signedFp(d.pointsValue), link: LINKS.tasks, subject: task(d.taskId) } }];
  },
  TaskEdited: ({ event: { data: d }, actor, task: t, entity }) => {
    if (!t || d.changes.assignedTo === undefined || t.isChildRequest) return [];
    const added = d.changes.assignedTo.filter((id) => !t.assignedTo.includes(id));
    const title = d.changes.title ?? t.title;
    return [{ to: added, draft: { kind: 'taskAssigned', title: `${actor} gave you a new task: ${title}`, body: signedFp(d.changes.pointsValue ?? t.pointsValue), link: LINKS.tasks, subject: task(entity) } }];
  },
  TaskSubmitted: ({ event: { data: d }, task: t, entity, name, withAbility }) =>
    t ? [{ to: withAbility('reviewTasks'), draft: { kind: 'taskSubmitted', title: `${name(d.submittedBy)} finished ${t.title}`, body: `Waiting for your review · ${signedFp(t.pointsValue)}`, link: LINKS.dashboard, subject: task(entity) } }] : [],
  TaskApproved: ({ event: { data: d }, actor, task: t, entity }) =>
    t ? [{ to: [d.creditedTo], draft: { kind: 'taskApproved', title: `${actor} approved ${t.title}: ${signedFp(d.pointsValue)}`, body: `Score ${d.score}/10`, link: LINKS.tasks, subject: task(entity) } }] : [],
  TaskRequestAccepted: ({ actor, task: t, entity }) =>
    t ? [{ to: [t.createdBy], draft: { kind: 'taskApproved', title: `${actor} said yes to ${t.title}`, body: 'It is on your list now.', link: LINKS.tasks, subject: task(entity) } }] : [],
  TaskRejected: ({ actor, task: t, entity }) => {
    if (!t) return [];
    const title = t.isChildRequest ? `${actor} said no to your request: ${t.title}` : `${actor} rejected ${t.title}`;
    return [{ to: t.isChildRequest ? [t.createdBy] : t.assignedTo, draft: { kind: 'taskRejected', title, body: '', link: LINKS.tasks, subject: task(entity) } }];
  },
  TaskReversed: ({ event: { data: d }, actor, task: t, entity }) => [
    { to: [d.creditedTo], draft: { kind: 'pointsDeducted', title: `${actor} took back ${t?.title ?? 'a task'}: ${signedFp(-d.pointsValue)}`, body: d.reason, link: LINKS.activity, subject: task(entity) } },
  ],
  TaskSkipRequested: ({ event: { data: d }, task: t, entity, name, withAbility }) =>
    t ? [{ to: withAbility('reviewTasks'), draft: { kind: 'childRequest', title: `${name(d.requestedBy)} asks to skip ${t.title}`, body: d.reason, link: LINKS.tasks, subject: task(entity) } }] : [],
  // The answer reaches the child who asked, like any other request's (issue 26). A pause excuses every open
  // occurrence of its days: only one the child had asked to skip is told. null: no request waits (answered
  // already); absent, a row remembered before the asker was: its assignees, the ones who may ask.
  TaskSkipApproved: ({ event: { data: d }, actor, task: t, entity }) => {
    if (!t) return [];
    const title = d.paused ? `You may skip ${t.title}: your chores are paused` : `${actor} said yes: you may skip ${t.title}`;
    return [{ to: skipAsker(t, d.paused === true), draft: { kind: 'taskApproved', title, body: 'Nothing is taken for it.', link: LINKS.tasks, subject: task(entity) } }];
  },
  TaskSkipDeclined: ({ actor, task: t, entity }) =>
    t
      ? [{ to: skipAsker(t, false), draft: { kind: 'taskRejected', title: `${actor} said no to skipping ${t.title}`, body: 'It is still yours to do today.', link: LINKS.tasks, subject: task(entity) } }]
      : [],
  TaskMissed: ({ event: { data: d }, task: t, entity, name, withAbility }) => {
    if (!t) return [];
    const who = d.deduction ? [d.deduction.childId] : [...t.assignedTo];
    const cost = d.deduction ? signedFp(-d.deduction.points) : '';
    const children: Draft = { kind: 'choreMissed', title: `You missed ${t.title}`, body: cost || 'No points were taken.', link: LINKS.tasks, subject: task(entity) };
    const parents: Draft = { kind: 'choreMissed', title: `${listWords(who.map(name), 'or')} missed ${t.title}`, body: cost, link: LINKS.tasks, subject: task(entity) };
    return [
      { to: who, draft: children },
      { to: withAbility('reviewTasks'), draft: parents },
    ];
  },
  PointsIssued: ({ event: { data: d }, actor }) => {
    if (!d.approved) return [];
    const subject: NotificationSubject = { type: 'pointsEntry', id: d.entryId };
    const draft: Draft =
      d.amount > 0
        ? { kind: 'pointsReceived', title: `${actor} gave you ${signedFp(d.amount)}`, body: d.reason, link: LINKS.activity, subject }
        : { kind: 'pointsDeducted', title: `${actor} deducted ${fp(-d.amount)}`, body: d.reason, link: LINKS.activity, subject };
    return [{ to: [d.childId], draft }];
  },
  StreakBonusCredited: ({ event: { data: d } }) => [
    { to: [d.childId], draft: { kind: 'pointsReceived', title: `You earned a streak bonus: ${signedFp(d.amount)}`, body: d.reason, link: LINKS.activity, subject: { type: 'pointsEntry', id: d.entryId } } },
  ],
  RedemptionRequested: ({ event: { data: d }, name, withAbility }) => [
    {
      to: withAbility('reviewRedemptions'),
      draft: { kind: 'redemptionRequested', title: `${name(d.childId)} wants ${reward(d)}`, body: `${fp(d.cost)} · waiting for your answer`, link: LINKS.dashboard, subject: { type: 'redemption', id: d.redemptionId } },
    },
  ],
  RedemptionApproved: ({ event: { data: d }, actor, facts }) => [
    { to: [d.childId], draft: { kind: 'rewardApproved', title: `${actor} approved ${reward(facts.redemption)}`, body: signedFp(-d.cost), link: LINKS.dashboard, subject: { type: 'redemption', id: d.redemptionId } } },
  ],
  RedemptionRejected: ({ event: { data: d }, actor, facts }) => [
    { to: [d.childId], draft: { kind: 'rewardRejected', title: `${actor} said no to ${reward(facts.redemption)}`, body: 'Your points stay yours.', link: LINKS.dashboard, subject: { type: 'redemption', id: d.redemptionId } } },
  ],
  // The day's reminder (decision 040): the chores still to do; its subject is the first of them.
  ChoreReminderSent: ({ event: { data: d } }) => {
    const titles = d.tasks.map((t) => t.title);
    const title = titles.length === 1 ? `Still to do today: ${titles[0]}` : `${titles.length} chores still to do today`;
    return [{ to: [d.childId], draft: { kind: 'choreDueSoon', title, body: listWords(titles, 'and'), link: LINKS.tasks, subject: task(d.tasks[0]!.taskId) } }];
  },
  // A system-level request (no family fits) is the superuser's business, on the system admin page.
  AccessRequested: ({ event: { data: d }, withAbility }) =>
    d.familyId === null
      ? []
      : [
          {
            to: withAbility('reviewHubRequests'),
            draft: { kind: 'accessRequested', title: `${d.name} asked to join the family`, body: `As ${d.username}, through ${d.provider === 'hub' ? 'the Hub' : 'OpenID'}`, link: LINKS.admin, subject: { type: 'accessRequest', id: d.requestId } },
          },
        ],
};

/** Whether events of this type can tell anyone anything: the others need no facts looked up. */
export const mayNotify = (type: string): boolean => Object.prototype.hasOwnProperty.call(rules, type);

/**
 * The notifications `event` makes, one per member told: only active members of the family, and never the
 * member who did it (a parent does not hear of their own approval, a child of their own submission).
 */
export function notificationsFor(event: Pick<StoredEvent, 'streamId' | 'metadata' | 'type' | 'data'>, facts: NotificationFacts): Notification[] {
  // Looked up by the stored type: the table's own types checked each rule against its payload.
  const rule = rules[event.type as EventType] as Rule<EventType> | undefined;
  if (!rule) return [];
  const byId = new Map(facts.members.map((m) => [m.id, m]));
  const name = (id: string) => byId.get(id)?.name ?? 'Someone';
  const actorId = event.metadata.actorId;
  const context: Context<EventType> = {
    event: event as EventLike<EventType>,
    facts,
    actor: byId.get(actorId)?.name ?? 'FamilyOS',
    name,
    withAbility: (ability) => facts.members.filter((m) => can(m, ability)).map((m) => m.id),
    task: facts.task ?? null,
    entity: streamEntityId(event.streamId),
  };
  const told = new Set<string>();
  const out: Notification[] = [];
  for (const { to, draft } of rule(context)) {
    for (const memberId of to) {
      if (memberId === actorId || told.has(memberId) || !byId.get(memberId)?.active) continue;
      told.add(memberId);
      out.push({ memberId, ...draft });
    }
  }
  return out;
}

/** The event types that tell someone something: what the push reactor follows (decision 039). */
export const NOTIFYING_EVENT_TYPES = Object.keys(rules) as EventType[];

/**
 * A notification that asks someone to decide (review a task, a child's request, a skip, a reward, a request to
 * join) waits on that decision: the key it is settled by, the same for everyone it was sent to. Other kinds wait
 * on nothing.
 */
export function awaitedDecision(event: Pick<StoredEvent, 'streamId' | 'type' | 'data'>): string | null {
  const entity = streamEntityId(event.streamId);
  switch (event.type) {
    case 'TaskCreated':
      return (event.data as EventOf<'TaskCreated'>['data']).isChildRequest ? `task:${entity}` : null;
    case 'TaskSubmitted':
      return `task:${entity}`;
    case 'TaskSkipRequested':
      return `skip:${entity}`;
    case 'RedemptionRequested':
      return `redemption:${(event.data as EventOf<'RedemptionRequested'>['data']).redemptionId}`;
    case 'AccessRequested':
      return `accessRequest:${(event.data as EventOf<'AccessRequested'>['data']).requestId}`;
    default:
      return null;
  }
}

/**
 * The decisions `event` makes, whoever made them: every notification waiting on one is dealt with, for all its
 * recipients (a task Mom approves no longer asks Dad, nor Mom's other devices, for a review). Removing the item
 * deals with what waited on it too: there is nothing left to decide.
 */
export function decisionsSettledBy(event: Pick<StoredEvent, 'streamId' | 'type' | 'data'>): string[] {
  const entity = streamEntityId(event.streamId);
  switch (event.type) {
    case 'TaskApproved':
    case 'TaskRejected':
    case 'TaskRequestAccepted':
      return [`task:${entity}`];
    case 'TaskDeleted':
      return [`task:${entity}`, `skip:${entity}`];
    // A chore's day that ended has nothing left to skip.
    case 'TaskSkipApproved':
    case 'TaskSkipDeclined':
    case 'TaskMissed':
      return [`skip:${entity}`];
    case 'RedemptionApproved':
    case 'RedemptionRejected':
      return [`redemption:${(event.data as { redemptionId: string }).redemptionId}`];
    case 'AccessRequestApproved':
    case 'AccessRequestRejected':
      return [`accessRequest:${(event.data as { requestId: string }).requestId}`];
    default:
      return [];
  }
}
