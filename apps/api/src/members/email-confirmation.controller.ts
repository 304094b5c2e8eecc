import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { messages, type EmailConfirmedView } from '@familyos/contracts';
import { Public } from '../auth/auth.guard.js';
import { addressKey, SignInRateLimiter } from '../auth/rate-limit.js';
import { ConfirmEmail } from './email.handler.js';

/**
 * The page a confirmation mail links to (/confirm-email/<token>) calls this. It is opened from a mail client,
 * often where nobody is signed in: the token alone proves the mailbox, as a sign-in link proves its member
 * (decision 043). It confirms the address, never signs anyone in.
 */
@Controller('api')
export class EmailConfirmationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limiter: SignInRateLimiter,
  ) {}

  @Public()
  @Post('email-confirmation/:token')
  @HttpCode(200)
  async confirm(@Param('token') token: string, @Req() request: FastifyRequest): Promise<EmailConfirmedView> {
    // Every attempt counts, as for sign-in links (a window of its own): tokens cannot be tried cheaply from one address.
    this.limiter.hit([{ key: `confirm-link-ip:${addressKey(request.ip)}`, limit: this.limiter.limits.joinsPerAddress, message: messages.confirmationTriesTooMany }]);
    const { address } = await this.commands.execute(new ConfirmEmail(token));
    return { address, confirmed: true };
  }
}
