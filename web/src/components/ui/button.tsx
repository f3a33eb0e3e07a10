import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export const buttonClasses = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition select-none',
    'disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
    size === 'sm' && 'h-8 px-3 text-sm',
    size === 'md' && 'h-10 px-4 text-sm',
    size === 'lg' && 'h-12 px-6 text-base',
    variant === 'primary' &&
      'bg-accent-gradient text-white shadow-[0_0_0_1px_rgb(168_85_247/0.4),0_8px_24px_-8px_rgb(168_85_247/0.6)] hover:brightness-110',
    variant === 'secondary' && 'border border-line bg-surface-2 text-ink hover:border-line-strong hover:bg-surface-3',
    variant === 'danger' && 'bg-danger/90 text-white hover:bg-danger',
    variant === 'ghost' && 'text-ink-2 hover:bg-surface-2 hover:text-ink',
    className,
  );

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and busyLabel, and blocks a second click while true. */
  busy?: boolean;
  busyLabel?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, busy = false, busyLabel, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClasses(variant, size, className)}
      {...rest}
    >
      {busy && <Spinner label="Working" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
});
