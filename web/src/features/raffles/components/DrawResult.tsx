import type { RafflePick } from '@common/contracts/raffles';
import { displayName } from '@common/display-name';
import type { DrawVerdict } from '@common/raffle-draw';
import { CheckCircle2, Repeat, ShieldCheck, ShieldX, XCircle } from 'lucide-react';
import { cn } from '@web/components/ui/cn';

type Member = { username: string; kick_username: string | null };

const CHECKS: [keyof Pick<DrawVerdict, 'seedMatches' | 'entriesMatch' | 'picksMatch'>, string, string][] = [
  ['seedMatches', 'Seed matches commitment', 'SHA-256 of the revealed seed is the hash published when the raffle opened.'],
  ['entriesMatch', 'Entry list matches hash', 'SHA-256 of the public entry list is the hash published when entries closed.'],
  ['picksMatch', 'Winners recomputed match', 'Rerunning the draw from the seed and the entry list gives the same picks, in the same order.'],
];

/** The three checks and the verdict, as the browser computed them. */
export function DrawVerdictView({ verdict }: { verdict: DrawVerdict }) {
  return (
    <div className="space-y-3" data-testid="draw-verdict">
      <div
        role="status"
        className={cn(
          'flex items-start gap-3 rounded-lg border p-4',
          verdict.verified ? 'border-success/40 bg-success/10 text-emerald-200' : 'border-danger/50 bg-danger/10 text-red-200',
        )}
      >
        {verdict.verified ? <ShieldCheck className="size-6 shrink-0" aria-hidden /> : <ShieldX className="size-6 shrink-0" aria-hidden />}
        <div>
          <p className="font-bold" data-testid="verdict-title">
            {verdict.verified ? 'Draw verified' : 'Draw not verified'}
          </p>
          <p className="text-sm opacity-90">
            {verdict.verified
              ? 'Your browser recomputed the winners from the published data: they are exactly the ones fixed before anyone could know them.'
              : 'The published data does not reproduce these winners. See which check failed below.'}
          </p>
        </div>
      </div>
      <ul className="space-y-2">
        {CHECKS.map(([key, label, detail]) => (
          <li key={key} className="flex items-start gap-2.5 text-sm" data-testid="draw-check" data-passed={verdict[key]}>
            {verdict[key] ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label="Passed" /> : <XCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-label="Failed" />}
            <span>
              <span className="font-semibold text-ink">{label}</span>
              <span className="block text-xs text-muted">{detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The recomputed picks in draw order beside what was published: a replaced pick is struck through with the reason
 * staff gave, and picks past the number of winners are the redraws that replaced them.
 */
export function RecomputedPicks({ verdict, published, winnersCount, members }: {
  verdict: DrawVerdict;
  published: RafflePick[];
  winnersCount: number;
  members: Map<number, Member>;
}) {
  return (
    <ol className="space-y-2" aria-label="Recomputed picks" data-testid="recomputed-picks">
      {verdict.picks.map((pick, index) => {
        const shown = published[index];
        const matches = shown !== undefined && shown.entry_id === pick.entry_id && shown.user.id === pick.user_id;
        const member = members.get(pick.user_id);
        const replaced = shown?.replaced_at !== null && shown?.replaced_at !== undefined;
        return (
          <li key={index} className="flex items-start gap-3 rounded-lg border border-line bg-bg/40 px-3 py-2.5 text-sm" data-testid="recomputed-pick">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-bold text-ink-2 tabular-nums">{index + 1}</span>
            <div className="min-w-0 flex-1">
              <p className={cn('break-words', replaced ? 'text-muted line-through' : 'font-semibold text-ink')}>
                {member ? displayName(member) : `Member #${pick.user_id}`} <span className="text-xs font-normal text-muted">entry #{pick.entry_id}</span>
              </p>
              {replaced && <p className="text-xs text-amber-200">Replaced: {shown.replace_reason}</p>}
              {index >= winnersCount && (
                <p className="inline-flex items-center gap-1 text-xs text-info">
                  <Repeat className="size-3" aria-hidden /> Redraw
                </p>
              )}
            </div>
            {matches ? <CheckCircle2 className="size-4 shrink-0 text-success" aria-label="Matches the published pick" /> : <XCircle className="size-4 shrink-0 text-danger" aria-label="Differs from the published pick" />}
          </li>
        );
      })}
    </ol>
  );
}
