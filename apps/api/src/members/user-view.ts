import type { UserView } from '@familyos/contracts';
import { memberAbilities, memberFacts, type Actor, type MemberFacts, type MemberState } from '@familyos/domain';
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
 * SPEC §3's User, as every endpoint answers it, with what `viewer` may do to this member. Never a password
 * hash, never a session.
 */
export function userView(m: MemberDoc | MemberState, viewer: Actor): UserView {
  const state = isState(m) ? m : null;
  const doc = isState(m) ? null : m;
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
    can: memberAbilities(viewer, factsOf(m)),
  };
}
