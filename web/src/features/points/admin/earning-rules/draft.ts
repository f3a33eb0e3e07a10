import type { EarningRules } from '@common/contracts/earning';

/** The form's copy of the rules: number boxes hold text, so a half-typed or empty box is allowed. */
type Draft<T> = T extends number ? string : T extends string | boolean ? T : T extends readonly (infer U)[] ? U[] : { [K in keyof T]: Draft<T[K]> };
export type RulesDraft = Draft<EarningRules>;

function toText(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return [...value];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toText(inner)]));
  return value;
}

function toValue(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return [...value];
  if (typeof value === 'string') {
    if (key === 'time_zone') return value.trim();
    const number = Number(value.trim());
    // An empty or unreadable box goes as null, so the server names the field ("Enter a whole number.").
    return value.trim() === '' || !Number.isFinite(number) ? null : number;
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, toValue(inner, name)]));
  return value;
}

export const toDraft = (rules: EarningRules) => toText(rules) as RulesDraft;

/** What goes to the server: numbers again, nulls where a box is empty. */
export const fromDraft = (draft: RulesDraft) => toValue(draft, '') as Record<string, unknown>;

/** Whether the draft means something other than the saved rules ("10" and "10.0" are the same). */
export const isChanged = (draft: RulesDraft, saved: EarningRules) => JSON.stringify(fromDraft(draft)) !== JSON.stringify(saved);
