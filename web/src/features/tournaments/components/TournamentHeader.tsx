import type { Tournament } from '@common/contracts/tournaments';
import { formatDate, formatPoints } from '@common/format';
import { Activity, CalendarDays, Swords, Trophy, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { MemberChip, StatusBadges } from './tournament-display';

function Tile({ icon: Icon, label, children, testId, valueClassName }: { icon: LucideIcon; label: string; children: ReactNode; testId: string; valueClassName?: string }) {
  return (
    <Card className="flex items-center gap-3 p-4" data-testid={testId}>
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent sm:flex">
        <Icon className="size-5" aria-hidden />
      </span>
      <dl className="min-w-0">
        <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
        <dd className={cn('truncate text-xl font-black text-ink tabular-nums sm:text-2xl', valueClassName)}>{children}</dd>
      </dl>
    </Card>
  );
}

/** The final's winner, with the member who played it. */
function WinnerBanner({ tournament }: { tournament: Tournament }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-gold/40 bg-gold/10 px-4 py-3" data-testid="tournament-winner">
      <Trophy className="size-6 shrink-0 text-gold" aria-hidden />
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wider text-yellow-200 uppercase">Winner</p>
        <p className="truncate text-lg font-bold text-ink">{tournament.winner_name}</p>
      </div>
      {tournament.winner_user && <MemberChip member={tournament.winner_user} link size="sm" className="text-sm sm:ml-auto" />}
    </div>
  );
}

/** Spec 2 /tournaments/{id}: the name, '{size} slot tournament with {matches_count} matches', and the four stat tiles. */
export function TournamentHeader({ tournament }: { tournament: Tournament }) {
  return (
    <div className="mb-6 space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">{tournament.name}</h1>
          <p className="mt-2 text-ink-2" data-testid="tournament-subtitle">
            {tournament.size} slot tournament with {tournament.matches_count} matches
          </p>
        </div>
        <StatusBadges tournament={tournament} className="sm:justify-end sm:pt-2" />
      </div>
      {tournament.description && <p className="max-w-3xl text-sm leading-relaxed break-words whitespace-pre-line text-ink-2">{tournament.description}</p>}
      {tournament.winner_name && <WinnerBanner tournament={tournament} />}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Tile icon={Swords} label="Matches" testId="tile-matches">
          {formatPoints(tournament.matches_count)}
        </Tile>
        <Tile icon={Users} label="Predictions" testId="tile-predictions">
          {formatPoints(tournament.predictions_count)}
        </Tile>
        <Tile icon={Activity} label="Status" testId="tile-status" valueClassName={tournament.is_active ? 'text-success' : 'text-ink-2'}>
          {tournament.is_active ? 'Active' : 'Inactive'}
        </Tile>
        <Tile icon={CalendarDays} label="Created" testId="tile-created" valueClassName="text-lg sm:text-xl">
          {formatDate(tournament.created_at)}
        </Tile>
      </div>
    </div>
  );
}
