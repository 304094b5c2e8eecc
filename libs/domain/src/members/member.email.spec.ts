import type { MemberEvent } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { memberDecider, type MemberCommand } from './member.decider.js';

/** Issue 20: a member's own e-mail address and the two mails they may turn off. */
const FAMILY = 'family-1';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const eve: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };

const members = deciderSpec(memberDecider);
const momJoined: MemberEvent = {
  type: 'MemberJoined',
  data: { memberId: 'mom', familyId: FAMILY, username: 'mom', name: 'Mom', role: 'admin', age: null, avatar: '👩', isPrimaryAdmin: true, via: 'register' },
};
const emmaJoined: MemberEvent = {
  type: 'MemberJoined',
  data: { memberId: 'emma', familyId: FAMILY, username: 'emma', name: 'Emma', role: 'child', age: 10, avatar: '👧', isPrimaryAdmin: false, via: 'added' },
};
const change = (actor: Actor, fields: Omit<Extract<MemberCommand, { type: 'ChangeEmail' }>, 'type' | 'actor'>): MemberCommand => ({ type: 'ChangeEmail', actor, ...fields });
const emailChanged = (address: string | null, weeklyReport: boolean, dailyDigest: boolean): MemberEvent => ({
  type: 'MemberEmailChanged',
  data: { address, weeklyReport, dailyDigest },
});
const momHasAddress = emailChanged('mom@example.org', true, true);

describe('member decider: ChangeEmail', () => {
  it('stores a first address trimmed and lower-cased, with both mails on', () => {
    members.given([momJoined]).when(change(mom, { address: '  Mom@Example.ORG ' })).then([momHasAddress]);
  });

  it('keeps the choices a member made when the address changes', () => {
    members
      .given([momJoined, emailChanged('mom@example.org', false, true)])
      .when(change(mom, { address: 'mother@example.org' }))
      .then([emailChanged('mother@example.org', false, true)]);
  });

  it('turns one mail off and leaves the other', () => {
    members.given([momJoined, momHasAddress]).when(change(mom, { dailyDigest: false })).then([emailChanged('mom@example.org', true, false)]);
  });

  it('removing the address turns both mails off', () => {
    members.given([momJoined, momHasAddress]).when(change(mom, { address: '' })).then([emailChanged(null, false, false)]);
    members.given([momJoined, momHasAddress]).when(change(mom, { address: null })).then([emailChanged(null, false, false)]);
  });

  it('appends nothing when nothing changes', () => {
    members.given([momJoined, momHasAddress]).when(change(mom, { address: 'MOM@example.org', weeklyReport: true })).thenNothing();
  });

  it.each([['no at sign', 'mom.example.org'], ['no domain dot', 'mom@example'], ['a space', 'mom @example.org'], ['two at signs', 'a@b@example.org']])(
    'refuses an address with %s, in words',
    (_label, address) => {
      members.given([momJoined]).when(change(mom, { address })).thenRefuses('invalid', messages.emailAddress);
    },
  );

  it('refuses an address over 254 characters', () => {
    const address = `${'a'.repeat(limits.emailMax - 'x@example.org'.length + 1)}x@example.org`;
    members.given([momJoined]).when(change(mom, { address })).thenRefuses('invalid', messages.emailAddressTooLong);
  });

  it('refuses turning a mail on without an address', () => {
    members.given([momJoined]).when(change(mom, { weeklyReport: true })).thenRefuses('invalid', messages.emailNeedsAddress);
  });

  it.each([
    ['an admin for a child', mom, emmaJoined],
    ['a manager for an admin', dad, momJoined],
    ['a child for a parent', emma, momJoined],
  ])('refuses %s: only the member changes their own', (_label, actor, joined) => {
    members.given([joined]).when(change(actor, { address: 'someone@example.org' })).thenRefuses('forbidden', messages.emailOwnOnly);
  });

  it('a parent cannot turn another member\'s mail back on', () => {
    members.given([momJoined, emailChanged('mom@example.org', false, false)]).when(change(dad, { weeklyReport: true })).thenRefuses('forbidden', messages.emailOwnOnly);
  });

  it('answers not found to another family', () => {
    members.given([momJoined]).when(change(eve, { address: 'eve@example.org' })).thenRefuses('not_found');
  });
});
