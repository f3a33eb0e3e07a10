import { countdownParts } from '@common/leaderboards';
import { useEffect, useState } from 'react';
import { cn } from './cn';

export type CountdownParts = NonNullable<ReturnType<typeof countdownParts>>;

/** Days, hours, minutes and seconds left until `end`, re-rendered every second (spec 1 §9: tick 1000 ms); null once it has passed. */
export function useCountdown(end: string | null | undefined): CountdownParts | null {
  const [now, setNow] = useState(() => new Date());
  const parts = end ? countdownParts(end, now) : null;
  const running = parts !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [running, end]);
  return parts;
}

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Four boxes: 02 Days 14 Hours 05 Minutes 09 Seconds. */
export function CountdownBoxes({ parts, size = 'md', className }: { parts: CountdownParts; size?: 'sm' | 'md'; className?: string }) {
  return (
    <div className={cn('flex gap-2', className)} role="timer" aria-label={`${parts.days} days ${parts.hours} hours ${parts.minutes} minutes ${parts.seconds} seconds left`}>
      {UNITS.map(([key, label]) => (
        <div key={key} className={cn('flex flex-col items-center rounded-lg border border-line bg-surface-2/80', size === 'md' ? 'min-w-16 px-3 py-2' : 'min-w-12 px-2 py-1.5')}>
          <span className={cn('font-black text-ink tabular-nums', size === 'md' ? 'text-2xl' : 'text-lg')} data-unit={key}>
            {String(parts[key]).padStart(2, '0')}
          </span>
          <span className="text-[10px] font-semibold tracking-wider text-muted uppercase">{label}</span>
        </div>
      ))}
    </div>
  );
}
