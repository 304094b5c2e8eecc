import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import type { Family } from '../../lib/types';

export const familyQuery = queryOptions({ queryKey: ['api', 'family'], queryFn: () => get<Family>('/api/family') });
export const useFamily = () => useQuery(familyQuery);
