import { createHash } from 'node:crypto';
import { streams, type IdentityProvider, type JoinedVia, type Role } from '@familyos/events';
import { limits } from '@familyos/contracts';
import { identityDecider, usernameDecider, type Actor } from '@familyos/domain';
import type { CommandRunner, PlannedAppend } from '../../platform/command-runner.js';
import { memberAppends } from '../register.handler.js';

/** sha256 hex of an outside subject: any characters become safe in a stream name, and it is the same on every instance. */
export const identityKey = (subject: string): string => createHash('sha256').update(subject).digest('hex');

/** `<provider>_<key>`: the id of an access request, and the suffix of its identity and request streams. */
export const identityId = (provider: IdentityProvider, subject: string): string => `${provider}_${identityKey(subject)}`;

export const identityStream = (provider: IdentityProvider, subject: string) => streams.identity(provider, identityKey(subject));
export const accessRequestStream = (provider: IdentityProvider, subject: string) => streams.accessRequest(provider, identityKey(subject));

/** The member this outside identity belongs to, read from its claim in the log (never a read model). */
export async function findMemberByIdentity(runner: CommandRunner, provider: IdentityProvider, subject: string): Promise<string | null> {
  const { state } = await runner.load(identityStream(provider, subject), identityDecider);
  return state.memberId;
}

/** The provider's name for someone, made into a valid username of ours ("Daniel Parker" → "Daniel-Parker"). */
export function usernameBase(wanted: string): string {
  let base = wanted
    .normalize('NFKD')
    .replace(/[^a-z0-9_.-]+/gi, '-')
    .replace(/^-+|-+$/g, '');
  base = base.slice(0, limits.username.max - 4);
  if (base.length < limits.username.min) base = `${base || 'user'}-hub`.slice(0, limits.username.max - 4);
  return base;
}

/** The first free username from the wanted one: `dad`, else `dad-2`, `dad-3`, … (read from the username claims). */
export async function freeUsername(runner: CommandRunner, wanted: string): Promise<string> {
  const base = usernameBase(wanted);
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const { state } = await runner.load(streams.username(candidate), usernameDecider);
    if (state.memberId === null) return candidate;
  }
  throw new Error(`No free username near "${base}"`);
}

export interface LinkedMemberInput {
  provider: IdentityProvider;
  subject: string;
  /** The provider's own username (hub username, preferred_username); the member's username starts from it. */
  providerUsername: string;
  name: string;
  role: Role;
  familyId: string | null;
  via: JoinedVia;
  isPrimaryAdmin?: boolean;
}

/**
 * The appends that bring a member linked to an outside identity into being: the username claim, the identity
 * claim and the member stream. Written together (in the caller's one runner.run), so racing sign-ins or joins
 * of one identity make one member: the identity claim is appended expecting the revision just read.
 */
export async function linkedMemberAppends(
  runner: CommandRunner,
  input: LinkedMemberInput,
  memberId: string,
  actor?: Actor,
): Promise<PlannedAppend[]> {
  const claimStream = identityStream(input.provider, input.subject);
  const claim = await runner.load(claimStream, identityDecider);
  const identityEvents = identityDecider.decide(
    { type: 'ClaimIdentity', provider: input.provider, subject: input.subject, memberId },
    claim.state,
  );
  const username = await freeUsername(runner, input.providerUsername);
  const member = await memberAppends(
    runner,
    {
      username,
      name: input.name.trim().slice(0, limits.displayNameMax) || username,
      role: input.role,
      isPrimaryAdmin: input.isPrimaryAdmin ?? false,
      via: input.via,
      identity: { provider: input.provider, subject: input.subject, username: input.providerUsername },
    },
    memberId,
    input.familyId,
    actor,
  );
  return [...member, { streamId: claimStream, expectedRevision: claim.revision, familyId: input.familyId, events: identityEvents }];
}
