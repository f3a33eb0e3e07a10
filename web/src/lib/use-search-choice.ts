import { useSearchParams } from 'react-router';

/**
 * One choice out of a few kept in the address (?filter=…, ?tab=…), so a reload or a shared link opens it again.
 * The first value is the default and leaves the parameter out; an unknown value reads as the default.
 */
export function useSearchChoice<T extends string>(name: string, values: readonly T[]): [T, (next: T) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = search.get(name);
  const value = values.find((candidate) => candidate === requested) ?? values[0];
  const choose = (next: T) => {
    const params = new URLSearchParams(search);
    if (next === values[0]) params.delete(name);
    else params.set(name, next);
    setSearch(params, { replace: true });
  };
  return [value, choose];
}
