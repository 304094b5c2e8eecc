import type { MemberEvent, MemberJoined } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { fold } from '../shared/decider.js';
import {
  acceptsSession,
  hubUsernameDecider,
  memberDecider,
  signInLinkDecider,
  signInLinkStatus,
  usernameDecider,
  type MemberCommand,
  type NewMember,
  type PasswordProof,
} from './member.decider.js';

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
const setPassword = (actor: Actor, passwordHash: string, proof: PasswordProof = 'none', session: string | null = null): MemberCommand => ({
  type: 'SetPassword',
  actor,
  passwordHash,
  proof,
  session,
});
const passwordSet = (passwordHash: string, kept: string | null = null): MemberEvent => ({ type: 'MemberPasswordSet', data: { passwordHash, sessions: { kept } } });
const changeRole = (actor: Actor, role: MemberJoined['data']['role']): MemberCommand => ({ type: 'ChangeRole', actor, role });
const deactivate = (actor: Actor): MemberCommand => ({ type: 'DeactivateMember', actor });
const reactivate = (actor: Actor): MemberCommand => ({ type: 'ReactivateMember', actor });
const deactivated: MemberEvent = { type: 'MemberDeactivated', data: {} };
const reactivated: MemberEvent = { type: 'MemberReactivated', data: {} };
/** Emma has a password: the initial one, set when she was added. */
const emmaPassword: MemberEvent = { type: 'MemberPasswordSet', data: { passwordHash: 'scrypt$first' } };

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
    it('lets a member with a password change it only with the current one, keeping the session that asked', () => {
      members.given([emmaJoined, emmaPassword]).when(setPassword(emma, 'scrypt$new', 'current-password', 'hash-of-this-session')).then([passwordSet('scrypt$new', 'hash-of-this-session')]);
    });

    it('refuses a member changing their own password without the current one', () => {
      members
        .given([emmaJoined, emmaPassword])
        .when(setPassword(emma, 'scrypt$new', 'none'))
        .thenRefuses('invalid', exactly(messages.currentPasswordRequired));
    });

    it('refuses a member changing their own password with a wrong current one', () => {
      members
        .given([emmaJoined, emmaPassword])
        .when(setPassword(emma, 'scrypt$new', 'wrong-current-password'))
        .thenRefuses('invalid', exactly(messages.currentPasswordWrong));
    });

    it('lets a member without any password yet set a first one', () => {
      members.given([emmaJoined]).when(setPassword(emma, 'scrypt$new', 'none', 's1')).then([passwordSet('scrypt$new', 's1')]);
    });

    it.each([
      ['an admin of the family', mom],
      ['a superuser of the family', rootInFamily],
    ])("lets %s set a child's password, ending every session of the child", (_label, actor) => {
      members.given([emmaJoined, emmaPassword]).when(setPassword(actor, 'scrypt$new')).then([passwordSet('scrypt$new')]);
    });

    const grownUp = (id: string, role: 'manager' | 'admin', isPrimaryAdmin = false): MemberEvent[] => [
      joined({ memberId: id, username: id, name: id, role, age: null, isPrimaryAdmin }),
      { type: 'MemberPasswordSet', data: { passwordHash: `scrypt$${id}` } },
    ];

    it.each([
      ['a manager', 'manager' as const],
      ['a second admin', 'admin' as const],
    ])("refuses a parent setting %s's password while they are active", (_label, role) => {
      members.given(grownUp('sam', role)).when(setPassword(mom, 'scrypt$new')).thenRefuses('forbidden', exactly(messages.memberPasswordChildOnly));
    });

    it("lets a parent set a deactivated adult's password", () => {
      members.given([...grownUp('sam', 'manager'), deactivated]).when(setPassword(mom, 'scrypt$new')).then([passwordSet('scrypt$new')]);
    });

    it("refuses everyone setting the Primary Admin's password, even a second admin who claims to know it", () => {
      const second: Actor = { id: 'sam', role: 'admin', familyId: FAMILY };
      const primary = grownUp('mom', 'admin', true);
      members.given(primary).when(setPassword(second, 'scrypt$takeover')).thenRefuses('forbidden', exactly(messages.primaryAdminPassword));
      members.given(primary).when(setPassword(second, 'scrypt$takeover', 'current-password')).thenRefuses('forbidden', exactly(messages.primaryAdminPassword));
    });

    it('lets the Primary Admin change their own password with the current one', () => {
      members.given(grownUp('mom', 'admin', true)).when(setPassword(mom, 'scrypt$new', 'current-password', 's1')).then([passwordSet('scrypt$new', 's1')]);
    });

    it.each([
      ['a sibling', leo],
      ['a manager', dad],
    ])("refuses %s setting another member's password", (_label, actor) => {
      members.given([emmaJoined]).when(setPassword(actor, 'scrypt$new')).thenRefuses('forbidden', exactly(messages.memberPasswordParentsOnly));
    });

    it('answers not found to another family', () => {
      members.given([emmaJoined]).when(setPassword(otherAdmin, 'scrypt$new')).thenRefuses('not_found');
    });

    it('sets it through a one-time sign-in link, but not for a deactivated member', () => {
      members.given([emmaJoined]).when(setPassword(emma, 'scrypt$new', 'sign-in-link')).then([passwordSet('scrypt$new')]);
      members.given([emmaJoined, deactivated]).when(setPassword(emma, 'scrypt$new', 'sign-in-link')).thenRefuses('forbidden', exactly(messages.memberDeactivated));
    });

    it("takes the server configuration's word only for a superuser", () => {
      const root = joined({ memberId: 'root', username: 'root', name: 'root', role: 'superuser', familyId: null, age: null });
      const rootSelf: Actor = { id: 'root', role: 'superuser', familyId: null };
      members.given([root]).when(setPassword(rootSelf, 'scrypt$env', 'configuration')).then([passwordSet('scrypt$env')]);
      members.given([emmaJoined]).when(setPassword(emma, 'scrypt$env', 'configuration')).thenRefuses('forbidden');
    });
  });

  describe('ChangeRole', () => {
    it('lets a parent change a child into a manager, keeping what came before', () => {
      members
        .given([emmaJoined])
        .when(changeRole(mom, 'manager'))
        .then([{ type: 'MemberRoleChanged', data: { role: 'manager', previousRole: 'child' } }]);
    });

    it('appends nothing when the member already has that role', () => {
      members.given([emmaJoined]).when(changeRole(mom, 'child')).thenNothing();
    });

    it("refuses changing the Primary Admin's role", () => {
      const second: Actor = { id: 'sam', role: 'admin', familyId: FAMILY };
      members
        .given([joined({ memberId: 'mom', username: 'mom', name: 'Mom', role: 'admin', age: null, isPrimaryAdmin: true })])
        .when(changeRole(second, 'child'))
        .thenRefuses('forbidden', exactly(messages.memberRolePrimaryAdmin));
    });

    it('refuses making anyone a superuser', () => {
      members.given([emmaJoined]).when(changeRole(mom, 'superuser')).thenRefuses('forbidden', exactly(messages.memberRole));
    });

    it("refuses changing a superuser's role", () => {
      members
        .given([joined({ memberId: 'root', username: 'root', name: 'root', role: 'superuser', age: null })])
        .when(changeRole(mom, 'child'))
        .thenRefuses('forbidden', exactly(messages.memberSuperuser));
    });

    it('refuses a parent changing their own role', () => {
      members
        .given([joined({ memberId: 'mom', username: 'mom', name: 'Mom', role: 'admin', age: null })])
        .when(changeRole(mom, 'manager'))
        .thenRefuses('forbidden', exactly(messages.memberRoleSelf));
    });

    it.each([
      ['a manager', dad],
      ['a child', leo],
    ])('refuses %s', (_label, actor) => {
      members.given([emmaJoined]).when(changeRole(actor, 'manager')).thenRefuses('forbidden', exactly(messages.memberRoleParentsOnly));
    });

    it('answers not found to another family', () => {
      members.given([emmaJoined]).when(changeRole(otherAdmin, 'manager')).thenRefuses('not_found');
    });
  });

  describe('DeactivateMember and ReactivateMember', () => {
    it('deactivates once; a repeat appends nothing', () => {
      members.given([emmaJoined]).when(deactivate(mom)).then([deactivated]);
      members.given([emmaJoined, deactivated]).when(deactivate(mom)).thenNothing();
    });

    it('reactivates once; a repeat, or reactivating an active member, appends nothing', () => {
      members.given([emmaJoined, deactivated]).when(reactivate(mom)).then([reactivated]);
      members.given([emmaJoined, deactivated, reactivated]).when(reactivate(mom)).thenNothing();
      members.given([emmaJoined]).when(reactivate(mom)).thenNothing();
    });

    it('refuses deactivating the Primary Admin, or oneself', () => {
      const second: Actor = { id: 'sam', role: 'admin', familyId: FAMILY };
      members
        .given([joined({ memberId: 'mom', username: 'mom', name: 'Mom', role: 'admin', age: null, isPrimaryAdmin: true })])
        .when(deactivate(second))
        .thenRefuses('forbidden', exactly(messages.memberActivePrimaryAdmin));
      members
        .given([joined({ memberId: 'sam', username: 'sam', name: 'Sam', role: 'admin', age: null })])
        .when(deactivate(second))
        .thenRefuses('forbidden', exactly(messages.memberActiveSelf));
    });

    it.each([
      ['a manager', dad],
      ['a child', leo],
    ])('refuses %s', (_label, actor) => {
      members.given([emmaJoined]).when(deactivate(actor)).thenRefuses('forbidden', exactly(messages.memberActiveParentsOnly));
      members.given([emmaJoined, deactivated]).when(reactivate(actor)).thenRefuses('forbidden', exactly(messages.memberActiveParentsOnly));
    });

    it('answers not found to another family', () => {
      members.given([emmaJoined]).when(deactivate(otherAdmin)).thenRefuses('not_found');
    });

    describe("an adult's password set by another while deactivated (decision 044)", () => {
      const sam = joined({ memberId: 'sam', username: 'sam', name: 'Sam', role: 'admin', age: null });
      const samsOwn: MemberEvent = { type: 'MemberPasswordSet', data: { passwordHash: 'scrypt$sams-own' } };
      const withdrawn: MemberEvent = { type: 'MemberReactivated', data: { passwordWithdrawn: true } };

      it('is withdrawn at reactivation: the member has no password until they choose one', () => {
        members.given([sam, samsOwn, deactivated, passwordSet('scrypt$moms')]).when(reactivate(mom)).then([withdrawn]);
        const state = fold(memberDecider, [sam, samsOwn, deactivated, passwordSet('scrypt$moms'), withdrawn]);
        expect(state).toMatchObject({ active: true, passwordHash: null });
      });

      it("keeps the adult's own password, and a child's set by a parent", () => {
        members.given([sam, samsOwn, deactivated]).when(reactivate(mom)).then([reactivated]);
        members.given([emmaJoined, deactivated, passwordSet('scrypt$moms')]).when(reactivate(mom)).then([reactivated]);
      });

      it('is withdrawn only once: a password set after the reactivation stands', () => {
        members.given([sam, deactivated, passwordSet('scrypt$moms'), withdrawn, passwordSet('scrypt$sams-new'), deactivated]).when(reactivate(mom)).then([reactivated]);
      });
    });
  });

  describe('sessions', () => {
    const state = (events: MemberEvent[]) => fold(memberDecider, events);

    it('a session started before a password change, or before a deactivation, no longer signs in', () => {
      const before = { epoch: state([emmaJoined, emmaPassword]).signInEpoch, tokenHash: 'old' };
      expect(acceptsSession(state([emmaJoined, emmaPassword]), before)).toBe(true);
      expect(acceptsSession(state([emmaJoined, emmaPassword, passwordSet('scrypt$new')]), before)).toBe(false);
      expect(acceptsSession(state([emmaJoined, emmaPassword, deactivated]), before)).toBe(false);
      // Reactivating does not bring old sessions back.
      expect(acceptsSession(state([emmaJoined, emmaPassword, deactivated, reactivated]), before)).toBe(false);
    });

    it('the session that changed its own password stays signed in, until the next change or a deactivation', () => {
      const mine = { epoch: 0, tokenHash: 'mine' };
      expect(acceptsSession(state([emmaJoined, emmaPassword, passwordSet('scrypt$new', 'mine')]), mine)).toBe(true);
      expect(acceptsSession(state([emmaJoined, emmaPassword, passwordSet('scrypt$new', 'mine'), passwordSet('scrypt$again')]), mine)).toBe(false);
      expect(acceptsSession(state([emmaJoined, emmaPassword, passwordSet('scrypt$new', 'mine'), deactivated]), mine)).toBe(false);
    });

    it('a session started after the change signs in; a deactivated member never does', () => {
      const changed = state([emmaJoined, emmaPassword, passwordSet('scrypt$new')]);
      expect(acceptsSession(changed, { epoch: changed.signInEpoch, tokenHash: 'new' })).toBe(true);
      const gone = state([emmaJoined, deactivated]);
      expect(acceptsSession(gone, { epoch: gone.signInEpoch, tokenHash: 'new' })).toBe(false);
    });
  });

  describe('ChangeProfile and MergeHubProfile', () => {
    const profile = (bio: string, websiteUrl: string, source: 'member' | 'hub' = 'member'): MemberEvent => ({
      type: 'MemberProfileChanged',
      data: { bio, websiteUrl, source },
    });

    it('changes bio and website; an unchanged profile appends nothing', () => {
      members.given([emmaJoined]).when({ type: 'ChangeProfile', actor: emma, bio: 'I like cats', websiteUrl: 'https://emma.example' }).then([profile('I like cats', 'https://emma.example')]);
      members.given([emmaJoined, profile('I like cats', '')]).when({ type: 'ChangeProfile', actor: emma, bio: 'I like cats' }).thenNothing();
    });

    it('refuses a sibling', () => {
      members.given([emmaJoined]).when({ type: 'ChangeProfile', actor: leo, bio: 'hi' }).thenRefuses('forbidden');
    });

    it("fills only what the member left empty from the hub's profile", () => {
      members.given([emmaJoined]).when({ type: 'MergeHubProfile', bio: 'From the hub', websiteUrl: 'https://hub.example/emma' }).then([profile('From the hub', 'https://hub.example/emma', 'hub')]);
      members
        .given([emmaJoined, profile('Mine', '')])
        .when({ type: 'MergeHubProfile', bio: 'From the hub', websiteUrl: 'https://hub.example/emma' })
        .then([profile('Mine', 'https://hub.example/emma', 'hub')]);
      members.given([emmaJoined, profile('Mine', 'https://mine.example')]).when({ type: 'MergeHubProfile', bio: 'x', websiteUrl: null }).thenNothing();
    });
  });

  describe('CreateSignInLink', () => {
    const link = (actor: Actor): MemberCommand => ({ type: 'CreateSignInLink', actor, expiresAt: '2026-11-28T09:00:00.000Z' });
    const created: MemberEvent = { type: 'MemberSignInLinkCreated', data: { expiresAt: '2026-11-28T09:00:00.000Z' } };

    it("lets a parent make one for a child, or for an adult who has no way to sign in yet", () => {
      members.given([emmaJoined, emmaPassword]).when(link(mom)).then([created]);
      members.given([joined({ memberId: 'sam', username: 'sam', name: 'Sam', role: 'manager', age: null })]).when(link(mom)).then([created]);
    });

    it('refuses one for an active adult who can already sign in, and for the Primary Admin', () => {
      const sam = [joined({ memberId: 'sam', username: 'sam', name: 'Sam', role: 'manager', age: null }), emmaPassword];
      members.given(sam).when(link(mom)).thenRefuses('forbidden', exactly(messages.memberPasswordChildOnly));
      const second: Actor = { id: 'sam', role: 'admin', familyId: FAMILY };
      members
        .given([joined({ memberId: 'mom', username: 'mom', name: 'Mom', role: 'admin', age: null, isPrimaryAdmin: true })])
        .when(link(second))
        .thenRefuses('forbidden', exactly(messages.primaryAdminPassword));
    });

    it('refuses a manager', () => {
      members.given([emmaJoined]).when(link(dad)).thenRefuses('forbidden', exactly(messages.memberPasswordParentsOnly));
    });
  });

  describe('JoinMember with a hub username', () => {
    it('reserves the hub account the member will sign in with', () => {
      members
        .given([])
        .when(join(mom, { hubUsername: 'newkid' }))
        .then([joined(), { type: 'MemberHubUsernameReserved', data: { hubUsername: 'newkid' } }]);
    });
  });
});

