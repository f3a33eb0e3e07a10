import { levelOf, XP_PER_LEVEL } from '@common/levels';
import { formatPoints } from '@common/format';
import { cn } from '../ui/cn';

/** Level and the progress towards the next one (common/levels.ts: 1000 XP per level). */
export function LevelBar({ xp, className }: { xp: number; className?: string }) {
  const { level, progress, percent } = levelOf(xp);
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between text-xs">
        <span className="font-semibold text-ink">Level {level}</span>
        <span className="text-muted tabular-nums">
          {formatPoints(progress)} / {formatPoints(XP_PER_LEVEL)} XP
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Level ${level} progress`}
        aria-valuemin={0}
        aria-valuemax={XP_PER_LEVEL}
        aria-valuenow={progress}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-surface-3"
      >
        <div className={cn('h-full rounded-full bg-accent-gradient transition-[width] duration-500')} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
