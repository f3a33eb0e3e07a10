/**
 * The one level rule of the site (docs/decisions/009-levels.md): spec 2 §9, 1000 XP per level.
 * The hover card, the profile and every later area read levels from here.
 */
export const XP_PER_LEVEL = 1000;

export function levelOf(xp: number) {
  const safe = Math.max(0, Math.floor(xp));
  return {
    level: Math.floor(safe / XP_PER_LEVEL) + 1,
    /** XP gathered towards the next level. */
    progress: safe % XP_PER_LEVEL,
    /** The same as a 0–100 percentage, for progress bars. */
    percent: ((safe % XP_PER_LEVEL) / XP_PER_LEVEL) * 100,
  };
}

/** Spec 2 §9: the rank shown when it truly cannot be computed. */
export const UNKNOWN_RANK = 999;
