import type { AdminRaffle } from '@common/contracts/raffles-admin';
import type { RafflePick } from '@common/contracts/raffles';
import { displayName } from '@common/display-name';
import { RAFFLE_ENTRANT_MESSAGE } from '@common/raffles';
import { Repeat, Trophy } from 'lucide-react';
import { useState } from 'react';
import { OwnRecordNote } from '@web/components/admin/OwnRecordNote';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { TextArea } from '@web/components/ui/field';
import { FormModal } from '@web/components/ui/form-modal';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useRedraw } from '../api/admin-raffles';
import { Section } from '@web/components/ui/section';
import { formatWhen } from './raffle-status';

/** Asks why a pick is replaced (the reason is public once the winners are) and replaces it by the next pick of the draw. */
function RedrawDialog({ raffle, pick, onClose }: { raffle: AdminRaffle; pick: RafflePick; onClose(): void }) {
  const [reason, setReason] = useState('');
  const redraw = useRedraw(raffle.id);
  const toast = useToast();
  const name = displayName(pick.user);
  const fieldError = redraw.error instanceof ApiError ? (redraw.error.field('reason') ?? redraw.error.field('position')) : undefined;

  return (
    <FormModal
      title={`Redraw pick ${pick.position} (${name})?`}
      submitLabel="Redraw"
      busy={redraw.isPending}
      onClose={onClose}
      onSubmit={() =>
        redraw.mutate(
          { position: pick.position, reason },
          {
            onSuccess: (answer) => {
              toast.success(answer.message);
              onClose();
            },
            onError: (error) => {
              if (!(error instanceof ApiError && error.errors)) toast.error(errorMessage(error, 'The winner was not redrawn.'));
            },
          },
        )
      }
    >
      <p className="text-sm text-ink-2">
        {name} is replaced by the next pick of the same draw. This pick stays listed, struck through, with your reason
        {raffle.announced_at ? ': the winners are public, so everyone sees it, and the new winner is notified.' : ', which everyone sees once you announce.'}
      </p>
      <TextArea label="Reason" rows={2} maxLength={200} placeholder="Did not claim the prize within 48 hours" value={reason} onChange={(event) => setReason(event.target.value)} error={fieldError} />
    </FormModal>
  );
}

function PickRow({ pick, winnersCount, onRedraw }: { pick: RafflePick; winnersCount: number; onRedraw?(): void }) {
  const replaced = pick.replaced_at !== null;
  const name = displayName(pick.user);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-bg/40 px-3 py-2.5 text-sm" data-testid="raffle-pick" data-replaced={replaced}>
      <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums', replaced ? 'bg-surface-3 text-muted' : 'bg-gold/15 text-gold')}>
        {pick.position}
      </span>
      <Avatar src={pick.user.avatar_url} name={name} size="sm" className={cn(replaced && 'opacity-50')} />
      <div className="min-w-0 flex-1">
        <p className={cn('truncate', replaced ? 'text-muted line-through' : 'font-semibold text-ink')}>
          {name} {replaced && <span className="sr-only">(replaced)</span>}
        </p>
        <p className="text-xs text-muted">
          Entry #{pick.entry_id} · drawn {formatWhen(pick.selected_at)}
          {pick.position > winnersCount && (
            <span className="ml-1.5 inline-flex items-center gap-1 text-info">
              <Repeat className="size-3" aria-hidden /> Replacement
            </span>
          )}
        </p>
        {replaced && <p className="text-xs text-amber-200">Replaced: {pick.replace_reason}</p>}
      </div>
      {onRedraw && (
        <Button size="sm" variant="secondary" onClick={onRedraw} aria-label={`Redraw pick ${pick.position} (${name})`}>
          <Repeat className="size-4" aria-hidden /> <span className="hidden sm:inline">Redraw</span>
        </Button>
      )}
    </li>
  );
}

/**
 * The draw's picks in order: current winners can be redrawn, replaced ones stay listed with their reason. Staff who
 * `entered` the raffle get a note instead of the redraw buttons once entries close: someone else draws it.
 */
export function RafflePicks({ raffle, entered }: { raffle: AdminRaffle; entered: boolean }) {
  const [redrawing, setRedrawing] = useState<RafflePick | null>(null);
  const current = raffle.picks.filter((pick) => pick.replaced_at === null).length;
  return (
    <Section
      title="Winners"
      icon={<Trophy className="size-5 text-gold" aria-hidden />}
      aside={raffle.drawn_at && <span className="text-sm text-muted tabular-nums">{current} of {raffle.winners_count}</span>}
      testId="admin-raffle-picks"
    >
      {raffle.picks.length === 0 ? (
        <p className="text-sm text-muted">
          {raffle.drawn_at ? 'Nobody was drawn.' : `Not drawn yet. ${raffle.winners_count === 1 ? 'One winner is' : `${raffle.winners_count} winners are`} drawn from the entries once they close.`}
        </p>
      ) : (
        <ol className="space-y-2" aria-label="Picks in draw order">
          {raffle.picks.map((pick) => (
            <PickRow key={pick.position} pick={pick} winnersCount={raffle.winners_count} onRedraw={pick.replaced_at === null && !entered ? () => setRedrawing(pick) : undefined} />
          ))}
        </ol>
      )}
      {raffle.picks.length > 0 && !raffle.announced_at && <p className="mt-3 text-xs text-muted">Only staff see these picks until the winners are announced.</p>}
      {entered && raffle.status !== 'upcoming' && raffle.status !== 'open' && (
        <div className="mt-3">
          <OwnRecordNote>{RAFFLE_ENTRANT_MESSAGE}</OwnRecordNote>
        </div>
      )}
      {redrawing && <RedrawDialog raffle={raffle} pick={redrawing} onClose={() => setRedrawing(null)} />}
    </Section>
  );
}
