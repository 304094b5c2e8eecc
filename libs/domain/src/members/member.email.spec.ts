import type { MemberEvent } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { emailConfirmationDecider, memberDecider, type MemberCommand } from './member.decider.js';

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
const requested = (address: string): MemberEvent => ({ type: 'MemberEmailConfirmationRequested', data: { address } });
const confirmed = (address: string): MemberEvent => ({ type: 'MemberEmailConfirmed', data: { address } });

describe('member decider: ChangeEmail', () => {
  it('stores a first address trimmed and lower-cased, with both mails on', () => {
    members.given([momJoined]).when(change(mom, { address: '  Mom@Example.ORG ' })).then([momHasAddress, requested('mom@example.org')]);
  });

  it('keeps the choices a member made when the address changes', () => {
    members
      .given([momJoined, emailChanged('mom@example.org', false, true)])
      .when(change(mom, { address: 'mother@example.org' }))
      .then([emailChanged('mother@example.org', false, true), requested('mother@example.org')]);
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

  it.each([
    ['no at sign', 'mom.example.org'],
    ['no domain dot', 'mom@example'],
    ['a space', 'mom @example.org'],
    ['two at signs', 'a@b@example.org'],
    ['a list', 'a,b@example.org'],
    ['angle brackets', '<a@example.org>'],
    ['a closing bracket', 'a@example.org>'],
  ])(
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

describe('member decider: an address is confirmed by its owner before anything but the link is mailed (decision 043)', () => {
  const momConfirmed = [momJoined, momHasAddress, requested('mom@example.org'), confirmed('mom@example.org')];

  it('a new address starts unconfirmed; the link for it confirms it, once', () => {
    const state = members.given([momJoined, momHasAddress, requested('mom@example.org')]).state;
    expect(state.email).toEqual({ address: 'mom@example.org', weeklyReport: true, dailyDigest: true, confirmed: false });
    members.given([momJoined, momHasAddress]).when({ type: 'ConfirmEmail', address: 'mom@example.org' }).then([confirmed('mom@example.org')]);
    members.given(momConfirmed).when({ type: 'ConfirmEmail', address: 'mom@example.org' }).thenNothing();
    expect(members.given(momConfirmed).state.email.confirmed).toBe(true);
  });

  it('an address set before confirmation existed is unconfirmed (no event ever confirmed it)', () => {
    expect(members.given([momJoined, momHasAddress]).state.email.confirmed).toBe(false);
  });

  it('changing the mails keeps the confirmation; changing the address loses it and asks for a new link', () => {
    expect(members.given([...momConfirmed, emailChanged('mom@example.org', false, true)]).state.email.confirmed).toBe(true);
    members.given(momConfirmed).when(change(mom, { address: 'mother@example.org' })).then([emailChanged('mother@example.org', true, true), requested('mother@example.org')]);
    expect(members.given([...momConfirmed, emailChanged('mother@example.org', true, true)]).state.email.confirmed).toBe(false);
    // Removed and set again: confirmed again by its owner first.
    expect(members.given([...momConfirmed, emailChanged(null, false, false), emailChanged('mom@example.org', true, true)]).state.email.confirmed).toBe(false);
  });

  it('a link for an address changed since confirms nothing', () => {
    members.given([momJoined, momHasAddress, emailChanged('mother@example.org', true, true)]).when({ type: 'ConfirmEmail', address: 'mom@example.org' }).thenRefuses('conflict', messages.emailConfirmationStale);
    members.given([momJoined]).when({ type: 'ConfirmEmail', address: 'mom@example.org' }).thenRefuses('conflict', messages.emailConfirmationStale);
  });

  it('"Send the link again": the member\'s own unconfirmed address only', () => {
    members.given([momJoined, momHasAddress]).when({ type: 'RequestEmailConfirmation', actor: mom }).then([requested('mom@example.org')]);
    members.given(momConfirmed).when({ type: 'RequestEmailConfirmation', actor: mom }).thenRefuses('conflict', messages.emailAlreadyConfirmed);
    members.given([momJoined]).when({ type: 'RequestEmailConfirmation', actor: mom }).thenRefuses('invalid', messages.emailNeedsAddress);
    members.given([momJoined, momHasAddress]).when({ type: 'RequestEmailConfirmation', actor: dad }).thenRefuses('forbidden', messages.emailOwnOnly);
    members.given([momJoined, momHasAddress]).when({ type: 'RequestEmailConfirmation', actor: eve }).thenRefuses('not_found');
  });
});

describe('emailConfirmation-<hash>: the link mailed to an address (decision 043)', () => {
  const links = deciderSpec(emailConfirmationDecider);
  const EXPIRES = '2026-11-29T09:00:00.000Z';
  const created = { type: 'EmailConfirmationCreated' as const, data: { memberId: 'mom', address: 'mom@example.org', expiresAt: EXPIRES } };
  const use = (now: string) => ({ type: 'UseEmailConfirmation' as const, now: new Date(now) });

  it('is made once', () => {
    links.given([]).when({ type: 'CreateEmailConfirmation', memberId: 'mom', address: 'mom@example.org', expiresAt: EXPIRES }).then([created]);
    links.given([created]).when({ type: 'CreateEmailConfirmation', memberId: 'mom', address: 'mom@example.org', expiresAt: EXPIRES }).thenRefuses('conflict');
  });

  it('works once, before it expires', () => {
    links.given([created]).when(use('2026-11-29T08:59:59.000Z')).then([{ type: 'EmailConfirmationUsed', data: {} }]);
    links.given([created, { type: 'EmailConfirmationUsed', data: {} }]).when(use('2026-11-29T08:00:00.000Z')).thenRefuses('conflict', messages.emailConfirmationUsed);
    links.given([created]).when(use(EXPIRES)).thenRefuses('conflict', messages.emailConfirmationExpired);
  });

  it('an unknown token is not found', () => {
    links.given([]).when(use('2026-11-28T09:00:00.000Z')).thenRefuses('not_found', messages.emailConfirmationInvalid);
  });
});
