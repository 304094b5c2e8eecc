import { isEvent, streamEntityId } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { MemberDoc } from '../schema/documents.js';


export const membersProjection: Projection = {
  name: 'members',
  version: 2,
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
              ? { hubUserId: event.data.subject, hubUsername: event.data.username }
              : { oidcLinked: true }
            : null;
    if (!patch) return;
    const member = await tx.get(collections.members, streamEntityId(event.streamId));
    if (member) await tx.put(collections.members, { ...member, ...patch });
  },
};