describe('sign-in link decider', () => {
  const links = deciderSpec(signInLinkDecider);
  const EXPIRES = '2026-11-28T09:00:00.000Z';
  const created = { type: 'SignInLinkCreated' as const, data: { memberId: 'emma', expiresAt: EXPIRES, memberEpoch: 0 } };
  const used = { type: 'SignInLinkUsed' as const, data: {} };
  const use = (now: string, memberEpoch = 0) => ({ type: 'UseSignInLink' as const, now: new Date(now), memberEpoch });

  it('is made once', () => {
    links.given([]).when({ type: 'CreateSignInLink', memberId: 'emma', expiresAt: EXPIRES, memberEpoch: 0 }).then([created]);
    links.given([created]).when({ type: 'CreateSignInLink', memberId: 'emma', expiresAt: EXPIRES, memberEpoch: 0 }).thenRefuses('conflict');
  });

  it("is void once the member's role or active state changed since it was made (decision 044)", () => {
    links.given([created]).when(use('2026-11-27T09:00:00.000Z', 1)).thenRefuses('conflict', exactly(messages.signInLinkVoided));
    const madeLater = { type: 'SignInLinkCreated' as const, data: { memberId: 'emma', expiresAt: EXPIRES, memberEpoch: 2 } };
    links.given([madeLater]).when(use('2026-11-27T09:00:00.000Z', 2)).then([used]);
    // A link made before the epoch was recorded works only for a member whose role and activation never changed.
    const older = { type: 'SignInLinkCreated' as const, data: { memberId: 'emma', expiresAt: EXPIRES } };
    links.given([older]).when(use('2026-11-27T09:00:00.000Z', 0)).then([used]);
    links.given([older]).when(use('2026-11-27T09:00:00.000Z', 1)).thenRefuses('conflict', exactly(messages.signInLinkVoided));
  });

  it('moves the member on at a role change, a deactivation and a reactivation, not at a rename or a password', () => {
    const epoch = (events: MemberEvent[]) => fold(memberDecider, [emmaJoined, ...events]).linkEpoch;
    expect(epoch([])).toBe(0);
    expect(epoch([{ type: 'MemberRenamed', data: { name: 'Em' } }, passwordSet('scrypt$x')])).toBe(0);
    expect(epoch([{ type: 'MemberRoleChanged', data: { role: 'manager', previousRole: 'child' } }])).toBe(1);
    expect(epoch([deactivated, reactivated])).toBe(2);
  });

  it('works once, before it expires', () => {
    links.given([created]).when(use('2026-11-27T09:00:00.000Z')).then([used]);
    links.given([created, used]).when(use('2026-11-27T09:00:00.000Z')).thenRefuses('conflict', exactly(messages.signInLinkUsed));
    links.given([created]).when(use(EXPIRES)).thenRefuses('conflict', exactly(messages.signInLinkExpired));
    links.given([]).when(use('2026-11-27T09:00:00.000Z')).thenRefuses('not_found');
  });

  it('tells its holder what state it is in', () => {
    const now = new Date('2026-11-27T09:00:00.000Z');
    expect(signInLinkStatus(fold(signInLinkDecider, []), now, 0)).toBe('unknown');
    expect(signInLinkStatus(fold(signInLinkDecider, [created]), now, 0)).toBe('ready');
    expect(signInLinkStatus(fold(signInLinkDecider, [created, used]), now, 0)).toBe('used');
    expect(signInLinkStatus(fold(signInLinkDecider, [created]), new Date(EXPIRES), 0)).toBe('expired');
    expect(signInLinkStatus(fold(signInLinkDecider, [created]), now, 1)).toBe('voided');
  });
});

describe('hub username decider', () => {
  const hubNames = deciderSpec(hubUsernameDecider);
  const claim = (memberId: string) => ({ type: 'ClaimHubUsername' as const, hubUsername: 'newkid', memberId });
  const claimed = (memberId: string) => ({ type: 'HubUsernameClaimed' as const, data: { hubUsername: 'newkid', memberId } });

  it('names one member per hub account', () => {
    hubNames.given([]).when(claim('emma')).then([claimed('emma')]);
    hubNames.given([claimed('emma')]).when(claim('emma')).thenNothing();
    hubNames.given([claimed('emma')]).when(claim('leo')).thenRefuses('conflict', exactly(messages.hubUsernameTaken));
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
