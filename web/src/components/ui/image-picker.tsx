import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from './cn';

/** The upload platform's rules (server/platform/uploads.ts): at most 5 images of 5 MB each, checked again on the server by content. */
const IMAGES_MAX = 5;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

interface Picked {
  file: File;
  url: string;
}

/** Why a chosen file cannot go, in the spec's words (spec 1 §8, spec 2 §5); undefined when it can. The server checks again, by content. */
function refusal(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return `File ${file.name} is not an image.`;
  if (file.size > IMAGE_MAX_BYTES) return `File ${file.name} is too large. Maximum size is 5MB.`;
  return undefined;
}

/**
 * Images for a form (a challenge claim's evidence, a ticket's or a reply's screenshots): up to 5 images of 5 MB,
 * each previewed with a remove button. A choice that would go past 5 is refused whole with `tooMany`; files that
 * are no image or above 5 MB are left out and named. Remount it (a new `key`) to empty it.
 */
export function ImagePicker({
  label,
  tooMany,
  onChange,
  serverError,
  disabled,
  compact = false,
}: {
  label: string;
  tooMany: string;
  onChange(files: File[]): void;
  serverError?: string;
  disabled?: boolean;
  /** A smaller drop area, for the reply form. */
  compact?: boolean;
}) {
  const id = useId();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [error, setError] = useState<string>();
  // Previews are object URLs: each is released when removed, and the rest when the form goes away.
  const current = useRef(picked);
  current.current = picked;
  useEffect(() => () => current.current.forEach((item) => URL.revokeObjectURL(item.url)), []);

  const update = (next: Picked[]) => {
    setPicked(next);
    onChange(next.map((item) => item.file));
  };
  const add = (files: File[]) => {
    const refused = files.map(refusal).filter((message): message is string => message !== undefined);
    const fine = files.filter((file) => refusal(file) === undefined);
    if (picked.length + fine.length > IMAGES_MAX) {
      setError(tooMany);
      return;
    }
    setError(refused.length > 0 ? refused.join(' ') : undefined);
    if (fine.length > 0) update([...picked, ...fine.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  };
  const remove = (item: Picked) => {
    URL.revokeObjectURL(item.url);
    setError(undefined);
    update(picked.filter((other) => other !== item));
  };
  const shownError = error ?? serverError;
  const full = picked.length >= IMAGES_MAX;

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-ink-2">
        {label} <span className="font-normal text-muted">(optional)</span>
      </span>
      <label
        className={cn(
          'flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-line-strong bg-bg/40 px-4 text-center text-sm transition hover:border-accent hover:bg-accent/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
          compact ? 'flex-wrap py-3' : 'flex-col py-5',
          (full || disabled) && 'pointer-events-none opacity-50',
        )}
      >
        <ImagePlus className={cn('text-accent', compact ? 'size-5' : 'size-6')} aria-hidden />
        <span className="font-semibold text-ink">{full ? 'Five images chosen' : 'Choose images'}</span>
        <span className="text-xs text-muted">
          PNG, JPG, WebP or GIF · up to {IMAGES_MAX} images, 5 MB each · {picked.length}/{IMAGES_MAX}
        </span>
        <input
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={shownError ? `${id}-error` : undefined}
          disabled={full || disabled}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared so choosing the same file again (after removing it) still fires a change.
            event.target.value = '';
            add(files);
          }}
        />
      </label>
      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-300" data-testid="image-error">
          {shownError}
        </p>
      )}
      {picked.length > 0 && (
        <ul className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen images">
          {picked.map((item) => (
            <li key={item.url} className="relative aspect-square overflow-hidden rounded-lg border border-line bg-surface-3" data-testid="image-preview">
              <img src={item.url} alt={item.file.name} className="size-full object-cover" />
              <button
                type="button"
                onClick={() => remove(item)}
                disabled={disabled}
                className="absolute top-1 right-1 rounded-full bg-black/70 p-1 text-ink backdrop-blur hover:bg-danger focus-visible:outline-2 focus-visible:outline-accent"
                aria-label={`Remove ${item.file.name}`}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

