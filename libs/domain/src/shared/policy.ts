import type { Abilities, PostCan } from '@familyos/contracts/rules';
import type { Role } from '@familyos/events';
import type { Actor } from './actor.js';
import { forbidden } from './errors.js';

const PARENTS: readonly Role[] = ['manager', 'admin', 'superuser'];
const ADMINS: readonly Role[] = ['admin', 'superuser'];

/**
 * SPEC §6, the only place the server decides who may do what. The web app never re-derives roles: it reads
 * these abilities from GET /api/auth/me and shows buttons from them.
 */
export function abilitiesOf(role: Role): Abilities {
  const parent = PARENTS.includes(role);
  const admin = ADMINS.includes(role);
  return {
    completeTasks: role === 'child',
    requestTasks: role === 'child',
    requestRedemptions: role === 'child',
    hasBalance: role === 'child',
    reviewTasks: parent,
    reviewChildRequests: parent,
    reviewRedemptions: parent,
    issuePoints: parent,
    createTasks: parent,
    useTaskTemplates: admin,
    previewReport: admin,
    viewAuditLog: admin,
    manageSettings: admin,
    manageMembers: admin,
    manageInvites: admin,
    reviewHubRequests: admin,
    systemAdmin: role === 'superuser',
    postAnnouncements: true,
    addCalendarEvents: true,
    generateReports: parent,
    exportData: admin,
  };
}

export type { Abilities, PostCan };
export type Ability = keyof Abilities;

export function can(actor: Pick<Actor, 'role'>, ability: Ability): boolean {
  return abilitiesOf(actor.role)[ability];
}

export function assertCan(actor: Pick<Actor, 'role'>, ability: Ability, message?: string): void {
  if (!can(actor, ability)) throw forbidden(message);
}

export const isParentRole = (role: Role) => PARENTS.includes(role);

/** Changing a member's own name, avatar or password: the member itself, or an admin of the family. */
export function canEditMember(actor: Actor, member: { id: string; familyId: string | null }): boolean {
  if (actor.id === member.id) return true;
  return ADMINS.includes(actor.role) && actor.familyId !== null && actor.familyId === member.familyId;
}

/** SPEC §6: a calendar event may be edited or deleted by its creator, its assignee, an admin or a superuser. */
export function canChangeCalendarEvent(
  actor: Actor,
  event: { familyId: string | null; createdBy: string; assignedTo: string | null },
): boolean {
  if (actor.familyId === null || actor.familyId !== event.familyId) return false;
  return ADMINS.includes(actor.role) || actor.id === event.createdBy || actor.id === event.assignedTo;
}

/**
 * An announcement or a comment: its author edits or deletes it; an admin (or a superuser) of the family also
 * removes anyone's. Managers, SPEC §6's "limited access", remove only their own (decision 030).
 */
export function postAbilities(actor: Actor, post: { familyId: string | null; authorId: string }): PostCan {
  if (actor.familyId === null || actor.familyId !== post.familyId) return { edit: false, delete: false };
  const author = actor.id === post.authorId;
  return { edit: author, delete: author || ADMINS.includes(actor.role) };
}

/**
 * SPEC §6 "a child sees only its own": whose rows a member may read. Every query scopes its reads through this
 * (points, redemptions, report rows; tasks add "or that they requested" in taskVisibleTo): the family always,
 * and for a child only the rows that are theirs.
 */
export interface ReadScope {
  familyId: string;
  /** Set when the member may read only their own rows (a child); null reads the whole family. */
  ownerId: string | null;
}

export function readScopeOf(actor: Actor & { familyId: string }): ReadScope {
  return { familyId: actor.familyId, ownerId: actor.role === 'child' ? actor.id : null };
}

/** Whether a row of a member (`userId`), in a family when the row names one, is inside the scope. */
export function inScope(scope: ReadScope, row: { userId: string; familyId?: string | null }): boolean {
  if (row.familyId !== undefined && row.familyId !== scope.familyId) return false;
  return scope.ownerId === null || row.userId === scope.ownerId;
}
