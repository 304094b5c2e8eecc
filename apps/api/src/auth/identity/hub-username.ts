import { createHash } from 'node:crypto';
import { streams } from '@familyos/events';
import { hubUsernameDecider } from '@familyos/domain';
import type { CommandRunner, PlannedAppend } from '../../platform/command-runner.js';

/** sha256 hex of a lowercased hub username: hub usernames are matched ignoring case, as ours are. */
const hubUsernameStream = (hubUsername: string) => streams.hubUsername(createHash('sha256').update(hubUsername.toLowerCase()).digest('hex'));

/**
 * The append that names a hub account for a member (decision 029): claimed once, so the hub user's first
 * sign-in lands on exactly one member. Its family is the member's.
 */
export async function hubUsernameClaim(runner: CommandRunner, hubUsername: string, memberId: string, familyId: string | null): Promise<PlannedAppend> {
  const streamId = hubUsernameStream(hubUsername);
  const claim = await runner.load(streamId, hubUsernameDecider);
  return {
    streamId,
    expectedRevision: claim.revision,
    familyId,
    events: hubUsernameDecider.decide({ type: 'ClaimHubUsername', hubUsername, memberId }, claim.state),
  };
}

/** The member a parent named this hub account for, read from its claim in the log. */
export async function memberNamedForHubUser(runner: CommandRunner, hubUsername: string): Promise<string | null> {
  const { state } = await runner.load(hubUsernameStream(hubUsername), hubUsernameDecider);
  return state.memberId;
}
