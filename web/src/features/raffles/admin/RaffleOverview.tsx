import type { AdminRaffle } from '@common/contracts/raffles-admin';
import { countOf, formatPoints, formatUsd } from '@common/format';
import { ROLE_LABELS } from '@common/roles';
import { Fingerprint, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Section } from '@web/components/ui/section';
import { formatWhen } from './raffle-status';

const ways = (raffle: AdminRaffle) =>
  [
    raffle.allow_passwordless_entry && 'Free',
    raffle.allow_points_entry && `${countOf(raffle.points_per_entry, 'point')} per entry`,
    raffle.has_password_entry && 'Password',
  ]
    .filter(Boolean)
    .join(' · ');

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="-mt-2 min-w-0 text-ink sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The figures at a glance, then the raffle's rules as members meet them. */
export function RaffleFacts({ raffle, className }: { raffle: AdminRaffle; className?: string }) {
  const figures: [string, string][] = [
    ['Entries', formatPoints(raffle.total_entries)],
    ['Entrants', formatPoints(raffle.entrants_count)],
    ['Winners', formatPoints(raffle.winners_count)],
    ['Prize value', raffle.prize_value === null ? '—' : formatUsd(raffle.prize_value)],
  ];
  return (
    <Section title="Overview" icon={<Info className="size-5 text-accent" aria-hidden />} testId="admin-raffle-overview" className={className}>
      <dl className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-bg/40 px-3 py-2.5">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
            <dd className="mt-0.5 text-xl font-bold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Facts
        rows={[
          ['Ways to enter', ways(raffle)],
          ['Per member', raffle.max_entries === null ? 'No limit' : `At most ${countOf(raffle.max_entries, 'entry', 'entries')}`],
          ['Who may enter', `${raffle.required_role === 'user' ? 'Every member' : `${ROLE_LABELS[raffle.required_role]} and above`}${raffle.requires_kick ? ', with a linked Kick account' : ''}`],
          ['Starts', formatWhen(raffle.starts_at)],
          ['Ends', formatWhen(raffle.end_datetime)],
          ['Draw', raffle.auto_draw ? 'Automatic at the end (drawn, announced and notified)' : 'By staff'],
          ...(raffle.description ? ([['Description', <span className="whitespace-pre-line text-ink-2">{raffle.description}</span>]] as [string, ReactNode][]) : []),
        ]}
      />
    </Section>
  );
}

const Hash = ({ value, pending }: { value: string | null; pending: string }) =>
  value ? <code className="font-mono text-xs break-all text-ink-2">{value}</code> : <span className="text-muted">{pending}</span>;

/** What the draw is bound to before anyone knows the winners: the seed's hash, then the frozen entry list's hash. */
export function RaffleCommitments({ raffle }: { raffle: AdminRaffle }) {
  return (
    <Section title="Commitments" icon={<Fingerprint className="size-5 text-accent" aria-hidden />} testId="admin-raffle-commitments">
      <Facts
        rows={[
          ['Seed hash', <Hash value={raffle.seed_hash} pending="" />],
          ['Entries hash', <Hash value={raffle.entries_hash} pending="Published when entries close." />],
          ['Entries closed', raffle.entries_closed_at ? formatWhen(raffle.entries_closed_at) : '—'],
          ['Drawn', raffle.drawn_at ? formatWhen(raffle.drawn_at) : '—'],
          ['Announced', raffle.announced_at ? formatWhen(raffle.announced_at) : '—'],
        ]}
      />
      <p className="mt-4 text-xs text-muted">
        The seed stays secret until the winners are announced; then anyone can recompute the draw from it and the entry list on the public page.
      </p>
    </Section>
  );
}
