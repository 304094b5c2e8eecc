import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../lib/api';
import type { Family } from '../lib/types';

export const familyQuery = queryOptions({ queryKey: ['api', 'family'], queryFn: () => get<Family>('/api/family') });
/** `enabled` false for a member of no family (the superuser): there is no family to ask for. */
export const useFamily = (enabled = true) => useQuery({ ...familyQuery, enabled });

/** What PUT /api/family takes: any subset of the settings; absent fields stay as they are. */
export interface FamilyChanges {
  name?: string;
  weeklyReportDay?: Family['weeklyReportDay'];
  timeZone?: string;
  pointSettings?: Partial<Family['pointSettings']>;
  rewards?: { name: string; cost: number; emoji?: string }[];
  taskTemplates?: { title: string; description?: string; points: number; emoji?: string }[];
  hiddenSystemTemplates?: string[];
  choreSettings?: Partial<Family['choreSettings']>;
}

/**
 * PUT /api/family (Settings): the answer is the family as GET shows it, so it goes straight into the cache.
 * `keepalive`: the request outlives the page (a save sent as the page goes away).
 */
export function useUpdateFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, keepalive }: { changes: FamilyChanges; keepalive?: boolean }) => put<Family>('/api/family', changes, { keepalive }),
    onSuccess: async (family) => {
      queryClient.setQueryData(familyQuery.queryKey, family);
      await queryClient.invalidateQueries({ queryKey: familyQuery.queryKey });
    },
  });
}
