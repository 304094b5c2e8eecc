import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { WeeklyReport } from '../lib/types';
import { useHistory } from './pages';

/** Every reports query's key starts here (the live topic). */
export const reportsQuery = { queryKey: ['api', 'reports'] as const };

/** The family's reports, newest week first: SPEC §9's 5 most recent (the server's page), older ones on request. */
export const useReports = () => useHistory<WeeklyReport>('reports', '/api/reports');

/** GET /api/reports/preview (admin): this week so far, computed on the fly and stored nowhere. */
export const reportPreviewQuery = queryOptions({ queryKey: [...reportsQuery.queryKey, 'preview'], queryFn: () => get<WeeklyReport>('/api/reports/preview') });
export const useReportPreview = (enabled: boolean) => useQuery({ ...reportPreviewQuery, enabled });

/** POST /api/reports/generate: this week's report, replacing one generated earlier this week. */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  const create = useCreatePost();
  return useMutation({
    mutationFn: () => create<WeeklyReport>('/api/reports/generate'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsQuery.queryKey }),
  });
}
