import { isEvent, streamEntityId, type StoredEvent } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { MemberDoc } from '../schema/documents.js';

/** The member events of decision 029, as changes to the member's row. */
function memberPatch(event: StoredEvent): Partial<MemberDoc> | null {
  if (isEvent(event, 'MemberRoleChanged')) return { role: event.data.role };
  if (isEvent(event, 'MemberDeactivated')) return { active: false };
  if (isEvent(event, 'MemberReactivated')) return { active: true };
  if (isEvent(event, 'MemberProfileChanged')) return { bio: event.data.bio, websiteUrl: event.data.websiteUrl };
  if (isEvent(event, 'MemberHubUsernameReserved')) return { pendingHubUsername: event.data.hubUsername };
  return null;
}

export const membersProjection: Projection = {
  name: 'members',
  // 3: role changes, deactivation, bio and website, and the hub account named for a member (decision 029).
  version: 3,
  collections: [collections.members],
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
      };
      await tx.put(collections.members, doc);
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
