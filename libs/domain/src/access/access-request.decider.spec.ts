import type { AccessRequestEvent, AccessRequested } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { accessRequestDecider, type AccessRequestCommand } from './access-request.decider.js';

const FAMILY = 'family-1';
const OTHER = 'family-2';
const admin: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const manager: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const otherAdmin: Actor = { id: 'eve', role: 'admin', familyId: OTHER };
const root: Actor = { id: 'root', role: 'superuser', familyId: null };

const requests = deciderSpec(accessRequestDecider);

const asked = (over: Partial<AccessRequested['data']> = {}): AccessRequested['data'] => ({
  requestId: 'hub_abc',
  provider: 'hub',
  subject: 'hub-1001',
  username: 'dad',
  name: 'Daniel Parker',
  email: 'dad@hub.example',
  familyId: FAMILY,
  ...over,
});
const requested = (over: Partial<AccessRequested['data']> = {}): AccessRequestEvent => ({ type: 'AccessRequested', data: asked(over) });
const request = (over: Partial<AccessRequested['data']> = {}): AccessRequestCommand => ({ type: 'RequestAccess', ...asked(over) });
const approve = (actor: Actor, role = 'child', familyId: string | null = null): AccessRequestCommand => ({
  type: 'ApproveAccessRequest',
  actor,
  memberId: 'new-member',
  familyId,
  role,
});
const reject = (actor: Actor): AccessRequestCommand => ({ type: 'RejectAccessRequest', actor });

describe('accessRequestDecider', () => {
  it('files a request for an identity that never asked', () => {
    requests.given([]).when(request()).then([requested()]);
  });

  it('asking again while pending is the same request', () => {
    requests.given([requested()]).when(request({ familyId: OTHER })).thenNothing();
  });

  it('after a rejection one may ask again', () => {
    requests
      .given([requested(), { type: 'AccessRequestRejected', data: { requestId: 'hub_abc', decidedBy: 'mom' } }])
      .when(request())
      .then([requested()]);
  });

  it('an approved identity is a member already', () => {
    requests
      .given([requested(), { type: 'AccessRequestApproved', data: { requestId: 'hub_abc', memberId: 'm', familyId: FAMILY, role: 'child', decidedBy: 'mom' } }])
      .when(request())
      .thenRefuses('conflict', messages.alreadyMember);
  });

  it("the family's admin approves with a role, into the request's family", () => {
    requests
      .given([requested()])
      .when(approve(admin, 'manager'))
      .then([{ type: 'AccessRequestApproved', data: { requestId: 'hub_abc', memberId: 'new-member', familyId: FAMILY, role: 'manager', decidedBy: 'mom' } }]);
  });

  it('refuses a role outside child, manager and admin', () => {
    requests.given([requested()]).when(approve(admin, 'superuser')).thenRefuses('invalid', messages.memberRole);
  });

  it('a manager may not decide; another family does not see the request', () => {
    requests.given([requested()]).when(approve(manager)).thenRefuses('forbidden');
    requests.given([requested()]).when(reject(otherAdmin)).thenRefuses('not_found');
  });

  it('a system-level request is only a superuser’s, who must name a family', () => {
    requests.given([requested({ familyId: null })]).when(approve(admin)).thenRefuses('not_found');
    requests.given([requested({ familyId: null })]).when(approve(root)).thenRefuses('invalid', messages.assignFamily);
    requests
      .given([requested({ familyId: null })])
      .when(approve(root, 'admin', OTHER))
      .then([{ type: 'AccessRequestApproved', data: { requestId: 'hub_abc', memberId: 'new-member', familyId: OTHER, role: 'admin', decidedBy: 'root' } }]);
  });

  it('a family-level request can only join its own family', () => {
    requests.given([requested()]).when(approve(root, 'child', OTHER)).thenRefuses('invalid');
  });

  it('rejects once; a decided request cannot be decided again', () => {
    requests.given([requested()]).when(reject(admin)).then([{ type: 'AccessRequestRejected', data: { requestId: 'hub_abc', decidedBy: 'mom' } }]);
    requests
      .given([requested(), { type: 'AccessRequestRejected', data: { requestId: 'hub_abc', decidedBy: 'mom' } }])
      .when(approve(admin))
      .thenRefuses('conflict', messages.requestDecided);
  });

  it('a request that does not exist is not found', () => {
    requests.given([]).when(reject(root)).thenRefuses('not_found');
  });
});
