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

/** What a route asks of its caller, read once per route from its decorators. */
interface RouteNeeds {
  public: boolean;
  ability: Ability | undefined;
}

/** Every route is signed-in unless marked @Public(). 401 for no, bad, expired or revoked session. */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly needs = new WeakMap<object, RouteNeeds>();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  // Not async: a request without a token (a public route's usual caller) is answered here and then, without
  // the promise an async method makes for every request (decision 058).
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const needs = this.needsOf(context);
    const token = tokenOf(request);
    if (!token) return this.admit(needs, null);
    return this.sessions.resolve(token).then((signedIn) => {
      if (signedIn) request.signedIn = signedIn;
      return this.admit(needs, signedIn);
    });
  }

  private admit(needs: RouteNeeds, signedIn: SignedIn | null): boolean {
    if (needs.public) return true;
    if (!signedIn) throw new DomainError('unauthorized', messages.signInRequired);
    if (needs.ability && !can(signedIn.actor, needs.ability)) throw forbidden();
    return true;
  }

  private needsOf(context: ExecutionContext): RouteNeeds {
    const handler = context.getHandler();
    let needs = this.needs.get(handler);
    if (!needs) {
      const targets = [handler, context.getClass()];
      needs = {
        public: this.reflector.getAllAndOverride<boolean>(PUBLIC, targets) === true,
        ability: this.reflector.getAllAndOverride<Ability | undefined>(REQUIRES, targets),
      };
      this.needs.set(handler, needs);
    }
    return needs;
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
