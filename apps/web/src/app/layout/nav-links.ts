import type { Abilities } from '../../lib/types';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * SPEC §2's header links, by what the signed-in member may do (abilities from the server, never the role):
 * everyone gets Dashboard, Tasks, Announcements, Calendar, Activity, Reports; Settings and Admin need the
 * settings/members abilities (admin, superuser); System Admin the superuser's.
 */
export function headerLinks(abilities: Abilities): NavLink[] {
  return built([
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/tasks', label: 'Tasks' },
    { to: '/announcements', label: 'Announcements' },
    { to: '/calendar', label: 'Calendar' },
    { to: '/activity', label: 'Activity' },
    { to: '/reports', label: 'Reports' },
    ...adminLinks(abilities),
    ...(abilities.systemAdmin ? [{ to: '/admin/system', label: 'System Admin' }] : []),
  ]);
}

/** SPEC §2's footer: Tutorial and Reports, plus Settings and Admin for admin and superuser. */
export function footerLinks(abilities: Abilities): NavLink[] {
  return built([{ to: '/tutorial', label: 'Tutorial' }, { to: '/reports', label: 'Reports' }, ...adminLinks(abilities)]);
}

function adminLinks(abilities: Abilities): NavLink[] {
  return [
    ...(abilities.manageSettings ? [{ to: '/settings', label: 'Settings' }] : []),
    ...(abilities.manageMembers ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
}

/**
 * Pages of SPEC §2 that are not built yet (Reports, Admin, System Admin: issues 5 and 6) are left out
 * rather than linking to the 404 page. Remove a path from here when its page lands.
 */
const NOT_YET_BUILT = new Set<string>([]);
const built = (links: NavLink[]) => links.filter((l) => !NOT_YET_BUILT.has(l.to));
