import type { MemberPauseView, UserView } from '@familyos/contracts';
import { memberAbilities, memberFacts, pauseOn, pausesToShow, type Actor, type MemberFacts, type MemberState } from '@familyos/domain';
import type { MemberDoc } from '@familyos/projections';

const isState = (m: MemberDoc | MemberState): m is MemberState => 'exists' in m;

/** The member as the member rules see it, from its read model row or its folded stream. */
function factsOf(m: MemberDoc | MemberState): MemberFacts {
  if (isState(m)) return memberFacts(m);
  const canSignIn = m.hasPassword || m.hubUserId !== null || Boolean(m.oidcLinked) || Boolean(m.pendingHubUsername);
  return { id: m.id, familyId: m.familyId, role: m.role, isPrimaryAdmin: m.isPrimaryAdmin, active: m.active, canSignIn };
}

/** The acting member a member is when it looks at itself (a sign-in's answer). */
export const selfActor = (m: Pick<MemberState, 'id' | 'role' | 'familyId'>): Actor => ({ id: m.id, role: m.role, familyId: m.familyId });

/**
 * A child's pauses that are current or upcoming on `today` (the family's day; libs/domain `pausesToShow`). null:
 * a member of no family, who has none.
 */
function pausesOf(m: MemberDoc | MemberState, today: string | null): MemberPauseView[] {
  if (today === null) return [];
  const all: MemberPauseView[] = isState(m)
    ? m.pauses.map((p) => ({ id: p.pauseId, fromDay: p.fromDay, untilDay: p.untilDay, reason: p.reason, pausedBy: null, pausedAt: null }))
    : (m.pauses ?? []).map((p) => ({ ...p }));
  return pausesToShow(all, today);
}

/**
 * SPEC §3's User, as every endpoint answers it, with what `viewer` may do to this member. Never a password
 * hash, never a session. `today`: the member's family's day (MembersQueries.today), for the pauses still current
 * or to come; every answer gives it, a sign-in's too.
 */
export function userView(m: MemberDoc | MemberState, viewer: Actor, today: string | null): UserView {
  const state = isState(m) ? m : null;
  const doc = isState(m) ? null : m;
  const pauses = pausesOf(m, today);
  return {
    id: m.id,
    username: m.username,
    name: m.name,
    role: m.role,
    age: m.age,
    avatar: m.avatar,
    hubUserId: m.hubUserId ?? null,
    hubUsername: m.hubUsername ?? null,
    bio: m.bio ?? '',
    websiteUrl: m.websiteUrl ?? '',
    isPrimaryAdmin: m.isPrimaryAdmin,
    familyId: m.familyId,
    ...(doc?.createdAt ? { createdAt: doc.createdAt } : {}),
    active: m.active,
    hasPassword: state ? state.passwordHash !== null : doc!.hasPassword,
    pendingHubUsername: (state ? state.reservedHubUsername : doc!.pendingHubUsername) ?? null,
    pauses,
    pausedNow: today === null ? null : pauseOn(pauses, today),
    can: memberAbilities(viewer, factsOf(m)),
  };
}
