import type { MemberEvent, MemberJoined } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { memberDecider, usernameDecider, type MemberCommand, type NewMember } from './member.decider.js';

/** A refusal message must be exactly this text, not merely contain it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const OTHER_FAMILY = 'family-2';

const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const leo: Actor = { id: 'leo', role: 'child', familyId: FAMILY };
const rootInFamily: Actor = { id: 'root', role: 'superuser', familyId: FAMILY };
const rootWithoutFamily: Actor = { id: 'root', role: 'superuser', familyId: null };
const otherAdmin: Actor = { id: 'eve', role: 'admin', familyId: OTHER_FAMILY };
const otherChild: Actor = { id: 'zoe', role: 'child', familyId: OTHER_FAMILY };

const members = deciderSpec(memberDecider);
const usernames = deciderSpec(usernameDecider);

function newMember(overrides: Partial<NewMember> = {}): NewMember {
  return {
    memberId: 'emma',
    familyId: FAMILY,
    username: 'emma',
    name: 'Emma',
    role: 'child',
    age: 10,
    avatar: '👧',
    isPrimaryAdmin: false,
    passwordHash: null,
    via: 'added',
    ...overrides,
  };
}

/** The MemberJoined event for newMember(overrides): everything but the password hash. */
function joined(overrides: Partial<NewMember> = {}): MemberEvent {
  const { passwordHash: _hash, ...data } = newMember(overrides);
  return { type: 'MemberJoined', data: data satisfies MemberJoined['data'] };
}

const join = (actor: Actor | undefined, overrides: Partial<NewMember> = {}): MemberCommand =>
  actor ? { type: 'JoinMember', actor, member: newMember(overrides) } : { type: 'JoinMember', member: newMember(overrides) };
const rename = (actor: Actor, name: string): MemberCommand => ({ type: 'RenameMember', actor, name });
const changeAvatar = (actor: Actor, avatar: string): MemberCommand => ({ type: 'ChangeAvatar', actor, avatar });
const setPassword = (actor: Actor, passwordHash: string): MemberCommand => ({ type: 'SetPassword', actor, passwordHash });

/** Emma, a child of FAMILY. */
const emmaJoined = joined();

