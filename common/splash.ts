/**
 * Spec 2 §2/§9: the first-visit splash. The page's HTML paints and animates it (server/platform/boot-splash.ts, the
 * classes below, styles.css), and the app keeps its progress and ends it (web/src/app/layout/use-boot-splash.ts).
 */

/** Progress rises 1 per 15 ms up to 100. */
export const SPLASH_STEP_MS = 15;
/** The word animates in over about 1.5 s. */
export const SPLASH_WORD_MS = 1500;
/** The tab remembers that it has shown the splash: docs/decisions/005-splash-once-per-tab.md. */
export const SPLASH_SEEN_KEY = 'splash-seen';
/** The splash the page's HTML paints, and where it records when it showed (performance.now()). */
export const BOOT_SPLASH_ID = 'boot-splash';
export const BOOT_SPLASH_SHOWN_AT = 'data-shown-at';

export const SPLASH_CLASSES = {
  root: 'fixed inset-0 z-[200] flex flex-col items-center justify-center gap-8 bg-bg',
  glow: 'pointer-events-none absolute inset-0 bg-[radial-gradient(600px_300px_at_50%_45%,rgb(168_85_247/0.22),transparent_70%)]',
  word: 'relative text-5xl font-black tracking-tight sm:text-7xl',
  letter: 'inline-block animate-rise pb-3 text-gradient',
  track: 'relative h-1.5 w-56 overflow-hidden rounded-full bg-surface-3',
  bar: 'h-full w-full rounded-full bg-accent-gradient',
  count: 'relative text-xs font-medium text-muted tabular-nums',
} as const;

/** Each letter starts rising a little after the one before it. */
export const letterDelayMs = (index: number, letters: number) => Math.round(index * (SPLASH_WORD_MS / Math.max(letters, 1)) * 0.6);

/** The letters as shown: a space keeps its width. */
export const splashLetters = (word: string) => [...word].map((letter) => (letter === ' ' ? '\u00a0' : letter));

export const splashProgressAfter = (elapsedMs: number) => Math.max(0, Math.min(100, Math.floor(elapsedMs / SPLASH_STEP_MS)));
