import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams, type IdentityProvider, type Role } from '@familyos/events';
import { accessRequestDecider, assertCan, familyDecider, identityDecider, memberDecider, notFound, type Actor } from '@familyos/domain';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
import { accessRequestStream, identityId, identityStream, linkedMemberAppends } from '../auth/identity/outside-identity.js';
import { memberNamedForHubUser } from '../auth/identity/hub-username.js';
import { FamilyFit } from './family-fit.js';

/** Someone the identity provider vouches for: what it said about them, never what the browser said. */
export interface Outsider {
  provider: IdentityProvider;
  subject: string;
  username: string;
  name: string;
  email: string | null;
  /** The family the provider names for them, if any (checked against the families here). */
  namedFamilyId: string | null;
}

export type OutsiderResult = { kind: 'member'; memberId: string } | { kind: 'pending'; id: string; familyId: string | null };

/**
 * A sign-in through an outside identity: the member it is linked to, or else an access request (asking again
 * while pending is the same request; after a rejection it is a new one).
 */
export class SignInOutsider extends Command<OutsiderResult> {
  constructor(readonly outsider: Outsider) {
    super();
  }
}

@CommandHandler(SignInOutsider)
export class SignInOutsiderHandler implements ICommandHandler<SignInOutsider> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly fit: FamilyFit,
  ) {}

  /** The member a parent added by this hub username and not yet linked to any hub user (decision 029). */
  private async memberNamedFor(o: Outsider) {
    const memberId = await memberNamedForHubUser(this.runner, o.username);
    if (!memberId) return null;
    const named = await this.runner.load(streams.member(memberId), memberDecider);
    return named.state.exists && named.state.hubUserId === null ? named : null;
  }

  async execute({ outsider: o }: SignInOutsider): Promise<OutsiderResult> {
    const familyId = await this.fit.of(o.namedFamilyId);
    const id = identityId(o.provider, o.subject);
    const { result } = await this.runner.run<OutsiderResult>({ actorId: id, familyId }, async () => {
      const claimStream = identityStream(o.provider, o.subject);
      const claim = await this.runner.load(claimStream, identityDecider);
      if (claim.state.memberId) {
        return { appends: [{ streamId: claimStream, expectedRevision: claim.revision, events: [] }], result: { kind: 'member', memberId: claim.state.memberId } };
      }
      const named = o.provider === 'hub' ? await this.memberNamedFor(o) : null;
      if (named) {
        // A parent added a member by this hub username: this first sign-in links the hub user to that member.
        const identityEvents = identityDecider.decide({ type: 'ClaimIdentity', provider: o.provider, subject: o.subject, memberId: named.state.id }, claim.state);
        const linked = memberDecider.decide({ type: 'LinkIdentity', identity: { provider: o.provider, subject: o.subject, username: o.username } }, named.state);
        const family = named.state.familyId;
        return {
          appends: [
            { streamId: claimStream, expectedRevision: claim.revision, familyId: family, events: identityEvents },
            { streamId: streams.member(named.state.id), expectedRevision: named.revision, familyId: family, events: linked },
          ],
          result: { kind: 'member', memberId: named.state.id },
        };
      }
      const streamId = accessRequestStream(o.provider, o.subject);
      const request = await this.runner.load(streamId, accessRequestDecider);
      const events = accessRequestDecider.decide(
        { type: 'RequestAccess', requestId: id, provider: o.provider, subject: o.subject, username: o.username, name: o.name, email: o.email, familyId },
        request.state,
      );
      // Still pending: the family it was filed under stays, even if the fit would be different today.
      const pendingFamily = events.length === 0 ? request.state.familyId : familyId;
      return {
        // The identity claim is expected unchanged, so a sign-in racing an approval never files a fresh request.
        appends: [
          { streamId: claimStream, expectedRevision: claim.revision, events: [] },
          { streamId, expectedRevision: request.revision, familyId: pendingFamily, events },
        ],
        result: { kind: 'pending', id, familyId: pendingFamily },
      };
    });
    return result;
  }
}

