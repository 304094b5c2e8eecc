import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../lib/api';

export interface ReportChild {
  userId: string;
  name: string;
  avatar: string;
  totalPoints: number;
  byCategory: { chores: number; school: number; behavior: number };
  tasksCompleted: number;
  averageScore: number | null;
  achievements: { id: string; title: string; emoji: string; description: string }[];
  dailyPoints: number[];
  /** Where the week's points came from: approved tasks, or points a parent gave (SPEC §9: the preview's Tasks and Bonus). */
  bySource: { tasks: number; bonus: number };
}

export interface WeeklyReport {
  id: string;
  reportId: string;
  weekStartDate: string;
  weekEndDate: string;
  createdAt: string;
  trigger: 'manual' | 'schedule';
  timeZone: string;
  children: ReportChild[];
  leaderboard: { rank: number; userId: string; name: string; avatar: string; weeklyTotal: number }[];
  totals: { points: number; tasksCompleted: number };
}

export const reportsQuery = queryOptions({ queryKey: ['api', 'reports'], queryFn: () => get<WeeklyReport[]>('/api/reports') });
export const useReports = () => useQuery(reportsQuery);

/** GET /api/reports/preview (admin): this week so far, computed on the fly and stored nowhere. */
export const reportPreviewQuery = queryOptions({ queryKey: ['api', 'reports', 'preview'], queryFn: () => get<WeeklyReport>('/api/reports/preview') });
export const useReportPreview = (enabled: boolean) => useQuery({ ...reportPreviewQuery, enabled });

/** POST /api/reports/generate: this week's report, replacing one generated earlier this week. */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post<WeeklyReport>('/api/reports/generate'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api', 'reports'] }),
  });
}
