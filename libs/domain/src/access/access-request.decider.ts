import type { AccessRequestEvent, AccessRequestFacts, Role } from '@familyos/events';
import { MEMBER_ROLES, messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, invalid, notFound } from '../shared/errors.js';
import { can } from '../shared/policy.js';

export interface AccessRequestState extends AccessRequestFacts {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  memberId: string | null;
}

export type AccessRequestCommand =
  | ({ type: 'RequestAccess' } & AccessRequestFacts)
  /** familyId: the family to join; a family-level request can only join its own family. */
  | { type: 'ApproveAccessRequest'; actor: Actor; memberId: string; familyId: string | null; role: string }
  | { type: 'RejectAccessRequest'; actor: Actor };

/**
 * Who may decide: a family's own admins (or a superuser) for a family-level request; only a superuser for a
 * system-level one. Anyone else is told it does not exist, as with every other family's data.
 */
function assertMayDecide(actor: Actor, state: AccessRequestState): void {
  if (state.status === 'none') throw notFound('Request');
  if (can(actor, 'systemAdmin')) return;
  if (state.familyId === null || actor.familyId !== state.familyId) throw notFound('Request');
  if (!can(actor, 'reviewHubRequests')) throw forbidden();
}

export const accessRequestDecider: Decider<AccessRequestCommand, AccessRequestState, AccessRequestEvent> = {
  initialState: {
    status: 'none',
    requestId: '',
    provider: 'hub',
    subject: '',
    username: '',
    name: '',
    email: null,
    familyId: null,
    memberId: null,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AccessRequested':
        return { ...state, ...event.data, status: 'pending', memberId: null };
      case 'AccessRequestApproved':
        return { ...state, status: 'approved', familyId: event.data.familyId, memberId: event.data.memberId };
      case 'AccessRequestRejected':
        return { ...state, status: 'rejected' };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestAccess': {
        // Signing in again while pending is the same request; after a rejection one may ask again.
        if (state.status === 'pending') return [];
        if (state.status === 'approved') throw conflict(messages.alreadyMember);
        const { type: _type, ...data } = command;
        return [{ type: 'AccessRequested', data }];
      }
      case 'ApproveAccessRequest': {
        assertMayDecide(command.actor, state);
        if (state.status !== 'pending') throw conflict(messages.requestDecided);
        if (!(MEMBER_ROLES as readonly string[]).includes(command.role)) throw invalid(messages.memberRole, 'role');
        const familyId = state.familyId ?? command.familyId;
        if (familyId === null) throw invalid(messages.assignFamily, 'familyId');
        if (state.familyId !== null && command.familyId !== null && command.familyId !== state.familyId) {
          throw invalid('A family request can only join its own family', 'familyId');
        }
        return [
          {
            type: 'AccessRequestApproved',
            data: { requestId: state.requestId, memberId: command.memberId, familyId, role: command.role as Role, decidedBy: command.actor.id },
          },
        ];
      }
      case 'RejectAccessRequest': {
        assertMayDecide(command.actor, state);
        if (state.status !== 'pending') throw conflict(messages.requestDecided);
        return [{ type: 'AccessRequestRejected', data: { requestId: state.requestId, decidedBy: command.actor.id } }];
      }
    }
  },
};
