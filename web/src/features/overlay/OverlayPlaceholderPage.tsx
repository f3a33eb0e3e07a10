import { useEffect } from 'react';

/** The OBS overlay (no site chrome, transparent) until the bonus-hunt issue builds the live one. */
export default function OverlayPlaceholderPage() {
  useEffect(() => {
    document.documentElement.style.background = 'transparent';
    document.body.style.background = 'transparent';
  }, []);
  return (
    <div className="flex h-dvh items-center justify-center overflow-hidden">
      <div className="rounded-2xl bg-black/60 px-10 py-8 text-center">
        <p className="text-3xl font-extrabold text-white">No Active Bonus Hunt</p>
        <p className="mt-2 text-lg text-ink-2">Waiting for the next hunt to begin...</p>
      </div>
    </div>
  );
}
