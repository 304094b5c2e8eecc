import { queryOptions } from '@tanstack/react-query';
import type { PendingUserView } from '@familyos/contracts/rules';
import { get } from '../lib/api';

/** GET /api/admin/pending-users: identities waiting for this family; the system admin's decisions change it too. */
export const pendingUsersQuery = queryOptions({ queryKey: ['api', 'admin', 'pending-users'], queryFn: () => get<PendingUserView[]>('/api/admin/pending-users') });
