import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { WeeklyReport } from '../lib/types';

export const reportsQuery = queryOptions({ queryKey: ['api', 'reports'], queryFn: () => get<WeeklyReport[]>('/api/reports') });
export const useReports = () => useQuery(reportsQuery);

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
