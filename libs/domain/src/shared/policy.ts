import type { Abilities, MemberCan, PostCan } from '@familyos/contracts/rules';
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

/**
 * Each role's abilities, worked out once: a list answers every record's `can`, each of its commands asking an
 * ability, and building the whole table per question was a large part of a task list's cost.
 */
const abilitiesByRole = new Map<Role, Readonly<Abilities>>();

export function can(actor: Pick<Actor, 'role'>, ability: Ability): boolean {
  let abilities = abilitiesByRole.get(actor.role);
  if (!abilities) abilitiesByRole.set(actor.role, (abilities = Object.freeze(abilitiesOf(actor.role))));
  return abilities[ability];
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

/** A member as the member rules need it, folded from its stream or read from its read model. */
export interface MemberFacts {
  id: string;
  familyId: string | null;
  role: Role;
  isPrimaryAdmin: boolean;
  active: boolean;
  /** Whether the member has a way to sign in yet: a password, a hub or OpenID link, or a hub account named for them. */
  canSignIn: boolean;
}

const parentOf = (actor: Actor, member: Pick<MemberFacts, 'familyId'>) =>
  can(actor, 'manageMembers') && actor.familyId !== null && actor.familyId === member.familyId;

/**
 * Changing a member's role, deactivating and reactivating them: a parent of the family, never on themselves,
 * never on the Primary Admin or a superuser (decision 029).
 */
export function canManageMember(actor: Actor, member: MemberFacts): boolean {
  return parentOf(actor, member) && actor.id !== member.id && !member.isPrimaryAdmin && member.role !== 'superuser';
}

/**
 * Setting a member's password without knowing the current one: a parent, for a child or for a deactivated
 * member. Never the Primary Admin's, whoever asks: a second admin must not be able to take the family over.
 */
export function canResetPassword(actor: Actor, member: MemberFacts): boolean {
  return canManageMember(actor, member) && (member.role === 'child' || !member.active);
}

/** A one-time sign-in link: for a member whose password a parent may set, or one who has no way to sign in yet. */
export function canCreateSignInLink(actor: Actor, member: MemberFacts): boolean {
  return canResetPassword(actor, member) || (canManageMember(actor, member) && !member.canSignIn);
}

/** SPEC §6 "only children appear as targets for points and task assignment": active children (decision 029). */
export const isPointsTarget = (member: Pick<MemberFacts, 'role' | 'active'>) => member.role === 'child' && member.active;

/** What this caller may do to this member: the `can` of a member's view. */
export function memberAbilities(actor: Actor, member: MemberFacts): MemberCan {
  const manage = canManageMember(actor, member);
  const inFamily = actor.familyId !== null && actor.familyId === member.familyId;
  return {
    changeRole: manage,
    deactivate: manage && member.active,
    reactivate: manage && !member.active,
    resetPassword: canResetPassword(actor, member),
    createSignInLink: canCreateSignInLink(actor, member),
    assignTasks: inFamily && can(actor, 'createTasks') && isPointsTarget(member),
    issuePoints: inFamily && can(actor, 'issuePoints') && isPointsTarget(member),
    // The member decider's own rule for PauseChild and EndPause (assertPausable).
    pause: inFamily && can(actor, 'createTasks') && member.role === 'child',
  };
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
