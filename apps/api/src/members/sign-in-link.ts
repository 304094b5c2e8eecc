import { randomBytes } from 'node:crypto';
import { limits, type SignInLinkView } from '@familyos/contracts';
import { streams, type DomainEvent } from '@familyos/events';
import { memberDecider, signInLinkDecider, type Actor, type MemberState } from '@familyos/domain';
import { hashToken } from '../auth/sessions.service.js';
import type { PlannedAppend } from '../platform/command-runner.js';

export interface NewSignInLink {
  /** Answered once, to the parent who made it; the log keeps only the token's hash (decision 029). */
  view: SignInLinkView;
  /** For the member's stream: the fact that a link was made, for the audit trail. */
  memberEvents: DomainEvent[];
  /** The link's own stream, `signInLink-<sha256 of the token>`, appended expecting none. */
  linkAppend: PlannedAppend;
}

/** A one-time link for `member` to set a password, made by `actor`, good for limits.signInLinkHours. */
export function signInLinkAppends(actor: Actor, member: MemberState, now: Date): NewSignInLink {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + limits.signInLinkHours * 3_600_000).toISOString();
  const memberEvents = memberDecider.decide({ type: 'CreateSignInLink', actor, expiresAt }, member);
  const linkEvents = signInLinkDecider.decide(
    // The link records the member's link epoch: a role change or a (de)activation since voids it (decision 044).
    { type: 'CreateSignInLink', memberId: member.id, expiresAt, memberEpoch: member.linkEpoch },
    signInLinkDecider.initialState,
  );
  return {
    view: { token, expiresAt },
    memberEvents,
    linkAppend: { streamId: streams.signInLink(hashToken(token)), expectedRevision: 'no_stream', familyId: member.familyId, events: linkEvents },
  };
}