describe('member decider', () => {
  describe('JoinMember', () => {
    it('emits MemberJoined and MemberPasswordSet when a hash is given', () => {
      members
        .given([])
        .when(join(mom, { passwordHash: 'scrypt$abc' }))
        .then([joined(), { type: 'MemberPasswordSet', data: { passwordHash: 'scrypt$abc' } }]);
    });

    it('emits only MemberJoined without a hash', () => {
      members.given([]).when(join(mom)).then([joined()]);
    });

    it('lets a member create itself (register), even as Primary Admin', () => {
      const self = { memberId: 'mom', username: 'mom', name: 'Mom', role: 'admin' as const, age: null, isPrimaryAdmin: true, via: 'register' as const };
      members
        .given([])
        .when(join(undefined, { ...self, passwordHash: 'scrypt$mom' }))
        .then([joined(self), { type: 'MemberPasswordSet', data: { passwordHash: 'scrypt$mom' } }]);
    });

    it.each([
      ['a child', 'child' as const],
      ['a manager', 'manager' as const],
      ['an admin', 'admin' as const],
    ])('lets an admin add %s', (_label, role) => {
      members.given([]).when(join(mom, { role })).then([joined({ role })]);
    });

    it('lets a superuser of the family add a member', () => {
      members.given([]).when(join(rootInFamily)).then([joined()]);
    });

    it('answers not found to an admin adding to another family', () => {
      members.given([]).when(join(otherAdmin)).thenRefuses('not_found');
    });

    it('answers not found to an adder without a family', () => {
      members.given([]).when(join(rootWithoutFamily)).thenRefuses('not_found');
    });

    it.each([
      ['a manager', dad],
      ['a child', emma],
    ])('refuses %s adding a member', (_label, actor) => {
      members.given([]).when(join(actor)).thenRefuses('forbidden');
    });

    it('refuses adding a superuser', () => {
      members.given([]).when(join(mom, { role: 'superuser' })).thenRefuses('forbidden', exactly(messages.memberRole));
    });

    it('appends nothing when the member already exists (a request with an Idempotency-Key run again)', () => {
      members.given([emmaJoined]).when(join(mom)).thenNothing();
    });
  });

  describe('RenameMember', () => {
    it('lets a member rename itself', () => {
      members.given([emmaJoined]).when(rename(emma, 'Emmy')).then([{ type: 'MemberRenamed', data: { name: 'Emmy' } }]);
    });

    it('appends nothing when the name is unchanged', () => {
      members.given([emmaJoined]).when(rename(emma, 'Emma')).thenNothing();
    });

    it('lets an admin of the family rename a member', () => {
      members.given([emmaJoined]).when(rename(mom, 'Emmy')).then([{ type: 'MemberRenamed', data: { name: 'Emmy' } }]);
    });

    it.each([
      ['a sibling', leo],
      ['a manager', dad],
    ])('refuses %s renaming someone else', (_label, actor) => {
      members.given([emmaJoined]).when(rename(actor, 'Emmy')).thenRefuses('forbidden');
    });

    it.each([
      ['an admin', otherAdmin],
      ['a child', otherChild],
    ])('answers not found to %s of another family', (_label, actor) => {
      members.given([emmaJoined]).when(rename(actor, 'Emmy')).thenRefuses('not_found');
    });

    it('answers not found for a member that does not exist', () => {
      members.given([]).when(rename(mom, 'Emmy')).thenRefuses('not_found');
    });
  });

  describe('ChangeAvatar', () => {
    it('changes the avatar', () => {
      members.given([emmaJoined]).when(changeAvatar(emma, '🦄')).then([{ type: 'MemberAvatarChanged', data: { avatar: '🦄' } }]);
    });

    it('appends nothing when the avatar is unchanged', () => {
      members.given([emmaJoined]).when(changeAvatar(emma, '👧')).thenNothing();
    });

    it('lets an admin of the family change it', () => {
      members.given([emmaJoined]).when(changeAvatar(mom, '🦄')).then([{ type: 'MemberAvatarChanged', data: { avatar: '🦄' } }]);
    });

    it('refuses a sibling', () => {
      members.given([emmaJoined]).when(changeAvatar(leo, '🦄')).thenRefuses('forbidden');
    });

    it('answers not found to another family', () => {
      members.given([emmaJoined]).when(changeAvatar(otherAdmin, '🦄')).thenRefuses('not_found');
    });
  });

  describe('SetPassword', () => {
    it.each([
      ['the member itself', emma],
      ['an admin of the family', mom],
    ])('lets %s set it', (_label, actor) => {
      members.given([emmaJoined]).when(setPassword(actor, 'scrypt$new')).then([{ type: 'MemberPasswordSet', data: { passwordHash: 'scrypt$new' } }]);
    });

    it('refuses a sibling', () => {
      members.given([emmaJoined]).when(setPassword(leo, 'scrypt$new')).thenRefuses('forbidden');
    });

    it('answers not found to another family', () => {
      members.given([emmaJoined]).when(setPassword(otherAdmin, 'scrypt$new')).thenRefuses('not_found');
    });
  });
});

describe('username decider', () => {
  const claim = (memberId: string, username = 'emma') => ({ type: 'ClaimUsername' as const, username, memberId });
  const claimed = (memberId: string, username = 'emma') => ({ type: 'UsernameClaimed' as const, data: { username, memberId } });

  it('lets the first member claim a username', () => {
    usernames.given([]).when(claim('emma')).then([claimed('emma')]);
  });

  it('refuses a second claim by another member', () => {
    usernames.given([claimed('emma')]).when(claim('impostor', 'Emma')).thenRefuses('conflict', exactly(messages.usernameTaken));
  });

  it('appends nothing when the same member claims it again', () => {
    usernames.given([claimed('emma')]).when(claim('emma')).thenNothing();
  });
});
