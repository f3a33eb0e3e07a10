import type { RaffleEntry, RaffleUserStats, RaffleWinner } from '@common/contracts/raffles';
import { displayName } from '@common/display-name';
import { formatDate, formatPoints } from '@common/format';
import { RAFFLE_ENTRY_TYPES } from '@common/raffles';
import { BarChart3, ListChecks, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { UserHoverCard } from '@web/components/member/UserHoverCard';
import { Avatar } from '@web/components/ui/avatar';
import { Section } from '@web/components/ui/section';
import { ENTRY_TYPE_LABELS, entriesCount } from './raffle-display';

/** A member's name, linked to their profile, with the hover card (spec 1 §2). */
export function MemberName({ member, className }: { member: { username: string; kick_username: string | null }; className?: string }) {
  return (
    <UserHoverCard username={member.username}>
      <Link to={`/profile/${encodeURIComponent(member.username)}`} className={`truncate font-semibold text-ink hover:text-accent ${className ?? ''}`}>
        {displayName(member)}
      </Link>
    </UserHoverCard>
  );
}

/** Spec 2 §3 winners: avatar, name, the entry that won and when it was drawn. */
export function Winners({ winners }: { winners: RaffleWinner[] }) {
  return (
    <Section title={winners.length === 1 ? 'Winner' : 'Winners'} icon={<Trophy className="size-5 text-gold" aria-hidden />} testId="raffle-winners">
      <ul className="grid gap-3 sm:grid-cols-2">
        {winners.map((winner) => (
          <li key={winner.user_id} className="flex items-center gap-3 rounded-lg border border-gold/30 bg-gold/5 p-3" data-testid="raffle-winner">
            <Avatar src={winner.avatar_url} name={displayName(winner)} size="md" className="ring-gold/60" />
            <div className="min-w-0">
              <MemberName member={winner} className="block" />
              <p className="text-xs text-muted">
                {ENTRY_TYPE_LABELS[winner.entry_type]} entry · drawn {formatDate(winner.selected_at)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Spec 2 §3 user_stats: win chance, entries, points spent and the breakdown by entry type. */
export function OwnStats({ stats, acceptingEntries }: { stats: RaffleUserStats; acceptingEntries: boolean }) {
  const figures: [string, string][] = [
    ['Entries', formatPoints(stats.total_entries)],
    ['Points spent', formatPoints(stats.points_spent_total)],
  ];
  return (
    <Section title="Your Statistics" icon={<BarChart3 className="size-5 text-accent" aria-hidden />} testId="own-stats">
      <div className="rounded-lg border border-line bg-bg/40 p-4 text-center">
        <p className="text-xs font-semibold tracking-wider text-muted uppercase">Win chance</p>
        <p className="text-gradient text-4xl font-black tabular-nums" data-testid="win-chance">
          {stats.win_percentage.toFixed(2)}%
        </p>
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-surface-3" aria-hidden>
          <div className="h-full rounded-full bg-accent-gradient" style={{ width: `${Math.min(100, stats.win_percentage)}%` }} />
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-surface-2/60 px-3 py-2" data-testid={`own-${label.toLowerCase().replace(' ', '-')}`}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-bold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-3 flex flex-wrap gap-2 text-xs text-ink-2" aria-label="Entries by type" data-testid="own-breakdown">
        {RAFFLE_ENTRY_TYPES.map((type) => (
          <li key={type} className="rounded-md border border-line bg-surface-2 px-2 py-1 tabular-nums">
            {ENTRY_TYPE_LABELS[type]}: <span className="font-semibold text-ink">{formatPoints(stats.entry_breakdown[type])}</span>
          </li>
        ))}
      </ul>
      {stats.total_entries === 0 && <p className="mt-3 text-sm text-muted">{acceptingEntries ? 'Enter the raffle for a chance to win.' : 'You did not enter this raffle.'}</p>}
    </Section>
  );
}

/** The member's own entries, newest first. */
export function OwnEntries({ entries }: { entries: RaffleEntry[] }) {
  return (
    <Section title="Your Entries" icon={<ListChecks className="size-5 text-accent" aria-hidden />} aside={<span className="text-sm text-muted tabular-nums">{entriesCount(entries.length)}</span>} testId="own-entries">
      {entries.length === 0 ? (
        <p className="text-sm text-muted">You have not entered this raffle yet.</p>
      ) : (
        <ul className="max-h-72 divide-y divide-line/70 overflow-y-auto rounded-lg border border-line bg-bg/40" tabIndex={0} aria-label="Your entries">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm" data-testid="own-entry">
              <span className="text-ink">
                {ENTRY_TYPE_LABELS[entry.entry_type]} <span className="text-xs text-muted">#{entry.id}</span>
              </span>
              <span className="text-right text-xs text-muted tabular-nums">
                {entry.points_spent > 0 && <span className="mr-2 font-semibold text-gold">{formatPoints(entry.points_spent)} pts</span>}
                {entry.created_at_human}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
