import { Skeleton } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';
import { SectionCard } from './SectionCard';

/** What QueryCard reads of a TanStack query (or of a mutation-free stand-in). */
export interface QueryState<T> {
  data?: T;
  isPending: boolean;
  isError: boolean;
}

type Props<T> = Omit<ComponentProps<typeof SectionCard>, 'children'> & {
  query: QueryState<T>;
  /** Shown until the first answer; a skeleton by default. */
  pending?: ReactNode;
  /** Shown when the query failed; by default the card reads as empty, as a list with no data would. */
  error?: ReactNode;
  /** Shown when there is nothing to list. */
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** Below the states, whatever the state (a "View all" button, a dialog). */
  after?: ReactNode;
};

/** A SectionCard over one query: its pending, error, empty and data states in one place. */
export function QueryCard<T>({ query, pending, error, empty, isEmpty, children, after, ...card }: Props<T>) {
  let body: ReactNode;
  if (query.isPending) body = pending ?? <Skeleton variant="rounded" height={120} />;
  else if (query.isError || query.data === undefined) body = error ?? empty;
  else if (isEmpty?.(query.data)) body = empty;
  else body = children(query.data);
  return (
    <SectionCard {...card}>
      {body}
      {after}
    </SectionCard>
  );
}
