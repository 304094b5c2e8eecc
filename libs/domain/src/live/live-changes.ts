import { streamCategory, streamEntityId, type EventMetadata } from '@familyos/events';
import type { Actor } from '../shared/actor.js';
import { decisionsSettledBy, mayNotify } from '../notifications/notification-rule.js';

/**
 * Live updates (issue 20), the rule a family's change stream will send by: which parts of the screen an event
 * makes stale, and whether a member may hear of it at all. A topic is the web app's query family (`['api',
 * topic]`), so the app refreshes exactly those. The stream itself (Server-Sent Events after the projections
 * commit, apps/api/src/live) applies it, decided once, on the server.
 */
export const LIVE_TOPICS = [
  'auth',
  'tasks',
  'points',
  'redemptions',
  'standings',
  'users',
  'family',
  'announcements',
  'calendar-events',
  'reports',
  'chores',
  'streaks',
  'family-invites',
  'admin',
  'audit-logs',
  'notifications',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** What each kind of stream changes on screen. A stream not listed (sessions, usernames, keys) changes nothing seen. */
const TOPICS_BY_STREAM: Readonly<Record<string, readonly LiveTopic[]>> = {
  task: ['tasks', 'standings', 'chores', 'streaks'],
  pointsAccount: ['points', 'redemptions', 'standings', 'users'],
  family: ['family', 'users'],
  // 'auth': the signed-in member's own `me` (role, name, avatar).
  member: ['users', 'standings', 'auth'],
  announcement: ['announcements'],
  photo: ['announcements'],
  calendarEvent: ['calendar-events'],
  report: ['reports'],
  chore: ['chores', 'streaks', 'tasks'],
  invite: ['family-invites'],
  accessRequest: ['admin'],
};

/** The streams only parents hear of: who is invited, who asks to join. */
const PARENTS_ONLY = new Set(['invite', 'accessRequest']);

/** Per topic, the records a change touched (decision 052); a topic not in it changed in ways no id names. */
export type LiveIds = Partial<Record<LiveTopic, string[]>>;

export interface LiveChange {
  /**
   * The change's number among its family's changes (decision 046): the stream's event id, so a dropped
   * connection resumes after it. Never the log's position, which would count every other family's writes.
   */
  id: number;
  topics: LiveTopic[];
  /**
   * The records of `topics` it touched, by id (decision 052): the web app refetches those items and its lists'
   * first pages, not every page. Only for a topic listed here; the others are refreshed whole, as before.
   */
  ids?: LiveIds;
}

/**
 * A change naming more records of a topic than this (a catch-up over many changes) names the topic alone: past
 * about this many, one first page read costs less than the items one by one.
 */
export const LIVE_IDS_PER_TOPIC = 20;

/**
 * Whether `event` can change anything a member of its family is shown: a stream with topics, a notification
 * made, read or settled. Only those are counted as the family's changes (the ids its streams send): sign-ins,
 * usernames, keys and deliveries are not.
 */
export function mayChangeScreens(event: { streamId: string; type: string; data: unknown }): boolean {
  const kind = streamCategory(event.streamId);
  return kind in TOPICS_BY_STREAM || kind === 'notificationReads' || mayNotify(event.type) || decisionsSettledBy(event).length > 0;
}

export interface LiveFacts {
  /**
   * For a task's or a chore's event, whose it is: a task's assignees and creator, ever (`taskMembersOf`: a child
   * a task was taken from hears that it went), a chore's children (and, for an edit, those it had before).
   */
  members?: readonly string[];
  /** The members whose notifications the event changed: a notification made for them, or one they read. */
  notified?: readonly string[];
}

/** The streams a child hears of only when they are among its `members`. */
const CHILDS_OWN = new Set(['task', 'chore']);

/**
 * What `member` is told of a change (`id`, its family's number for the event), or null for nothing: never another
 * family's event; a child hears of the family's shared things but of a task only when it is theirs, of points only
 * in their own account (a sibling's move the leaderboard, `standings`, only); the
 * activity log is the parents'; the notifications of those `facts.notified` names.
 */
export function liveChangeFor(
  member: Actor,
  change: { id: number; streamId: string; data?: unknown; metadata: Pick<EventMetadata, 'familyId'> },
  facts: LiveFacts = {},
): LiveChange | null {
  if (member.familyId === null || change.metadata.familyId !== member.familyId) return null;
  const topics = topicsFor(member, change.streamId, facts);
  if ((facts.notified ?? []).includes(member.id)) topics.push('notifications');
  if (topics.length === 0) return null;
  const ids = idsFor(change.streamId, change.data, topics);
  return Object.keys(ids).length > 0 ? { id: change.id, topics, ids } : { id: change.id, topics };
}

/**
 * Which record of each topic an event touched: its stream's own entity (a task, a chore, an announcement, a
 * member) and the points entry or redemption a points event names. Named only for the topics this member hears
 * of it: a child hears of a task only when it is theirs and of a sibling's points only as `standings`, which
 * names no id, so no child learns the id of a record it may not read (SPEC §6). A topic changed as a side effect
 * (the leaderboard, a chore's tasks, the activity log, the bell) names none.
 */
function idsFor(streamId: string, data: unknown, topics: readonly LiveTopic[]): LiveIds {
  const kind = streamCategory(streamId);
  const entity = streamEntityId(streamId);
  const fields = (data ?? {}) as { entryId?: unknown; redemptionId?: unknown };
  const named: LiveIds = {};
  const name = (topic: LiveTopic, id: unknown) => {
    if (typeof id === 'string' && id && topics.includes(topic)) named[topic] = [...(named[topic] ?? []), id];
  };
  const own = OWN_TOPIC[kind];
  if (own) name(own, entity);
  if (kind === 'pointsAccount') {
    name('points', fields.entryId);
    name('redemptions', fields.redemptionId);
  }
  return named;
}

/** The topic whose records a stream's entity id names (`task-<id>` is the task `<id>`). */
const OWN_TOPIC: Readonly<Record<string, LiveTopic>> = {
  task: 'tasks',
  chore: 'chores',
  announcement: 'announcements',
  calendarEvent: 'calendar-events',
  report: 'reports',
  member: 'users',
  pointsAccount: 'users',
  invite: 'family-invites',
  accessRequest: 'admin',
};

/**
 * What a stream that missed several changes hears at once (a resume, decision 046): every topic of them, and per
 * topic the ids they named, unless one of them changed the topic without naming ids or they named more than
 * LIVE_IDS_PER_TOPIC: then the topic alone.
 */
export function mergeLiveChanges(id: number, changes: readonly Pick<LiveChange, 'topics' | 'ids'>[]): LiveChange {
  const topics = new Set<LiveTopic>();
  const ids = new Map<LiveTopic, Set<string> | null>();
  for (const change of changes) {
    for (const topic of change.topics) {
      topics.add(topic);
      const named = change.ids?.[topic];
      const soFar = ids.has(topic) ? ids.get(topic)! : new Set<string>();
      if (!named || soFar === null) ids.set(topic, null);
      else {
        for (const one of named) soFar.add(one);
        ids.set(topic, soFar.size > LIVE_IDS_PER_TOPIC ? null : soFar);
      }
    }
  }
  const named: LiveIds = {};
  for (const [topic, set] of ids) if (set) named[topic] = [...set];
  return Object.keys(named).length > 0 ? { id, topics: [...topics], ids: named } : { id, topics: [...topics] };
}

function topicsFor(member: Actor, streamId: string, facts: LiveFacts): LiveTopic[] {
  const kind = streamCategory(streamId);
  const topics = TOPICS_BY_STREAM[kind];
  if (!topics) return [];
  if (member.role !== 'child') return [...topics, 'audit-logs'];
  if (PARENTS_ONLY.has(kind)) return [];
  if (CHILDS_OWN.has(kind) && !(facts.members ?? []).includes(member.id)) return [];
  // A sibling's points move the leaderboard every child sees, and nothing else of theirs.
  if (kind === 'pointsAccount' && streamEntityId(streamId) !== member.id) return ['standings'];
  return [...topics];
}

/** A task stream's events, as far as `taskMembersOf` reads them. */
type TaskStreamEvent = { type: string; data: unknown };

/**
 * Everyone a task has been theirs, from its stream's events up to the one being told: its creator and every
 * assignee it has had. Read from the log, not the read model, because a deleted task has no row left.
 */
export function taskMembersOf(events: readonly TaskStreamEvent[]): string[] {
  const members = new Set<string>();
  for (const { type, data } of events) {
    const fields = (type === 'TaskCreated' ? data : type === 'TaskEdited' ? (data as { changes?: unknown }).changes : null) as
      | { createdBy?: string; assignedTo?: string[] }
      | null
      | undefined;
    if (fields?.createdBy) members.add(fields.createdBy);
    for (const id of fields?.assignedTo ?? []) members.add(id);
  }
  return [...members];
}

/**
 * The children a chore's last event in `events` concerns: those it had before that event and those after, so a
 * child taken off a chore hears that it went from their screen, and of none of its later changes.
 */
export function choreMembersOf(events: readonly TaskStreamEvent[]): string[] {
  let before: readonly string[] = [];
  let after: readonly string[] = [];
  for (const { type, data } of events) {
    before = after;
    const fields = (type === 'ChoreCreated' ? data : type === 'ChoreEdited' ? (data as { changes?: unknown }).changes : null) as
      | { children?: string[] }
      | null
      | undefined;
    if (fields?.children) after = fields.children;
  }
  return [...new Set([...before, ...after])];
}
