import type { UserView } from '@familyos/contracts';
import type { MemberState } from '@familyos/domain';
import type { MemberDoc } from '@familyos/projections';

/** SPEC §3's User, as every endpoint answers it. Never a password hash, never a session. */
export function userView(m: MemberDoc | MemberState): UserView {
  const doc = m as Partial<MemberDoc>;
  return {
    id: m.id,
    username: m.username,
    name: m.name,
    role: m.role,
    age: m.age,
    avatar: m.avatar,
    hubUserId: doc.hubUserId ?? null,
    hubUsername: doc.hubUsername ?? null,
    bio: doc.bio ?? '',
    websiteUrl: doc.websiteUrl ?? '',
    isPrimaryAdmin: m.isPrimaryAdmin,
    familyId: m.familyId,
    ...(doc.createdAt ? { createdAt: doc.createdAt } : {}),
  };
}
