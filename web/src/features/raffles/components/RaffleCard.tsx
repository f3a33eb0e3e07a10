import type { Raffle } from '@common/contracts/raffles';
import { displayName } from '@common/display-name';
import { formatUsd } from '@common/format';
import { Trophy, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { EntryTypeChips, RaffleImage, RaffleTiming, StatusBadge, entriesCount } from './raffle-display';

/** Winners on a card: the first three by name, then how many more. */
function CardWinners({ raffle }: { raffle: Raffle }) {
  const names = raffle.winners.map((winner) => displayName(winner));
  const shown = names.slice(0, 3).join(', ');
  return (
    <div className="flex items-center gap-2 rounded-lg border border-gold/30 bg-gold/5 px-3 py-2" data-testid="card-winners">
      <Trophy className="size-4 shrink-0 text-gold" aria-hidden />
      <div className="flex -space-x-2">
        {raffle.winners.slice(0, 3).map((winner) => (
          <Avatar key={winner.user_id} src={winner.avatar_url} name={displayName(winner)} size="xs" className="ring-2 ring-surface" />
        ))}
      </div>
      <p className="min-w-0 truncate text-xs text-ink-2">
        <span className="sr-only">{raffle.winners.length === 1 ? 'Winner: ' : 'Winners: '}</span>
        {shown}
        {names.length > 3 && ` +${names.length - 3} more`}
      </p>
    </div>
  );
}

/** Spec 2 /raffles: one raffle of the list, the whole card a link to its page. */
export function RaffleCard({ raffle, now }: { raffle: Raffle; now: Date }) {
  return (
    <Card className="relative flex flex-col overflow-hidden has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent" data-testid="raffle-card">
      <div className="relative">
        <RaffleImage raffle={raffle} className="aspect-[16/9] w-full" />
        <StatusBadge raffle={raffle} onImage className="absolute top-3 left-3" />
        {raffle.prize_value !== null && (
          <span className="absolute top-3 right-3 rounded-full bg-black/65 px-2.5 py-0.5 text-xs font-bold text-gold tabular-nums backdrop-blur" data-testid="card-prize">
            {formatUsd(raffle.prize_value)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-2 font-semibold break-words text-ink">
          {/* The link covers the card (one tab stop, the title as its name). */}
          <Link to={`/raffles/${raffle.id}`} className="after:absolute after:inset-0 after:rounded-xl hover:text-accent focus-visible:outline-none">
            {raffle.title}
          </Link>
        </h3>
        <EntryTypeChips raffle={raffle} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted">
          <RaffleTiming raffle={raffle} now={now} />
          <span className="inline-flex items-center gap-1.5 tabular-nums" data-testid="card-entries">
            <Users className="size-4" aria-hidden /> {entriesCount(raffle.total_entries)}
          </span>
        </div>
        {raffle.winner_announced && raffle.winners.length > 0 && <CardWinners raffle={raffle} />}
      </div>
    </Card>
  );
}
