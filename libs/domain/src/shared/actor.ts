import type { Role } from '@familyos/events';

/** The signed-in member acting, as the server resolved it from the session: never from the request body. */
export interface Actor {
  id: string;
  role: Role;
  familyId: string | null;
}

/** The server acting on its own (a scheduler, a reactor): no member, no session. Its events carry actorId 'system'. */
export const SYSTEM_ACTOR = 'system';
export type SystemActor = typeof SYSTEM_ACTOR;
