import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';

export interface AuditEntry {
  id: string;
  action: string;
  timestamp: string | null;
  actorId?: string | null;
  summary?: string | null;
}

/** SPEC §9: the settings page shows the first 10 audit entries. */
export const RECENT_ACTIVITY_COUNT = 10;
export const auditLogsKey = ['api', 'audit-logs'] as const;

/** GET /api/audit-logs (admin, superuser): newest first. Asked only by those allowed to see it. */
export const useRecentActivity = (enabled: boolean, count: number = RECENT_ACTIVITY_COUNT) =>
  useQuery({
    queryKey: [...auditLogsKey, { limit: count }],
    queryFn: () => get<AuditEntry[]>(`/api/audit-logs?limit=${count}`),
    enabled,
  });
