import type { Abilities } from '@familyos/domain';
import type { FamilyDoc, MemberDoc, PointsEntryDoc, RedemptionDoc, ReportDoc, TaskDoc } from '@familyos/projections';

/** What the API answers (apps/api), by type only: nothing of these packages reaches the bundle. */
export type Role = MemberDoc['role'];
export type User = Omit<MemberDoc, 'usernameLower' | 'hasPassword' | 'createdAt'> & { createdAt?: string };
export type Me = User & { abilities: Abilities };
export type Task = Omit<TaskDoc, 'familyId'>;
export type PointsEntry = Omit<PointsEntryDoc, 'familyId' | 'position'>;
export type Redemption = Omit<RedemptionDoc, 'familyId'>;
export type Family = Omit<FamilyDoc, 'familyId'> & {
  redemptionOptions: string[];
  systemTemplates: { title: string; description: string; points: number; emoji: string }[];
};
/** The weekly report as the API answers it: the reports read model's document. */
export type WeeklyReport = Omit<ReportDoc, 'familyId'>;
export type ReportChild = WeeklyReport['children'][number];
export interface LeaderboardRow {
  userId: string;
  name: string;
  username: string;
  avatar: string;
  balance: number;
  totalEarned: number;
  weekPoints: number;
  tasksDone: number;
  rank: number;
}
export type { Abilities };

export const ROLE_LABEL: Record<Role, string> = { admin: 'Parent', manager: 'Manager', child: 'Child', superuser: 'Super User' };
export const ROLE_EMOJI: Record<Role, string> = { admin: '👑', manager: '🧑‍🤝‍🧑', child: '🧒', superuser: '🛡️' };
