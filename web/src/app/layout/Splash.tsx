import { useEffect, useLayoutEffect, useState } from 'react';
import { BOOT_SPLASH_ID, letterDelayMs, SPLASH_CLASSES, SPLASH_STEP_MS, splashLetters, splashProgressAfter } from '@common/splash';
import { splashShownAt } from '@web/lib/splash-clock';

const elapsed = () => performance.now() - splashShownAt;

/**
 * Spec 2 §2/§9: the word animates in over about 1.5 s while progress rises 1 per 15 ms up to 100. The page's HTML
 * painted the splash before this code arrived (server/platform/boot-splash.ts); this one replaces it before the next
 * paint and carries on from where it was: progress follows the clock since the splash first showed, and each
 * letter's animation resumes mid-way. `onDone` fires once 100 has been shown.
 */
export function Splash({ word, onDone }: { word: string; onDone(): void }) {
  const [progress, setProgress] = useState(() => splashProgressAfter(elapsed()));
  const [shownFor] = useState(elapsed);

  useLayoutEffect(() => document.getElementById(BOOT_SPLASH_ID)?.remove(), []);

  useEffect(() => {
    const timer = setInterval(() => {
      const value = splashProgressAfter(elapsed());
      setProgress(value);
      if (value === 100) clearInterval(timer);
    }, SPLASH_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (progress === 100) onDone();
  }, [progress, onDone]);

  const letters = splashLetters(word);
  return (
    <div data-testid="splash" role="progressbar" aria-label="Loading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className={SPLASH_CLASSES.root}>
      <div className={SPLASH_CLASSES.glow} />
      <p className={SPLASH_CLASSES.word} aria-hidden>
        {letters.map((letter, index) => (
          <span key={index} className={SPLASH_CLASSES.letter} style={{ animationDelay: `${Math.round(letterDelayMs(index, letters.length) - shownFor)}ms` }}>
            {letter}
          </span>
        ))}
      </p>
      <div className={SPLASH_CLASSES.track}>
        <div className={SPLASH_CLASSES.bar} style={{ width: `${progress}%` }} />
      </div>
      <p className={SPLASH_CLASSES.count}>{progress}%</p>
    </div>
  );
}
