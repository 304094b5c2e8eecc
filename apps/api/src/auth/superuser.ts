import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { streams } from '@familyos/events';
import { memberDecider } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { MembersRepository } from './members-repository.js';
import { Passwords } from './passwords.js';
import { memberAppends } from './register.handler.js';

/** FAMILYOS_SUPERUSER=username:password: makes sure that platform administrator exists, with that password. */
@Injectable()
export class SuperuserBootstrap {
  private readonly logger = new Logger('Superuser');
  constructor(
    private readonly runner: CommandRunner,
    private readonly members: MembersRepository,
    private readonly passwords: Passwords,
  ) {}

  async ensure(username: string, password: string): Promise<void> {
    const existing = await this.members.idForUsername(username);
    if (!existing) {
      const memberId = randomUUID();
      const passwordHash = await this.passwords.hash(password);
      await this.runner.run({ actorId: memberId, familyId: null }, async () => ({
        appends: await memberAppends(this.runner, { username, name: username, role: 'superuser', passwordHash, via: 'bootstrap' }, memberId, null),
        result: undefined,
      }));
      this.logger.log(`Created superuser "${username}"`);
      return;
    }
    const { state } = await this.members.byId(existing);
    if (state.role !== 'superuser') {
      throw new Error(`FAMILYOS_SUPERUSER names "${username}", which is already a ${state.role} account`);
    }
    if (state.passwordHash && (await this.passwords.verify(password, state.passwordHash))) return;
    const passwordHash = await this.passwords.hash(password);
    await this.runner.run({ actorId: state.id, familyId: null }, async () => {
      // Reloaded on every attempt: another api instance may be setting the same password right now.
      const current = await this.members.byId(existing);
      const actor = { id: current.state.id, role: current.state.role, familyId: current.state.familyId };
      return {
        appends: [
          {
            streamId: streams.member(existing),
            expectedRevision: current.revision,
            // The server's own configuration is the proof: FAMILYOS_SUPERUSER names this account and its password.
            events: memberDecider.decide({ type: 'SetPassword', actor, passwordHash, proof: 'configuration' }, current.state),
          },
        ],
        result: undefined,
      };
    });
    this.logger.log(`Updated the password of superuser "${username}"`);
  }
}
