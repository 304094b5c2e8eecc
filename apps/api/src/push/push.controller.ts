import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangePushKindsDto, messages, SubscribePushDto } from '@familyos/contracts';
import { invalid, type Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { Idempotent } from '../platform/idempotency.js';
import { OutboundGuard } from '../platform/outbound/outbound-guard.js';
import { OutboundRefused } from '../platform/outbound/outbound-url.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { ChangePushSubscription, checkPushKeys, pushSubscriptionId, RequestTestPush } from './push.handlers.js';
import { PushQueries } from './push.queries.js';
import { PushTestLimit } from './push-test-limit.js';

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
    private readonly outbound: OutboundGuard,
    private readonly testLimit: PushTestLimit,
  ) {}

  /** The outbound guard's up-front check (decision 042); its reason stays in the server, the member reads SPEC's message. */
  private endpointOf(raw: string): string {
    try {
      return this.outbound.checkUrl(raw).href;
    } catch (error) {
      if (error instanceof OutboundRefused) throw invalid(messages.pushEndpoint, 'endpoint');
      throw error;
    }
  }

  @Get()
  settings(@FamilyActor() actor: FamilyMember) {
    return this.queries.settings(actor);
  }

  @Post('subscriptions')
  @HttpCode(201)
  @Idempotent()
  async subscribe(@FamilyActor() actor: FamilyMember, @Body(valid(SubscribePushDto)) body: SubscribePushDto) {
    const endpoint = this.endpointOf(body.endpoint);
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

  /** 202: recorded; the delivery reactor sends it to every device of the member a moment later. 429 past 3 a minute. */
  @Post('test')
  @HttpCode(202)
  @Idempotent()
  async test(@FamilyActor() actor: FamilyMember) {
    this.testLimit.hit(actor.id);
    await this.commands.execute(new RequestTestPush(actor));
    return { requested: true };
  }
}
