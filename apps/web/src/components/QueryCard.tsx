import { Skeleton, Typography } from '@mui/material';
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
  /** Shown when the query failed before any answer; by default a sentence that the list could not be loaded. */
  error?: ReactNode;
  /** Shown when there is nothing to list. */
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** Below the states, whatever the state (a "View all" button, a dialog). */
  after?: ReactNode;
};

function NotLoaded() {
  return (
    <Typography variant="body2" color="text.secondary" role="status" data-testid="not-loaded">
      Couldn't load this just now. It shows again once FamilyOS answers.
    </Typography>
  );
}

/** A SectionCard over one query: its pending, error, empty and data states in one place. */
export function QueryCard<T>({ query, pending, error, empty, isEmpty, children, after, ...card }: Props<T>) {
  let body: ReactNode;
  if (query.isPending) body = pending ?? <Skeleton variant="rounded" height={120} />;
  // A refetch that failed keeps the last answer (the server is down, the phone offline): it stays shown, with the
  // app's notice. A list that never loaded says so: an empty list would tell a child it has nothing to do.
  else if (query.data === undefined) body = error ?? <NotLoaded />;
  else if (isEmpty?.(query.data)) body = empty;
  else body = children(query.data);
  return (
    <SectionCard {...card}>
      {body}
      {after}
    </SectionCard>
  );
}
