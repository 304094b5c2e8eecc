import type { InviteCreated, InviteEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { inviteDecider, inviteStatus, type InviteCommand } from './invite.decider.js';

/** A refusal message must be exactly this text, not merely contain it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const NOW = new Date('2026-11-22T12:00:00.000Z');
const LATER = '2026-11-29T12:00:00.000Z';

const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const otherAdmin: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };
const rootWithoutFamily: Actor = { id: 'root', role: 'superuser', familyId: null };

const invites = deciderSpec(inviteDecider);

const create = (actor: Actor, over: Partial<Extract<InviteCommand, { type: 'CreateInvite' }>> = {}): InviteCommand => ({
  type: 'CreateInvite',
  actor,
  inviteId: 'inv-1',
  token: 'tok-1',
  role: 'child',
  maxUses: 1,
  expiresAt: null,
  now: NOW,
  ...over,
});
const use = (memberId = 'newbie', now = NOW): InviteCommand => ({ type: 'UseInvite', memberId, now });
const deactivate = (actor: Actor): InviteCommand => ({ type: 'DeactivateInvite', actor });

function created(over: Partial<InviteCreated['data']> = {}): InviteEvent {
  return {
    type: 'InviteCreated',
    data: { inviteId: 'inv-1', familyId: FAMILY, token: 'tok-1', role: 'child', maxUses: 1, expiresAt: null, ...over },
  };
}
const used = (currentUses: number, memberId = `m${currentUses}`): InviteEvent => ({ type: 'InviteUsed', data: { memberId, currentUses } });
const deactivated: InviteEvent = { type: 'InviteDeactivated', data: {} };

describe('invite decider', () => {
  describe('CreateInvite', () => {
    it('lets an admin create a one-use child invite without expiry', () => {
      invites.given([]).when(create(mom)).then([created()]);
    });

    it('creates a manager invite with up to ten uses and a normalised expiry', () => {
      invites
        .given([])
        .when(create(mom, { role: 'manager', maxUses: 10, expiresAt: '2026-11-29T13:00:00+01:00' }))
        .then([created({ role: 'manager', maxUses: 10, expiresAt: LATER })]);
    });

    it.each([1, 5, 10])('accepts %i uses', (maxUses) => {
      invites.given([]).when(create(mom, { maxUses })).then([created({ maxUses })]);
    });

    it.each([0, 11, -1, 2.5, Number.NaN])('refuses %p uses', (maxUses) => {
      invites.given([]).when(create(mom, { maxUses })).thenRefuses('invalid', exactly(messages.inviteMaxUses));
    });

    it.each(['admin', 'superuser', 'parent', ''])('refuses an invite for role %p', (role) => {
      invites.given([]).when(create(mom, { role })).thenRefuses('invalid', exactly(messages.inviteRole));
    });

    it.each([
      ['now', NOW.toISOString()],
      ['in the past', '2026-11-21T12:00:00.000Z'],
      ['not a date', 'next tuesday'],
    ])('refuses an expiry %s', (_label, expiresAt) => {
      invites.given([]).when(create(mom, { expiresAt })).thenRefuses('invalid', exactly(messages.inviteExpiry));
    });

    it.each([
      ['a manager', dad],
      ['a child', emma],
    ])('refuses %s', (_label, actor) => {
      invites.given([]).when(create(actor)).thenRefuses('forbidden');
    });

    it('answers not found to a superuser without a family', () => {
      invites.given([]).when(create(rootWithoutFamily)).thenRefuses('not_found');
    });

    it('writes the invite into the creating admin’s own family, whatever family that is', () => {
      invites.given([]).when(create(otherAdmin)).then([created({ familyId: 'family-2' })]);
    });

    it('appends nothing when the invite already exists (a request with an Idempotency-Key run again)', () => {
      invites.given([created()]).when(create(mom)).thenNothing();
    });
  });

  describe('UseInvite', () => {
    it('counts a use of an active invite', () => {
      invites.given([created({ maxUses: 3 })]).when(use('newbie')).then([used(1, 'newbie')]);
    });

    it('admits the last use, then refuses the next as used up', () => {
      const history = [created({ maxUses: 2 }), used(1)];
      invites.given(history).when(use('second')).then([used(2, 'second')]);
      invites.given([...history, used(2)]).when(use()).thenRefuses('conflict', exactly(messages.inviteUsedUp));
    });

    it('answers not found with the invalid-link text for an unknown invite', () => {
      invites.given([]).when(use()).thenRefuses('not_found', exactly(messages.inviteInvalid));
    });

    it('refuses an expired invite, even at the very instant it expires', () => {
      invites.given([created({ expiresAt: LATER })]).when(use('x', new Date(LATER))).thenRefuses('conflict', exactly(messages.inviteExpired));
    });

    it('admits an invite just before it expires', () => {
      invites.given([created({ expiresAt: LATER })]).when(use('x', new Date(Date.parse(LATER) - 1))).then([used(1, 'x')]);
    });

    it('refuses a deactivated invite', () => {
      invites.given([created({ maxUses: 5 }), deactivated]).when(use()).thenRefuses('conflict', exactly(messages.inviteDeactivated));
    });

    it('says deactivated before expired before used up (SPEC §4)', () => {
      const all = [created({ expiresAt: LATER }), used(1), deactivated];
      const after = new Date(Date.parse(LATER) + 1);
      invites.given(all).when(use('x', after)).thenRefuses('conflict', exactly(messages.inviteDeactivated));
      invites.given(all.slice(0, 2)).when(use('x', after)).thenRefuses('conflict', exactly(messages.inviteExpired));
      invites.given(all.slice(0, 2)).when(use('x', NOW)).thenRefuses('conflict', exactly(messages.inviteUsedUp));
    });
  });

  describe('DeactivateInvite', () => {
    it('lets an admin of the family deactivate an active invite', () => {
      invites.given([created()]).when(deactivate(mom)).then([deactivated]);
    });

    it('appends nothing for an invite already inactive', () => {
      invites.given([created(), deactivated]).when(deactivate(mom)).thenNothing();
    });

    it('answers not found to an admin of another family, and for an unknown invite', () => {
      invites.given([created()]).when(deactivate(otherAdmin)).thenRefuses('not_found');
      invites.given([]).when(deactivate(mom)).thenRefuses('not_found');
    });

    it.each([
      ['a manager', dad],
      ['a child', emma],
    ])('refuses %s', (_label, actor) => {
      invites.given([created()]).when(deactivate(actor)).thenRefuses('forbidden');
    });
  });

  describe('inviteStatus', () => {
    const base = { isActive: true, expiresAt: LATER, currentUses: 0, maxUses: 1 };
    it.each([
      ['active', base, NOW],
      ['deactivated', { ...base, isActive: false, currentUses: 1 }, new Date(LATER)],
      ['expired', { ...base, currentUses: 1 }, new Date(LATER)],
      ['used_up', { ...base, currentUses: 1 }, NOW],
      ['active', { ...base, expiresAt: null }, new Date('2100-01-01T00:00:00.000Z')],
    ] as const)('is %s', (status, state, now) => {
      expect(inviteStatus(state, now)).toBe(status);
    });
  });
});
