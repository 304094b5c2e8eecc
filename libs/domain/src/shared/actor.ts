import type { Role } from '@familyos/events';

/** The signed-in member acting, as the server resolved it from the session: never from the request body. */
export interface Actor {
  id: string;
  role: Role;
  familyId: string | null;
}
