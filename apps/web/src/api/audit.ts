import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntryView } from '@familyos/contracts/rules';
import { get } from '../lib/api';

export type AuditEntry = AuditEntryView;

/** SPEC §9: the settings page shows the first 10 audit entries. */
export const RECENT_ACTIVITY_COUNT = 10;
/** The root of every audit-log query's key: invalidating it refreshes each page size at once. */
export const auditLogsKey = ['api', 'audit-logs'] as const;

/** GET /api/audit-logs (admin, superuser): newest first. */
export const auditLogsQuery = (count: number) =>
  queryOptions({ queryKey: [...auditLogsKey, { limit: count }], queryFn: () => get<AuditEntry[]>(`/api/audit-logs?limit=${count}`) });

/** Asked only by those allowed to see it. */
export const useRecentActivity = (enabled: boolean, count: number = RECENT_ACTIVITY_COUNT) => useQuery({ ...auditLogsQuery(count), enabled });
