import type { Role } from '@familyos/events';
import type { Actor } from './actor.js';
import { DomainError } from './errors.js';
import { abilitiesOf, assertCan, can, canChangeCalendarEvent, canEditMember, isParentRole, memberAbilities, type Ability, type MemberFacts } from './policy.js';

const ROLES: readonly Role[] = ['child', 'manager', 'admin', 'superuser'];

/**
 * SPEC §6, one row per ability, columns child / manager / admin / superuser. Where SPEC leaves superuser open
 * ("not stated"), DESIGN decides: audit logs are admin and superuser (DESIGN §5), and a superuser reaches
 * Settings, where templates are managed, so templates and the report preview follow Settings.
 */
const TABLE: Record<Ability, [child: boolean, manager: boolean, admin: boolean, superuser: boolean]> = {
  // Own tasks, complete pending task, request task; balance badge; request redemption: children only.
  completeTasks: [true, false, false, false],
  requestTasks: [true, false, false, false],
  hasBalance: [true, false, false, false],
  requestRedemptions: [true, false, false, false],
  // Dashboard approval panels, issue points, create task, Child Requests section: every parent.
  reviewTasks: [false, true, true, true],
  reviewChildRequests: [false, true, true, true],
  reviewRedemptions: [false, true, true, true],
  issuePoints: [false, true, true, true],
  createTasks: [false, true, true, true],
  // Task templates grid, Preview Report, audit logs: admin (superuser by DESIGN, see above).
  useTaskTemplates: [false, false, true, true],
  previewReport: [false, false, true, true],
  viewAuditLog: [false, false, true, true],
  // Settings and Admin pages, pending hub requests, invites, manual add member: admin and superuser.
  manageSettings: [false, false, true, true],
  manageMembers: [false, false, true, true],
  manageInvites: [false, false, true, true],
  reviewHubRequests: [false, false, true, true],
  // System Admin: superuser only.
  systemAdmin: [false, false, false, true],
  // Any signed-in member posts announcements and comments, and adds calendar events (SPEC §6).
  postAnnouncements: [true, true, true, true],
  addCalendarEvents: [true, true, true, true],
  // Generate Report is a parent quick action; exports sit on Settings (admin, superuser; DESIGN §5).
  generateReports: [false, true, true, true],
  exportData: [false, false, true, true],
};

const cases = (Object.keys(TABLE) as Ability[]).flatMap((ability) =>
  ROLES.map((role, column) => [ability, role, TABLE[ability][column]] as const),
);

