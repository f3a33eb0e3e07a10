import { ArrowRight, ChevronLeft, ChevronRight, Radio } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlatformLogo } from '@web/components/leaderboard/PlatformLogo';
import { Podium } from '@web/components/leaderboard/Podium';
import { buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { CountdownBoxes, useCountdown } from '@web/components/ui/countdown';
import { useLiveLeaderboards } from '../api/live-leaderboards';

function Countdown({ end }: { end: string | null }) {
  const left = useCountdown(end);
  if (!left) return <p className="rounded-lg bg-surface-3 px-3 py-2 text-sm font-bold text-muted" data-testid="contest-ended">Contest Ended</p>;
  return <CountdownBoxes parts={left} size="sm" />;
}

/**
 * Home's Live Leaderboards (spec 1 §2): one slide per platform with its countdown and podium; arrows
 * wrap around, dots pick a platform. Shown once the data has loaded.
 */
export default function LiveLeaderboards() {
  const { data } = useLiveLeaderboards();
  const [index, setIndex] = useState(0);
  if (!data || data.platforms.length === 0) return null;
  const count = data.platforms.length;
  const current = index % count;
  const platform = data.platforms[current];
  const board = data.all_leaderboards[platform.slug];
  const go = (step: number) => setIndex((current + step + count) % count);
  const arrow = 'inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface-2 text-ink-2 transition hover:border-line-strong hover:text-ink';

  return (
    <section aria-roledescription="carousel" aria-label="Live Leaderboards" className="rounded-3xl border border-line bg-surface/60 p-5 sm:p-8" data-testid="live-leaderboards">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 className="flex items-center gap-2 text-2xl font-extrabold text-ink">
          <Radio className="size-6 text-danger" aria-hidden /> Live Leaderboards
        </h2>
        <div className="flex items-center gap-2">
          <button type="button" className={arrow} aria-label="Previous leaderboard" onClick={() => go(-1)}>
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button type="button" className={arrow} aria-label="Next leaderboard" onClick={() => go(1)}>
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </div>
      </div>
      <div key={platform.slug} className="animate-fade-in" aria-roledescription="slide" aria-label={`${platform.name} (${current + 1} of ${count})`} data-testid="carousel-slide">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <PlatformLogo platform={platform} className="size-10 rounded-lg" />
            <p className="text-xl font-bold text-ink" data-testid="carousel-platform">
              {platform.name}
            </p>
          </div>
          <Countdown end={platform.active_leaderboard?.current_period_end ?? null} />
        </div>
        {board && board.top_three.length > 0 ? (
          <Podium entries={board.top_three} style={board} />
        ) : (
          <p className="rounded-2xl border border-dashed border-line py-12 text-center text-muted">No leaderboard data available</p>
        )}
      </div>
      <div className="mt-6 flex flex-col items-center gap-5 sm:flex-row sm:justify-between">
        <div className="flex gap-0.5" role="group" aria-label="Choose a platform">
          {data.platforms.map((item, position) => (
            <button
              key={item.slug}
              type="button"
              aria-label={`Show ${item.name}`}
              aria-current={position === current ? 'true' : undefined}
              onClick={() => setIndex(position)}
              // A 24 px target around the small dot, so a thumb can hit it.
              className="group grid h-6 min-w-6 place-items-center rounded-full"
            >
              <span className={cn('h-2.5 rounded-full transition-all', position === current ? 'w-8 bg-accent' : 'w-2.5 bg-line-strong group-hover:bg-muted')} />
            </button>
          ))}
        </div>
        <Link to="/leaderboard" className={buttonClasses('primary', 'md')}>
          View All Leaderboards <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </section>
  );
}
