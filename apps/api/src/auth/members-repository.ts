import { Injectable } from '@nestjs/common';
import { streams } from '@familyos/events';
import { memberDecider, usernameDecider, type MemberState } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

/** Members as the command side sees them: folded from their own streams, never from read models. */
@Injectable()
export class MembersRepository {
  constructor(private readonly runner: CommandRunner) {}

  async byId(memberId: string): Promise<{ state: MemberState; revision: number }> {
    return this.runner.load(streams.member(memberId), memberDecider, { keep: true });
  }

  async idForUsername(username: string): Promise<string | null> {
    const { state } = await this.runner.load(streams.username(username), usernameDecider, { keep: true });
    return state.memberId;
  }
}
