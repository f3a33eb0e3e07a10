import { useState } from 'react';
import { useSearchChoice } from './use-search-choice';

/**
 * A staff queue's filter, kept in the address like any other choice (useSearchChoice), and the page of the list,
 * back to the first page whenever the filter changes.
 */
export function useQueueFilter<T extends string>(name: string, values: readonly T[]) {
  const [filter, chooseFilter] = useSearchChoice(name, values);
  const [page, setPage] = useState(1);
  const choose = (next: T) => {
    chooseFilter(next);
    setPage(1);
  };
  return { filter, choose, page, setPage };
}
