import type { Abilities } from '../../lib/types';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * SPEC §2's header links, by what the signed-in member may do (abilities from the server). Screens still being
 * built (announcements, calendar, reports, settings, admin) join this list as they land.
 */
export function headerLinks(_abilities: Abilities): NavLink[] {
  return [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/tasks', label: 'Tasks' },
    { to: '/activity', label: 'Activity' },
  ];
}

export function footerLinks(_abilities: Abilities): NavLink[] {
  return [
    { to: '/profile', label: 'My Profile' },
    { to: '/activity', label: 'Activity' },
  ];
}
