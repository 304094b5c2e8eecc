import { hash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { streams, type SignInMethod } from '@familyos/events';
import { limits, messages } from '@familyos/contracts';
import { acceptsSession, DomainError, sessionDecider, sessionIsLive, type Actor, type MemberState } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { SessionDirectory } from './session-directory.js';

export const SESSION_COOKIE = 'familyos_session';

/** One-shot `hash`: every signed-in request hashes its token, and a Hash object costs twice as much. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export interface SignedIn {
  actor: Actor;
  member: MemberState;
  tokenHash: string;
  expiresAt: string;
  /** The family's time zone, as the log says now: what "today" is in the member's answers. null without a family. */
  timeZone: string | null;
}

/**
 * Sessions are event streams named by the token's SHA-256: the token itself is never stored, a stolen
 * database yields no usable session, and logout (SessionEnded) takes effect on the very next request. A request
 * resolves its session from memory kept current by following the log (SessionDirectory, decision 048).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly runner: CommandRunner,
    private readonly directory: SessionDirectory,
  ) {}

  /**
   * Every way of signing in ends here, so a deactivated member is refused whichever way they came (decision 029).
   * The session starts at the member's current sign-in epoch: a later password change or deactivation ends it.
   */
  async start(member: Pick<MemberState, 'id' | 'familyId' | 'active' | 'signInEpoch'>, method: SignInMethod) {
    if (!member.active) throw new DomainError('forbidden', messages.memberDeactivated);
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const expiresAt = new Date(this.runner.now().getTime() + limits.sessionDays * 86_400_000).toISOString();
    await this.runner.run({ actorId: member.id, familyId: member.familyId }, async () => ({
      appends: [
        {
          streamId: streams.session(tokenHash),
          expectedRevision: 'no_stream',
          events: sessionDecider.decide(
            { type: 'StartSession', memberId: member.id, method, expiresAt, epoch: member.signInEpoch },
            sessionDecider.initialState,
          ),
        },
      ],
      result: undefined,
    }));
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<SignedIn | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const found = await this.directory.lookup(tokenHash);
    if (!found) return null;
    const { session: state, member, family } = found;
    if (!sessionIsLive(state, this.runner.now())) return null;
    // Deactivated, or a password change since this session began: signed out at once (decision 029).
    if (!acceptsSession(member, { epoch: state.epoch, tokenHash })) return null;
    return {
      actor: { id: member.id, role: member.role, familyId: member.familyId },
      member,
      tokenHash,
      expiresAt: state.expiresAt!,
      timeZone: family?.timeZone ?? null,
    };
  }

  async end(signedIn: SignedIn): Promise<void> {
    const streamId = streams.session(signedIn.tokenHash);
    await this.runner.run({ actorId: signedIn.actor.id, familyId: signedIn.actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, sessionDecider, { keep: true });
      return { appends: [{ streamId, expectedRevision: revision, events: sessionDecider.decide({ type: 'EndSession' }, state) }], result: undefined };
    });
  }
}
