import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from './use-debounced';

/**
 * A search box whose text is kept in the address (?name=…) once typing stops for `delayMs`, so a reload or a shared
 * link searches again. Returns the text as typed, its setter, and the settled, trimmed text to search for.
 */
export function useSearchText(name: string, delayMs = 300): [text: string, setText: (next: string) => void, searched: string] {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get(name) ?? '');
  const searched = useDebounced(text.trim(), delayMs);
  const inAddress = params.get(name) ?? '';
  useEffect(() => {
    if (searched === inAddress) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (searched) next.set(name, searched);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
    // Only a settled change of the text writes the address; other choices changing it leave the text alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);
  return [text, setText, searched];
}
