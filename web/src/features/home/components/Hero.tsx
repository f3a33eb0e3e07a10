import { displayName } from '@common/display-name';
import { ArrowRight, Gem, ShoppingBag, Sparkles, Swords, Ticket, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import streamerImage from '@web/assets/streamer.svg';
import { buttonClasses } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { useSiteSettings } from '@web/lib/site-settings';

const TILES = [
  { label: 'Bonus Hunts', to: '/bonus-hunts', icon: Gem, text: 'Predict the hunt' },
  { label: 'Tournaments', to: '/tournaments', icon: Swords, text: 'Pick the bracket' },
  { label: 'Raffles', to: '/raffles', icon: Ticket, text: 'Enter giveaways' },
  { label: 'Leaderboards', to: '/leaderboard', icon: Trophy, text: 'Race for prizes' },
  { label: 'Store', to: '/store', icon: ShoppingBag, text: 'Spend your points' },
];

function DiscordLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden fill="currentColor">
      <path d="M20.32 4.37A19.8 19.8 0 0 0 15.4 2.85a13.7 13.7 0 0 0-.63 1.29 18.4 18.4 0 0 0-5.53 0 13.7 13.7 0 0 0-.64-1.29 19.7 19.7 0 0 0-4.93 1.52C.54 9.04-.32 13.58.1 18.06a19.9 19.9 0 0 0 6.04 3.05c.49-.66.92-1.36 1.29-2.1a12.9 12.9 0 0 1-2.03-.97c.17-.12.34-.25.5-.38a14.2 14.2 0 0 0 12.2 0c.16.13.33.26.5.38-.65.38-1.33.71-2.04.98.37.73.8 1.43 1.29 2.09a19.8 19.8 0 0 0 6.05-3.05c.5-5.19-.85-9.69-3.58-13.69zM8.02 15.33c-1.18 0-2.16-1.09-2.16-2.42 0-1.33.95-2.42 2.16-2.42 1.21 0 2.18 1.1 2.16 2.42 0 1.33-.96 2.42-2.16 2.42zm7.97 0c-1.18 0-2.15-1.09-2.15-2.42 0-1.33.95-2.42 2.15-2.42 1.22 0 2.18 1.1 2.16 2.42 0 1.33-.94 2.42-2.16 2.42z" />
    </svg>
  );
}

export function Hero() {
  const { user } = useAuth();
  const { site_name, creator_code } = useSiteSettings();
  return (
    <section className="relative overflow-hidden rounded-3xl border border-line bg-surface/70 p-6 sm:p-10">
      <div className="pointer-events-none absolute -top-40 -right-32 size-[28rem] rounded-full bg-accent/20 blur-3xl" />
      <div className="pointer-events-none absolute -bottom-40 -left-20 size-80 rounded-full bg-accent-hot/10 blur-3xl" />
      {/* minmax(0, …): a long display name wraps inside the card instead of widening the column past it. */}
      <div className="relative grid grid-cols-1 items-center gap-10 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="min-w-0">
          <span className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-2 px-3 py-1 text-xs font-semibold text-ink-2">
            <Sparkles className="size-3.5 text-accent-hot" aria-hidden /> Creator code <span className="font-mono text-ink">{creator_code}</span>
          </span>
          <h1 className="mt-5 text-4xl leading-[1.05] font-black tracking-tight break-words text-ink sm:text-6xl">
            {user ? (
              <>
                Welcome back, <span className="text-gradient">{displayName(user)}</span>
              </>
            ) : (
              <>
                The <span className="text-gradient">{site_name}</span> community
              </>
            )}
          </h1>
          {user ? (
            <p className="mt-4 max-w-xl text-lg text-ink-2">Pick up where you left off: predict the hunt, enter a raffle or treat yourself in the store.</p>
          ) : (
            <>
              <p className="mt-4 max-w-xl text-lg text-ink-2">
                Gain access to the best rewards with code <strong className="text-ink">{creator_code}</strong>: deposit bonuses on our partners,
                points for watching the stream, raffles, bonus-hunt predictions and a store full of prizes.
              </p>
              <a href="/login" className={buttonClasses('primary', 'lg', 'mt-8')}>
                <DiscordLogo className="size-5" /> Login with Discord
              </a>
            </>
          )}
        </div>
        <img src={streamerImage} alt={`${site_name} profile picture`} width={256} height={256} className="mx-auto size-44 drop-shadow-[0_0_40px_rgba(168,85,247,0.45)] sm:size-64" />
      </div>
      {user && (
        <nav aria-label="Quick access" className="relative mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {TILES.map(({ label, to, icon: Icon, text }) => (
            <Link key={to} to={to} className="group flex flex-col gap-3 rounded-2xl border border-line bg-surface-2/80 p-4 transition hover:-translate-y-0.5 hover:border-accent/60">
              <span className="flex size-10 items-center justify-center rounded-xl bg-accent/15 text-accent transition group-hover:bg-accent-gradient group-hover:text-white">
                <Icon className="size-5" aria-hidden />
              </span>
              <span>
                <span className="flex items-center gap-1 font-semibold text-ink">
                  {label} <ArrowRight className="size-4 opacity-0 transition group-hover:opacity-100" aria-hidden />
                </span>
                <span className="text-xs text-muted">{text}</span>
              </span>
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}
