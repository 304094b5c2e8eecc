import type { DomainEvent } from './envelope.js';
import type { IdentityProvider, Role } from './member-events.js';

/**
 * accessRequest-<provider>_<sha256 of the subject>: someone signed in through the hub (or the OpenID provider)
 * who is not a member yet. familyId null is a system-level request: no family fits, a superuser assigns one.
 * One stream per outside identity, so asking twice while pending is one request.
 */
export interface AccessRequestFacts {
  requestId: string;
  provider: IdentityProvider;
  subject: string;
  username: string;
  name: string;
  email: string | null;
  /** null: a system-level request, no family fits; only a superuser can assign one. */
  familyId: string | null;
}
export type AccessRequested = DomainEvent<'AccessRequested', AccessRequestFacts>;
/** The request became a member (approved by a family admin, or assigned to a family by a superuser). */
export type AccessRequestApproved = DomainEvent<
  'AccessRequestApproved',
  { requestId: string; memberId: string; familyId: string; role: Role; decidedBy: string }
>;
export type AccessRequestRejected = DomainEvent<'AccessRequestRejected', { requestId: string; decidedBy: string }>;

export type AccessRequestEvent = AccessRequested | AccessRequestApproved | AccessRequestRejected;
