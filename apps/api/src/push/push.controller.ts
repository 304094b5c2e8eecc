import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangePushKindsDto, SubscribePushDto } from '@familyos/contracts';
import { checkPushEndpoint, type Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { ChangePushSubscription, checkPushKeys, pushSubscriptionId, RequestTestPush } from './push.handlers.js';
import { PushQueries } from './push.queries.js';

type FamilyMember = Actor & { familyId: string };

/**
 * Web Push on the member's devices (issue 20, decision 039): the server's public key, subscribing a device with
 * the kinds it wants, changing them, turning it off, and "Send a test". Each member sees and changes only their
 * own devices; sending is the delivery reactor's, never a request's.
 */
@Controller('api/push')
export class PushController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: PushQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  @Get()
  settings(@FamilyActor() actor: FamilyMember) {
    return this.queries.settings(actor);
  }

  @Post('subscriptions')
  @HttpCode(201)
  @Idempotent()
  async subscribe(@FamilyActor() actor: FamilyMember, @Body(valid(SubscribePushDto)) body: SubscribePushDto) {
    const endpoint = checkPushEndpoint(body.endpoint).href;
    checkPushKeys(body.keys);
    const id = pushSubscriptionId(endpoint);
    await this.commands.execute(new ChangePushSubscription(actor, id, { type: 'SubscribePush', actorId: actor.id, subscriptionId: id, endpoint, keys: body.keys, kinds: body.kinds }));
    await this.ryw.settle();
    return this.queries.own(actor, id);
  }

  @Put('subscriptions/:id')
  async changeKinds(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(ChangePushKindsDto)) body: ChangePushKindsDto) {
    await this.queries.own(actor, id);
    await this.commands.execute(new ChangePushSubscription(actor, id, { type: 'ChangePushKinds', actorId: actor.id, kinds: body.kinds }));
    await this.ryw.settle();
    return this.queries.own(actor, id);
  }

  @Delete('subscriptions/:id')
  @HttpCode(204)
  async unsubscribe(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    await this.commands.execute(new ChangePushSubscription(actor, id, { type: 'UnsubscribePush', actorId: actor.id }));
    await this.ryw.settle();
  }

  /** 202: recorded; the delivery reactor sends it to every device of the member a moment later. */
  @Post('test')
  @HttpCode(202)
  @Idempotent()
  async test(@FamilyActor() actor: FamilyMember) {
    await this.commands.execute(new RequestTestPush(actor));
    return { requested: true };
  }
}
