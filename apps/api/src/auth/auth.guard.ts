import { createParamDecorator, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { can, DomainError, forbidden, type Ability, type Actor } from '@familyos/domain';
import { messages } from '@familyos/contracts';
import { SESSION_COOKIE, SessionsService, type SignedIn } from './sessions.service.js';

const PUBLIC = 'familyos:public';
/** Marks a route that answers without a session (login, register, demo accounts, providers). */
export const Public = () => SetMetadata(PUBLIC, true);

const REQUIRES = 'familyos:requires';
/**
 * The ability a route needs (libs/domain policy.ts), checked before the body is even validated. The
 * deciders check again: this is the edge, they are the rule.
 */
export const Requires = (ability: Ability) => SetMetadata(REQUIRES, ability);

declare module 'fastify' {
  interface FastifyRequest {
    signedIn?: SignedIn;
  }
}

/** The token of `Authorization: Bearer …`, when it names one; the cross-origin check relies on this too. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return null;
}

export function tokenOf(request: FastifyRequest): string | null {
  return bearerTokenOf(request) ?? request.cookies?.[SESSION_COOKIE] ?? null;
}

/** Every route is signed-in unless marked @Public(). 401 for no, bad, expired or revoked session. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = tokenOf(request);
    const signedIn = token ? await this.sessions.resolve(token) : null;
    if (signedIn) request.signedIn = signedIn;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, [context.getHandler(), context.getClass()])) return true;
    if (!signedIn) throw new DomainError('unauthorized', messages.signInRequired);
    const ability = this.reflector.getAllAndOverride<Ability | undefined>(REQUIRES, [context.getHandler(), context.getClass()]);
    if (ability && !can(signedIn.actor, ability)) throw forbidden();
    return true;
  }
}

/** The acting member, resolved by the server from the session. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const signedIn = context.switchToHttp().getRequest<FastifyRequest>().signedIn;
  if (!signedIn) throw new DomainError('unauthorized', messages.signInRequired);
  return signedIn.actor;
});

/** Like CurrentActor, for family-scoped routes: a member with no family (a bare superuser) has nothing here. */
export const FamilyActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor & { familyId: string } => {
  const signedIn = context.switchToHttp().getRequest<FastifyRequest>().signedIn;
  if (!signedIn) throw new DomainError('unauthorized', messages.signInRequired);
  if (!signedIn.actor.familyId) throw new DomainError('not_found', 'Family not found');
  return signedIn.actor as Actor & { familyId: string };
});

export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): SignedIn | undefined => {
  return context.switchToHttp().getRequest<FastifyRequest>().signedIn;
});
