import type { AdminSlot } from '@common/contracts/bonus-hunts-admin';
import { Plus } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { SlotImage } from '@web/components/ui/slot-image';
import { SUGGESTIONS, useAdminSlots } from '@web/lib/admin-search';
import { useDebounced } from '@web/lib/use-debounced';
import { TypeAhead } from './TypeAhead';

/** What the slot field holds: a catalogue slot, or a name that is not in the catalogue yet. */
export type SlotChoice = { slot: AdminSlot } | { name: string };
type Option = { slot: AdminSlot } | { newName: string };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The catalogue slot the typed text names exactly (case-insensitive), if the suggestions hold it. */
export const exactSlot = (text: string, slots: readonly AdminSlot[]) => slots.find((slot) => sameName(slot.name, text)) ?? null;

const addToCatalogue = (name: string) => <>Add “{name}” to the catalogue</>;

/**
 * Type-ahead over the slot catalogue (8 suggestions). With `allowNew`, a name not in the catalogue is offered
 * (worded by `newOption`), and Enter without a highlighted suggestion takes the text as typed (an exact name is
 * that slot).
 */
export function SlotPicker({
  label,
  text,
  onText,
  onChoose,
  allowNew = false,
  newOption = addToCatalogue,
  excludeId,
  error,
  inputRef,
  hideLabel,
}: {
  label: string;
  text: string;
  onText(text: string): void;
  onChoose(choice: SlotChoice): void;
  allowNew?: boolean;
  /** What the offer of a name not in the catalogue says. */
  newOption?(name: string): ReactNode;
  excludeId?: number;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  hideLabel?: boolean;
}) {
  const search = useDebounced(text.trim(), 150);
  const suggestions = useAdminSlots({ search, perPage: SUGGESTIONS, enabled: search !== '' });
  const slots = search === '' ? [] : (suggestions.data?.data ?? []).filter((slot) => slot.id !== excludeId);
  const typed = text.trim();
  const exact = exactSlot(typed, slots);
  const options: Option[] = [...slots.map((slot) => ({ slot })), ...(allowNew && typed !== '' && !exact && search === typed ? [{ newName: typed }] : [])];

  return (
    <TypeAhead<Option>
      label={label}
      hideLabel={hideLabel}
      text={text}
      onText={onText}
      options={options}
      optionKey={(option) => ('slot' in option ? String(option.slot.id) : `new:${option.newName}`)}
      loading={suggestions.isFetching}
      placeholder={allowNew ? 'Type a slot name...' : 'Search the catalogue...'}
      error={error}
      inputRef={inputRef}
      onPick={(option) => onChoose('slot' in option ? { slot: option.slot } : { name: option.newName })}
      onEnter={() => {
        if (exact) onChoose({ slot: exact });
        else if (allowNew && typed !== '') onChoose({ name: typed });
      }}
      renderOption={(option) =>
        'slot' in option ? (
          <>
            <SlotImage image={option.slot.image} className="size-8" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{option.slot.name}</span>
              <span className="block truncate text-xs text-muted">{option.slot.provider || 'Unknown provider'}</span>
            </span>
            <span className="text-xs text-muted tabular-nums">{option.slot.plays} plays</span>
          </>
        ) : (
          <>
            <span className="flex size-8 items-center justify-center rounded-lg border border-dashed border-accent/60 text-accent">
              <Plus className="size-4" aria-hidden />
            </span>
            <span className="min-w-0 flex-1 truncate">{newOption(option.newName)}</span>
          </>
        )
      }
    />
  );
}
