import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from './use-debounced';

/** The search boxes stop typing at this length, and the servers refuse longer searches. */
export const SEARCH_MAX_LENGTH = 100;

/** The search an address asks for, trimmed and cut to what the box could have typed (a hand-edited address may carry more). */
export const searchInAddress = (params: URLSearchParams, name: string) => (params.get(name) ?? '').slice(0, SEARCH_MAX_LENGTH).trim();

interface SearchTextOptions {
  delayMs?: number;
  /** Other address entries a new search drops, such as the page number. */
  resets?: readonly string[];
}

/**
 * A search box whose text is kept in the address (?name=…) once typing stops for `delayMs`, so a reload or a shared
 * link searches again. Returns the text as typed, its setter, and the settled, trimmed text to search for.
 */
export function useSearchText(name: string, { delayMs = 300, resets = [] }: SearchTextOptions = {}): [text: string, setText: (next: string) => void, searched: string] {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => (params.get(name) ?? '').slice(0, SEARCH_MAX_LENGTH));
  const searched = useDebounced(text.trim(), delayMs);
  const inAddress = params.get(name) ?? '';
  useEffect(() => {
    if (searched === inAddress) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (searched) next.set(name, searched);
        else next.delete(name);
        // An address cut to length is the same search, not a new one.
        if (searched !== searchInAddress(current, name)) for (const reset of resets) next.delete(reset);
        return next;
      },
      { replace: true },
    );
    // Only a settled change of the text writes the address; other choices changing it leave the text alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);
  return [text, setText, searched];
}
