import type { FastifyReply } from 'fastify';
import type {} from '@fastify/cookie';
import { limits } from '@familyos/contracts';
import type { AppConfig } from '../config.js';
import { SESSION_COOKIE } from './sessions.service.js';

/** The session cookie every sign-in sets (password, register, hub, join): one place, so they cannot drift apart. */
export function setSessionCookie(reply: FastifyReply, token: string, config: Pick<AppConfig, 'cookieSecure'>): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: limits.sessionDays * 86_400,
  });
}
