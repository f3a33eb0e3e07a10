import type { Tournament } from '@common/contracts/tournaments';
import { countOf } from '@common/format';
import { Swords, Trophy, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@web/components/ui/card';
import { MemberChip, StatusBadges } from './tournament-display';

function Progress({ percent }: { percent: number }) {
  return (
    <div data-testid="card-progress">
      <div className="mb-1.5 flex items-baseline justify-between text-xs">
        <span className="font-semibold text-muted">Progress</span>
        <span className="font-bold text-ink tabular-nums">{percent}%</span>
      </div>
      <div role="progressbar" aria-label="Matches decided" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-surface-3">
        <div className="h-full rounded-full bg-accent-gradient" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Spec 2 /tournaments: one tournament of the list, the whole card a link to its page. */
export function TournamentCard({ tournament }: { tournament: Tournament }) {
  return (
    <Card className="relative flex flex-col gap-4 overflow-hidden p-5 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent" data-testid="tournament-card">
      <div className="pointer-events-none absolute -top-16 -right-16 size-44 rounded-full bg-accent/10 blur-2xl" aria-hidden />
      <div className="relative flex items-start justify-between gap-3">
        <StatusBadges tournament={tournament} />
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-ink-2" data-testid="card-size">
          <Swords className="size-3.5 text-accent" aria-hidden /> {tournament.size} slots
        </span>
      </div>
      <div className="relative min-w-0">
        <h3 className="line-clamp-2 text-lg font-bold break-words text-ink">
          {/* The link covers the card (one tab stop, the name as its name). */}
          <Link to={`/tournaments/${tournament.id}`} className="after:absolute after:inset-0 after:rounded-xl hover:text-accent focus-visible:outline-none">
            {tournament.name}
          </Link>
        </h3>
        {tournament.description && <p className="mt-1 line-clamp-2 text-sm break-words text-muted">{tournament.description}</p>}
      </div>
      {/* The winner under the name, so every card's progress and count stay on one line across the grid. */}
        {tournament.winner_name && (
          <div className="flex items-center gap-2 rounded-lg border border-gold/30 bg-gold/5 px-3 py-2 text-sm" data-testid="card-winner">
            <Trophy className="size-4 shrink-0 text-gold" aria-hidden />
            <span className="sr-only">Winner: </span>
            <span className="min-w-0 truncate font-semibold text-ink">{tournament.winner_name}</span>
            {tournament.winner_user && <MemberChip member={tournament.winner_user} className="ml-auto max-w-[50%] text-xs text-ink-2" />}
          </div>
        )}
      <div className="mt-auto space-y-4">
        <Progress percent={tournament.progress} />
        <p className="flex items-center gap-1.5 text-sm text-ink-2 tabular-nums" data-testid="card-predictions">
          <Users className="size-4 text-muted" aria-hidden /> {countOf(tournament.predictions_count, 'prediction')}
        </p>
      </div>
    </Card>
  );
}
