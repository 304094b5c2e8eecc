import { isEvent, streamEntityId, type StoredEvent } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { MemberDoc, MemberPauseDoc } from '../schema/documents.js';

/** Days a pause is kept after its last day: whatever the family's time zone, it is over by then everywhere. */
const PAUSE_KEPT_DAYS = 2;

/** The UTC day `days` before the event's own time, 'YYYY-MM-DD'. */
const dayBefore = (timestamp: string, days: number) => new Date(Date.parse(timestamp) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A child's pauses after a pause event: the changed one in place (a replayed event changes nothing), one that
 * now ends before it begins (cancelled) dropped, and those long over dropped, by the event's own time (no clock
 * here: a rebuild keeps the same ones). Sorted by first day.
 */
function pausesAfter(event: StoredEvent, member: MemberDoc): MemberPauseDoc[] | null {
  let pauses = member.pauses ?? [];
  if (isEvent(event, 'MemberPaused')) {
    const d = event.data;
    const pause: MemberPauseDoc = { id: d.pauseId, fromDay: d.fromDay, untilDay: d.untilDay, reason: d.reason, pausedBy: event.metadata.actorId, pausedAt: event.metadata.timestamp };
    const known = pauses.find((p) => p.id === d.pauseId);
    pauses = known ? pauses : [...pauses, pause];
  } else if (isEvent(event, 'MemberPauseEnded')) {
    const { pauseId, untilDay } = event.data;
    pauses = pauses.map((p) => (p.id === pauseId ? { ...p, untilDay } : p));
  } else return null;
  const over = dayBefore(event.metadata.timestamp, PAUSE_KEPT_DAYS);
  return pauses
    .filter((p) => p.untilDay >= p.fromDay && p.untilDay >= over)
    .sort((a, b) => (a.fromDay < b.fromDay ? -1 : a.fromDay > b.fromDay ? 1 : a.id < b.id ? -1 : 1));
}

/** The member events of decision 029, as changes to the member's row. */
function memberPatch(event: StoredEvent): Partial<MemberDoc> | null {
  if (isEvent(event, 'MemberRoleChanged')) return { role: event.data.role };
  if (isEvent(event, 'MemberDeactivated')) return { active: false };
  if (isEvent(event, 'MemberReactivated')) return event.data.passwordWithdrawn ? { active: true, hasPassword: false } : { active: true };
  if (isEvent(event, 'MemberProfileChanged')) return { bio: event.data.bio, websiteUrl: event.data.websiteUrl };
  if (isEvent(event, 'MemberHubUsernameReserved')) return { pendingHubUsername: event.data.hubUsername };
  return null;
}

/**
 * The member's e-mail after an e-mail event (decision 043): a changed address is unconfirmed until its link is
 * followed; a confirmation counts only for the address still set. Applied twice, the same row.
 */
function emailAfter(event: StoredEvent, member: MemberDoc): MemberDoc['email'] | undefined {
  const current = member.email;
  if (isEvent(event, 'MemberEmailChanged')) {
    const kept = Boolean(current?.confirmed) && event.data.address !== null && event.data.address === current?.address;
    return { ...event.data, confirmed: kept };
  }
  if (isEvent(event, 'MemberEmailConfirmed')) return current && current.address === event.data.address ? { ...current, confirmed: true } : current;
  return undefined;
}

export const membersProjection: Projection = {
  name: 'members',
  // 3: role changes, deactivation, bio and website, and the hub account named for a member (decision 029).
  // 4: a child's pauses, current and upcoming (issue 19).
  // 5: the member's e-mail settings (issue 20).
  // 6: whether the address is confirmed (decision 043).
  version: 6,
  collections: [collections.members],
  handles: ['MemberJoined', 'MemberEmailChanged', 'MemberEmailConfirmed', 'MemberPaused', 'MemberPauseEnded', 'MemberRenamed', 'MemberAvatarChanged', 'MemberPasswordSet', 'MemberIdentityLinked', 'MemberRoleChanged', 'MemberDeactivated', 'MemberReactivated', 'MemberProfileChanged', 'MemberHubUsernameReserved'],
  async apply(event, tx) {
    if (isEvent(event, 'MemberJoined')) {
      const d = event.data;
      const doc: MemberDoc = {
        id: d.memberId,
        familyId: d.familyId,
        username: d.username,
        usernameLower: d.username.toLowerCase(),
        name: d.name,
        role: d.role,
        age: d.age,
        avatar: d.avatar,
        isPrimaryAdmin: d.isPrimaryAdmin,
        hubUserId: null,
        bio: '',
        websiteUrl: '',
        hasPassword: false,
        createdAt: event.metadata.timestamp,
        active: true,
        pendingHubUsername: null,
        pauses: [],
      };
      await tx.put(collections.members, doc);
      return;
    }
    if (isEvent(event, 'MemberEmailChanged') || isEvent(event, 'MemberEmailConfirmed')) {
      const member = await tx.get(collections.members, streamEntityId(event.streamId));
      if (member) await tx.put(collections.members, { ...member, email: emailAfter(event, member) });
      return;
    }
    if (isEvent(event, 'MemberPaused') || isEvent(event, 'MemberPauseEnded')) {
      const member = await tx.get(collections.members, streamEntityId(event.streamId));
      const pauses = member && pausesAfter(event, member);
      if (member && pauses) await tx.put(collections.members, { ...member, pauses });
      return;
    }
    const patch: Partial<MemberDoc> | null = isEvent(event, 'MemberRenamed')
      ? { name: event.data.name }
      : isEvent(event, 'MemberAvatarChanged')
        ? { avatar: event.data.avatar }
        : isEvent(event, 'MemberPasswordSet')
          ? { hasPassword: true }
          : isEvent(event, 'MemberIdentityLinked')
            ? event.data.provider === 'hub'
              ? { hubUserId: event.data.subject, hubUsername: event.data.username, pendingHubUsername: null }
              : { oidcLinked: true }
            : memberPatch(event);
    if (!patch) return;
    const member = await tx.get(collections.members, streamEntityId(event.streamId));
    if (member) await tx.put(collections.members, { ...member, ...patch });
  },
};
