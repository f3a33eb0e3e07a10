import type { AdminTournament, AdminTournamentSlot } from '@common/contracts/tournaments-admin';
import { Pencil, Rows3 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { Section } from '@web/components/ui/section';
import { SlotImage } from '@web/components/ui/slot-image';
import { MemberChip } from '../components/tournament-display';

function Seat({ seat }: { seat: AdminTournamentSlot }) {
  const empty = seat.name.trim() === '';
  return (
    <li className="flex min-h-12 items-center gap-2.5 text-sm" data-testid="admin-seat">
      <span className="w-5 text-right text-xs font-bold text-muted tabular-nums">{seat.position}</span>
      <SlotImage image={seat.image} className="size-8" />
      <span className="min-w-0 flex-1">
        <span className={cn('block truncate', empty ? 'text-muted italic' : 'font-semibold text-ink')}>{empty ? 'Not named yet' : seat.name}</span>
        {seat.user && <MemberChip member={seat.user} className="max-w-full text-xs text-ink-2" />}
      </span>
    </li>
  );
}

/** A draft's seats as the bracket will pair them in round 1, before there are matches to show. */
export function SeatsPanel({ tournament, onEdit, className }: { tournament: AdminTournament; onEdit(): void; className?: string }) {
  const named = tournament.slots.filter((seat) => seat.name.trim() !== '').length;
  const pairs = Array.from({ length: tournament.slots.length / 2 }, (_, match) => tournament.slots.slice(2 * match, 2 * match + 2));
  return (
    <Section
      title="Slots"
      icon={<Rows3 className="size-5 text-accent" aria-hidden />}
      aside={
        <span className="flex items-center gap-3">
          <span className="text-sm text-muted tabular-nums">
            {named} of {tournament.size} named
          </span>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            <Pencil className="size-3.5" aria-hidden /> Edit slots
          </Button>
        </span>
      }
      testId="admin-tournament-seats"
      className={className}
    >
      <p className="mb-4 text-sm text-ink-2">
        {named === tournament.size
          ? 'Every slot has a name: generate the bracket to make the matches and show the tournament to members.'
          : 'Name every slot, then generate the bracket. Members see nothing of this tournament until then.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {pairs.map((pair, match) => (
          <div key={match} className="rounded-lg border border-line bg-bg/40 px-3 py-2" role="group" aria-label={`Match ${match + 1}`}>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">Match {match + 1}</p>
            <ul>
              {pair.map((seat) => (
                <Seat key={seat.position} seat={seat} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
