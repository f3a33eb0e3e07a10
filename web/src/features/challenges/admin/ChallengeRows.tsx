import type { AdminChallenge } from '@common/contracts/challenges-admin';
import { countOf, formatMultiplier, formatUsd } from '@common/format';
import { Link } from 'react-router';
import { EditDeleteButtons } from '@web/components/ui/row-actions';
import { SlotImage } from '@web/components/ui/slot-image';
import { formatWhen } from '../components/challenge-display';
import { StateBadges } from './challenge-state';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

const cell = 'md:px-4 md:py-3';

/** The claims of one challenge: the pending ones lead to the queue filtered by it, the reviewed ones to all its claims. */
function ClaimsCell({ challenge }: { challenge: AdminChallenge }) {
  const queue = `/challenge-claims?challenge=${challenge.id}`;
  if (challenge.pending_claims > 0) {
    return (
      <Link
        to={queue}
        className="relative inline-flex items-center gap-1.5 rounded-full border border-warning/50 bg-warning/10 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-200 hover:bg-warning/20"
        data-testid="admin-challenge-pending"
        aria-label={`Review ${countOf(challenge.pending_claims, 'pending claim')} for ${challenge.slot_name}`}
      >
        <span className="size-1.5 rounded-full bg-warning" aria-hidden /> {challenge.pending_claims} pending
      </Link>
    );
  }
  if (challenge.claims_count > 0) {
    return (
      <Link to={`${queue}&status=all`} className="relative text-xs whitespace-nowrap text-ink-2 hover:text-accent" aria-label={`All claims for ${challenge.slot_name}`}>
        {countOf(challenge.claims_count, 'claim')}
      </Link>
    );
  }
  return <span className="text-xs whitespace-nowrap text-muted">No claims</span>;
}

/** The challenges as a table on desktop, as stacked cards on a phone. */
export function ChallengeRows({ challenges, onEdit, onDelete }: { challenges: AdminChallenge[]; onEdit(challenge: AdminChallenge): void; onDelete(challenge: AdminChallenge): void }) {
  return (
    <table className={ADMIN_TABLE} aria-label="Challenges">
      <AdminTableHead
        columns={[
          'Challenge',
          { label: 'Prize', align: 'right' },
          'Runs',
          'State',
          'Claims',
          { label: 'Actions', screenReaderOnly: true },
        ]}
      />
      <tbody>
        {challenges.map((challenge) => (
          <tr
            key={challenge.id}
            data-testid="admin-challenge-row"
            className={`flex flex-wrap items-center gap-x-4 gap-y-2 hover:bg-surface-2/60 ${ADMIN_ROW}`}
          >
            <td className={`w-full md:w-auto ${cell}`}>
              <span className="flex min-w-0 items-center gap-3">
                <SlotImage image={challenge.slot_image} className="size-12" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-ink" data-testid="admin-challenge-slot">
                    {challenge.slot_name}
                  </span>
                  <span className="block text-xs text-muted tabular-nums">
                    <span className="font-bold text-accent">{formatMultiplier(challenge.multiplier)}</span> · min bet {formatUsd(challenge.min_bet)}
                  </span>
                </span>
              </span>
            </td>
            <td className={`font-bold text-gold tabular-nums md:text-right ${cell}`}>
              <span className="text-xs font-normal text-muted md:sr-only">Prize </span>
              {challenge.prize}
            </td>
            <td className={`w-full text-xs text-ink-2 tabular-nums md:w-auto ${cell}`}>
              <span className="block whitespace-nowrap">
                <span className="text-muted">From</span> {formatWhen(challenge.start_date)}
              </span>
              <span className="block whitespace-nowrap">
                <span className="text-muted">To</span> {formatWhen(challenge.end_date)}
              </span>
            </td>
            <td className={cell}>
              <StateBadges challenge={challenge} />
            </td>
            <td className={cell}>
              <ClaimsCell challenge={challenge} />
            </td>
            <td className={`ml-auto ${cell}`}>
              <EditDeleteButtons name={challenge.slot_name} onEdit={() => onEdit(challenge)} onDelete={() => onDelete(challenge)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