describe('abilities (SPEC §6)', () => {
  it('the table names every ability the policy knows, and no other', () => {
    for (const role of ROLES) expect(Object.keys(abilitiesOf(role)).sort()).toEqual(Object.keys(TABLE).sort());
  });

  it.each(cases)('%s for %s → %p', (ability, role, expected) => {
    expect(abilitiesOf(role)[ability]).toBe(expected);
    expect(can({ role }, ability)).toBe(expected);
    if (expected) {
      expect(() => assertCan({ role }, ability)).not.toThrow();
    } else {
      expect(() => assertCan({ role }, ability)).toThrow(DomainError);
    }
  });

  it('assertCan refuses with a forbidden error carrying the given message', () => {
    let caught: unknown;
    try {
      assertCan({ role: 'child' }, 'issuePoints', 'Only parents can issue points');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('forbidden');
    expect((caught as DomainError).message).toBe('Only parents can issue points');
  });

  it.each([
    ['child', false],
    ['manager', true],
    ['admin', true],
    ['superuser', true],
  ] as const)('isParentRole(%s) → %p', (role, expected) => {
    expect(isParentRole(role)).toBe(expected);
  });
});

describe('canEditMember', () => {
  const emma = { id: 'emma', familyId: 'family-1' };
  const actor = (id: string, role: Role, familyId: string | null): Actor => ({ id, role, familyId });

  it.each([
    ['the member itself', actor('emma', 'child', 'family-1'), true],
    ['an admin of the family', actor('mom', 'admin', 'family-1'), true],
    ['a superuser of the family', actor('root', 'superuser', 'family-1'), true],
    ['a manager of the family', actor('dad', 'manager', 'family-1'), false],
    ['a sibling', actor('leo', 'child', 'family-1'), false],
    ['an admin of another family', actor('eve', 'admin', 'family-2'), false],
    ['a superuser without a family', actor('root', 'superuser', null), false],
  ] as const)('%s → %p', (_label, who, expected) => {
    expect(canEditMember(who, emma)).toBe(expected);
  });

  it('does not let a family-less admin edit a family-less member', () => {
    expect(canEditMember(actor('root', 'superuser', null), { id: 'other-root', familyId: null })).toBe(false);
  });
});

describe('canChangeCalendarEvent (SPEC §6: creator, assignee, admin, superuser)', () => {
  const event = { familyId: 'f1', createdBy: 'mom', assignedTo: 'emma' };
  const member = (id: string, role: Role, familyId: string | null = 'f1'): Actor => ({ id, role, familyId });

  it.each([
    ['its creator', member('mom', 'manager'), true],
    ['its assignee, even a child', member('emma', 'child'), true],
    ['an admin of the family', member('dad', 'admin'), true],
    ['a superuser of the family', member('root', 'superuser'), true],
    ['another child', member('leo', 'child'), false],
    ['a manager who neither made nor is assigned it', member('nan', 'manager'), false],
    ['an admin of another family', member('other', 'admin', 'f2'), false],
    ['a family-less superuser', member('root', 'superuser', null), false],
  ])('%s: %s', (_who, actor, expected) => {
    expect(canChangeCalendarEvent(actor, event)).toBe(expected);
  });
});

describe('memberAbilities (decision 029): what a caller may do to a member', () => {
  const mom: Actor = { id: 'mom', role: 'admin', familyId: 'f1' };
  const dad: Actor = { id: 'dad', role: 'manager', familyId: 'f1' };
  const member = (over: Partial<MemberFacts> = {}): MemberFacts => ({
    id: 'emma',
    familyId: 'f1',
    role: 'child',
    isPrimaryAdmin: false,
    active: true,
    canSignIn: true,
    ...over,
  });

  it('a parent manages an active child fully; the child is offered as assignee and points target', () => {
    expect(memberAbilities(mom, member())).toEqual({
      changeRole: true,
      deactivate: true,
      reactivate: false,
      resetPassword: true,
      createSignInLink: true,
      assignTasks: true,
      issuePoints: true,
      pause: true,
    });
  });

  it('a deactivated child is reactivated, and is no longer offered as assignee or points target', () => {
    expect(memberAbilities(mom, member({ active: false }))).toMatchObject({ deactivate: false, reactivate: true, assignTasks: false, issuePoints: false });
  });

  it("an active adult's password is theirs; a deactivated one's a parent may reset", () => {
    expect(memberAbilities(mom, member({ role: 'manager' }))).toMatchObject({ resetPassword: false, createSignInLink: false, assignTasks: false, pause: false });
    expect(memberAbilities(mom, member({ role: 'manager', canSignIn: false }))).toMatchObject({ resetPassword: false, createSignInLink: true });
    expect(memberAbilities(mom, member({ role: 'manager', active: false }))).toMatchObject({ resetPassword: true, createSignInLink: true });
  });

  it('nobody manages the Primary Admin, and nobody manages themselves', () => {
    const none = { changeRole: false, deactivate: false, reactivate: false, resetPassword: false, createSignInLink: false };
    expect(memberAbilities({ id: 'sam', role: 'admin', familyId: 'f1' }, member({ id: 'mom', role: 'admin', isPrimaryAdmin: true }))).toMatchObject(none);
    expect(memberAbilities(mom, member({ id: 'mom', role: 'admin' }))).toMatchObject(none);
  });

  it('a manager manages no one but is offered active children for tasks and points; another family sees nothing', () => {
    expect(memberAbilities(dad, member())).toEqual({
      changeRole: false,
      deactivate: false,
      reactivate: false,
      resetPassword: false,
      createSignInLink: false,
      assignTasks: true,
      issuePoints: true,
      pause: true,
    });
    expect(Object.values(memberAbilities({ id: 'eve', role: 'admin', familyId: 'f2' }, member())).some(Boolean)).toBe(false);
  });
});
