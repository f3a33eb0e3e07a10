import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from '@web/components/ui/cn';
import { inputClasses } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';

/**
 * A text field with a list of suggestions under it (ARIA combobox): arrow keys move through the list, Enter picks
 * the highlighted option, or, with none highlighted, calls `onEnter` with the text as typed. Escape closes the list;
 * a second Escape is left to the page.
 */
export function TypeAhead<T>({
  label,
  text,
  onText,
  options,
  optionKey,
  renderOption,
  onPick,
  onEnter,
  loading = false,
  placeholder,
  error,
  inputRef,
  className,
  hideLabel = false,
}: {
  label: string;
  text: string;
  onText(text: string): void;
  options: T[];
  optionKey(option: T): string;
  renderOption(option: T): ReactNode;
  onPick(option: T): void;
  onEnter?(): void;
  loading?: boolean;
  placeholder?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  hideLabel?: boolean;
}) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const open = focused && !dismissed && text.trim() !== '' && (options.length > 0 || loading);
  const active = open && highlight >= 0 && highlight < options.length ? highlight : -1;

  const pick = (option: T) => {
    setHighlight(-1);
    setDismissed(true);
    onPick(option);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setDismissed(false);
      if (options.length === 0) return;
      // -1 (the text as typed), then each option, then round again.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((current) => ((Math.min(current, options.length - 1) + step + 1 + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active >= 0) pick(options[active]);
      else onEnter?.();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setHighlight(-1);
    }
  };

  return (
    <div className={cn('relative flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-ink-2', hideLabel && 'sr-only')}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        className={inputClasses}
        value={text}
        placeholder={placeholder}
        onChange={(event) => {
          onText(event.target.value);
          setHighlight(-1);
          setDismissed(false);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-300">
          {error}
        </p>
      )}
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-80 overflow-y-auto rounded-xl border border-line-strong bg-surface-2 p-1 shadow-2xl shadow-black/60"
      >
        {options.map((option, index) => (
          <li
            key={optionKey(option)}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn('flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink', index === active ? 'bg-accent/25 ring-1 ring-accent/50' : 'hover:bg-surface-3')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            onMouseEnter={() => setHighlight(index)}
          >
            {renderOption(option)}
          </li>
        ))}
        {loading && options.length === 0 && (
          <li className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
            <Spinner label="Searching" /> Searching...
          </li>
        )}
      </ul>
    </div>
  );
}
