/** A clock tests move by hand, passed to the app as its `now`. */
export function manualClock(start: string) {
  let at = new Date(start);
  return {
    now: () => at,
    set: (iso: string) => {
      at = new Date(iso);
    },
    advance: (ms: number) => {
      at = new Date(at.getTime() + ms);
    },
  };
}