const REQUEST_ID = /^(hub|oidc)_([0-9a-f]{64})$/;

function requestStreamOf(pendingUserId: string): string {
  const match = REQUEST_ID.exec(pendingUserId);
  if (!match) throw notFound('Request');
  return streams.accessRequest(match[1] as IdentityProvider, match[2]!);
}

/** POST /api/admin/approve-user: a family admin (or a superuser) approves or rejects a request. */
export class DecideAccessRequest extends Command<{ memberId: string | null }> {
  constructor(
    readonly actor: Actor,
    readonly pendingUserId: string,
    readonly approve: boolean,
    readonly role: Role = 'child',
  ) {
    super();
  }
}

@CommandHandler(DecideAccessRequest)
export class DecideAccessRequestHandler implements ICommandHandler<DecideAccessRequest> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, pendingUserId, approve, role }: DecideAccessRequest) {
    const streamId = requestStreamOf(pendingUserId);
    const { result } = await this.runner.run<{ memberId: string | null }>({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, accessRequestDecider);
      if (!approve) {
        const events = accessRequestDecider.decide({ type: 'RejectAccessRequest', actor }, state);
        return { appends: [{ streamId, expectedRevision: revision, familyId: state.familyId, events }], result: { memberId: null } };
      }
      const memberId = randomUUID();
      const events = accessRequestDecider.decide({ type: 'ApproveAccessRequest', actor, memberId, familyId: null, role }, state);
      const familyId = state.familyId!;
      const member = await linkedMemberAppends(
        this.runner,
        { provider: state.provider, subject: state.subject, providerUsername: state.username, name: state.name, role, familyId, via: 'approved' },
        memberId,
      );
      return { appends: [...member, { streamId, expectedRevision: revision, familyId, events }], result: { memberId } };
    });
    return result;
  }
}

/** POST /api/system-admin/assign-family: a superuser places a request in an existing family or a new one. */
export class AssignFamily extends Command<{ memberId: string; familyId: string }> {
  constructor(
    readonly actor: Actor,
    readonly pendingUserId: string,
    readonly target: { familyId: string } | { newFamilyName: string },
    readonly role: Role = 'admin',
  ) {
    super();
  }
}

@CommandHandler(AssignFamily)
export class AssignFamilyHandler implements ICommandHandler<AssignFamily> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, pendingUserId, target, role }: AssignFamily) {
    assertCan(actor, 'systemAdmin');
    const streamId = requestStreamOf(pendingUserId);
    const { result } = await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, accessRequestDecider);
      const memberId = randomUUID();
      const appends: PlannedAppend[] = [];
      let familyId: string;
      let newFamily = false;
      if ('familyId' in target) {
        const family = await this.runner.load(streams.family(target.familyId), familyDecider);
        if (!family.state.exists) throw notFound('Family');
        familyId = target.familyId;
      } else {
        familyId = randomUUID();
        newFamily = true;
        const created = familyDecider.decide({ type: 'CreateFamily', familyId, name: target.newFamilyName, timeZone: 'UTC' }, familyDecider.initialState);
        appends.push({ streamId: streams.family(familyId), expectedRevision: 'no_stream', familyId, events: created });
      }
      // A new family's first member is its Primary Admin, whatever role was asked for.
      const memberRole: Role = newFamily ? 'admin' : role;
      const events = accessRequestDecider.decide({ type: 'ApproveAccessRequest', actor, memberId, familyId, role: memberRole }, state);
      const member = await linkedMemberAppends(
        this.runner,
        {
          provider: state.provider,
          subject: state.subject,
          providerUsername: state.username,
          name: state.name,
          role: memberRole,
          familyId,
          via: 'assigned',
          isPrimaryAdmin: newFamily,
        },
        memberId,
      );
      return {
        // The member before its family, as registration does, so the log knows who the family's first admin is.
        appends: [...member, ...appends, { streamId, expectedRevision: revision, familyId, events }],
        result: { memberId, familyId },
      };
    });
    return { memberId: result.memberId, familyId: result.familyId };
  }
}
