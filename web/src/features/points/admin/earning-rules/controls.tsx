import { useId, type ComponentType, type ReactNode } from 'react';
import { cn } from '@web/components/ui/cn';
import { TextField } from '@web/components/ui/field';

/** One group of rules: its title and why on the left, its fields on the right (stacked on phones). */
export function Section({ title, description, icon: Icon, children }: { title: string; description: ReactNode; icon: ComponentType<{ className?: string }>; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card-glow grid gap-5 rounded-xl border border-line bg-surface/80 p-5 sm:p-6 md:grid-cols-[15rem_1fr] md:gap-8">
      <div>
        <h2 id={id} className="flex items-center gap-2 font-bold text-ink">
          <span className="flex size-8 items-center justify-center rounded-lg border border-line bg-surface-2 text-accent">
            <Icon className="size-4" aria-hidden />
          </span>
          {title}
        </h2>
        <p className="mt-2 text-sm text-muted">{description}</p>
      </div>
      <div className="min-w-0 space-y-4">{children}</div>
    </section>
  );
}

/** An on/off switch (role switch) with its label; Space and Enter toggle it like any button. */
export function Switch({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-line bg-bg/40 px-3 py-2.5">
      <label htmlFor={id} className={cn('text-sm font-medium text-ink-2', !disabled && 'cursor-pointer')}>
        {label}
      </label>
      <span className="flex items-center gap-2">
        <span aria-hidden className={cn('text-xs font-semibold tracking-wide uppercase', checked ? 'text-success' : 'text-muted')}>
          {checked ? 'On' : 'Off'}
        </span>
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={checked}
          disabled={disabled}
          onClick={() => onChange(!checked)}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60',
            checked ? 'border-accent/60 bg-accent-gradient' : 'border-line-strong bg-surface-3',
          )}
        >
          <span className={cn('inline-block size-4 rounded-full bg-white shadow transition-transform motion-reduce:transition-none', checked ? 'translate-x-6' : 'translate-x-1')} />
        </button>
      </span>
    </div>
  );
}

interface NumberFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  step?: number;
  min?: number;
  max?: number;
}

/** A number box kept as text, so it can be empty while typing; the server checks the value. */
export function NumberField({ label, value, onChange, error, hint, step = 1, min = 0, max }: NumberFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode={step < 1 ? 'decimal' : 'numeric'}
      step={step}
      min={min}
      max={max}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      className="tabular-nums"
    />
  );
}
