import { useEffect, useState } from 'react';

/** Spec 2 §2/§9: the word animates in over about 1.5 s while progress rises 1 per 15 ms up to 100. */
export const SPLASH_STEP_MS = 15;

/**
 * Progress follows the clock (1 per 15 ms since the splash appeared), not the number of timer ticks,
 * so a busy phone still reaches 100 on time; `onDone` fires once 100 has been shown.
 */
export function Splash({ word, onDone }: { word: string; onDone(): void }) {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const started = performance.now();
    const timer = setInterval(() => {
      const value = Math.min(100, Math.floor((performance.now() - started) / SPLASH_STEP_MS));
      setProgress(value);
      if (value === 100) clearInterval(timer);
    }, SPLASH_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (progress === 100) onDone();
  }, [progress, onDone]);

  const letters = [...word];
  const perLetter = 1500 / Math.max(letters.length, 1);
  return (
    <div data-testid="splash" role="progressbar" aria-label="Loading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="fixed inset-0 z-[200] flex flex-col items-center justify-center gap-8 bg-bg">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(600px_300px_at_50%_45%,rgb(168_85_247/0.22),transparent_70%)]" />
      <p className="relative text-5xl font-black tracking-tight sm:text-7xl" aria-hidden>
        {letters.map((letter, index) => (
          <span key={index} className="inline-block animate-rise pb-3 text-gradient" style={{ animationDelay: `${Math.round(index * perLetter * 0.6)}ms` }}>
            {letter === ' ' ? '\u00a0' : letter}
          </span>
        ))}
      </p>
      <div className="relative h-1.5 w-56 overflow-hidden rounded-full bg-surface-3">
        <div className="h-full rounded-full bg-accent-gradient transition-[width] duration-75" style={{ width: `${progress}%` }} />
      </div>
      <p className="relative text-xs font-medium text-muted tabular-nums">{progress}%</p>
    </div>
  );
}
