import type { MemberState } from '@familyos/domain';
import type { MemberDoc } from '@familyos/projections';

/** SPEC §3's User, as every endpoint answers it. Never a password hash, never a session. */
export interface UserView {
  id: string;
  username: string;
  name: string;
  role: MemberDoc['role'];
  age: number | null;
  avatar: string;
  hubUserId: string | null;
  hubUsername: string | null;
  bio: string;
  websiteUrl: string;
  isPrimaryAdmin: boolean;
  familyId: string | null;
  createdAt?: string;
}

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
