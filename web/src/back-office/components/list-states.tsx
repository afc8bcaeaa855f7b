import type { ReactNode } from 'react';
import { EmptyBox, ErrorBox, LoadingRow } from './state-views';

/** The part of an RTK Query result for a paginated list that decides what the screen shows. */
interface ListQuery<T> {
  isLoading: boolean;
  error?: unknown;
  data?: { docs: T[] };
  refetch: () => unknown;
}

interface ListStatesProps<T> {
  query: ListQuery<T>;
  errorMessage: string;
  emptyMessage: string;
  children: (docs: T[]) => ReactNode;
}

/**
 * A spinner on the first load, an error with retry when nothing loaded, the empty message, or the rows.
 * A failed refetch keeps the rows already shown.
 */
export function ListStates<T>({ query, errorMessage, emptyMessage, children }: ListStatesProps<T>) {
  const data = query.data;
  if (query.isLoading) return <LoadingRow />;
  if (query.error && !data) return <ErrorBox message={errorMessage} onRetry={() => void query.refetch()} />;
  if (!data || data.docs.length === 0) return <EmptyBox message={emptyMessage} />;
  return children(data.docs);
}
