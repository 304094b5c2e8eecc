import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { CreateMemberDto, EmailSettingsDto, messages, PauseChildDto, UpdateMemberDto, type AddedMemberView, type EmailSettingsView } from '@familyos/contracts';
import { conflict, DomainError, invalid, type Actor } from '@familyos/domain';
import { CurrentSession, FamilyActor, Requires } from '../auth/auth.guard.js';
import { HubClient } from '../auth/hub/hub-client.js';
import type { SignedIn } from '../auth/sessions.service.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { MailDeliveries } from '../mail/mail-deliveries.js';
import { ChangeEmail, RequestEmailConfirmation } from './email.handler.js';
import { AddMember, UpdateMember } from './member.handlers.js';
import { MembersQueries } from './members.queries.js';
import { EndPause, PauseChild } from './pause.handlers.js';
import { CreateSignInLink } from './sign-in-link.handlers.js';

type FamilyMember = Actor & { familyId: string };

@Controller('api/users')
export class MembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: MembersQueries,
    private readonly ryw: ReadYourWrites,
    private readonly hub: HubClient,
    private readonly mail: MailDeliveries,
  ) {}

  @Get()
  list(@FamilyActor() actor: FamilyMember) {
    return this.queries.list(actor);
  }

  @Get(':idOrUsername')
  one(@FamilyActor() actor: FamilyMember, @Param('idOrUsername') idOrUsername: string) {
    return this.queries.one(actor, idOrUsername);
  }

  @Post()
  @HttpCode(201)
  @Requires('manageMembers')
  // The one-time sign-in link is shown once: its token never reaches the log (decision 029).
  @Idempotent({ secret: ['signInLink'] })
  async add(@FamilyActor() actor: FamilyMember, @Body(valid(CreateMemberDto)) body: CreateMemberDto, @Req() request: FastifyRequest): Promise<AddedMemberView> {
    if (body.hubUsername) await this.assertHubUser(body.hubUsername, request);
    const { memberId, signInLink } = await this.commands.execute(new AddMember(actor, { ...body, role: body.role ?? 'child' }));
    await this.ryw.settle();
    return { ...(await this.queries.one(actor, memberId)), signInLink };
  }

  @Put(':id')
  async update(
    @FamilyActor() actor: FamilyMember,
    @CurrentSession() session: SignedIn,
    @Param('id') id: string,
    @Body(valid(UpdateMemberDto, { refuseUnknown: true })) body: UpdateMemberDto,
  ) {
    await this.commands.execute(new UpdateMember(actor, id, body, session.tokenHash));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  /** A member's e-mail settings, and whether this server sends e-mail at all (issue 20). */
  @Get(':id/email')
  email(@FamilyActor() actor: FamilyMember, @Param('id') id: string): Promise<EmailSettingsView> {
    return this.queries.email(actor, id, this.mail.available);
  }

  /** The member's own address and the mails they want (issue 20); refused when the server sends no e-mail. */
  @Put(':id/email')
  async changeEmail(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(EmailSettingsDto, { refuseUnknown: true })) body: EmailSettingsDto): Promise<EmailSettingsView> {
    if (!this.mail.available) {
      // Who may see the member is answered first: another family's member stays "not found", as everywhere.
      await this.queries.email(actor, id, false);
      throw conflict(messages.emailNotSetUp);
    }
    await this.commands.execute(new ChangeEmail(actor, id, body));
    await this.ryw.settle();
    return this.queries.email(actor, id, true);
  }

  /**
   * "Send the link again": another confirmation mail to the member's own unconfirmed address (decision 043),
   * within the mail limits (429 with Retry-After past them). Answers the settings; the mail follows.
   */
  @Post(':id/email/confirmation')
  @HttpCode(202)
  async requestEmailConfirmation(@FamilyActor() actor: FamilyMember, @Param('id') id: string): Promise<EmailSettingsView> {
    if (!this.mail.available) {
      await this.queries.email(actor, id, false);
      throw conflict(messages.emailNotSetUp);
    }
    await this.commands.execute(new RequestEmailConfirmation(actor, id));
    return this.queries.email(actor, id, true);
  }

  /** A new one-time sign-in link for a member (decision 029); the token is in this answer only. */
  @Post(':id/sign-in-link')
  @HttpCode(201)
  @Requires('manageMembers')
  createSignInLink(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.commands.execute(new CreateSignInLink(actor, id));
  }

  /**
   * A parent pauses a child (a vacation, issue 19): no occurrences of its chores on those days, no deductions, its
   * streaks frozen. Answers the child, whose `pauses` now list it (current and upcoming ones).
   */
  @Post(':id/pauses')
  @HttpCode(201)
  @Idempotent()
  async pause(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(PauseChildDto)) body: PauseChildDto) {
    await this.commands.execute(new PauseChild(actor, id, body));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  /** A parent ends a pause early: the child is back today (a pause not begun yet is cancelled). Answers the child. */
  @Delete(':id/pauses/:pauseId')
  @HttpCode(200)
  async endPause(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Param('pauseId') pauseId: string) {
    await this.commands.execute(new EndPause(actor, id, pauseId));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  /**
   * With the hub on, a member may be added by hub username. The hub is asked whether it knows the name when the
   * parent's own hub token came along (the hub answers lookups only to its users); otherwise the name is taken
   * as given, and linked at that hub user's first sign-in (decision 029).
   */
  private async assertHubUser(hubUsername: string, request: FastifyRequest): Promise<void> {
    if (!this.hub.configured) throw new DomainError('invalid', messages.hubNotConfigured, [{ field: 'hubUsername', message: messages.hubNotConfigured }]);
    const token = request.headers['x-hub-token'];
    if (typeof token !== 'string' || !token) return;
    if ((await this.hub.knows(hubUsername, token)) === false) throw invalid(messages.hubUserUnknown, 'hubUsername');
  }
}
