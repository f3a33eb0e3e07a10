import { countOf, formatDate } from '@common/format';
import { ExternalLink, Pencil, Swords, Trash2, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink, DetailFallback } from '@web/components/ui/admin-detail';
import { Button, buttonClasses } from '@web/components/ui/button';
import { DeleteDialog } from '@web/components/ui/delete-dialog';
import { PageHeader } from '@web/components/ui/page-header';
import { usePageTitle } from '@web/lib/page-title';
import { useAdminTournament, useDeleteTournament } from '../api/admin-tournaments';
import { MemberChip } from '../components/tournament-display';
import { AdminStatusBadges } from './admin-display';
import { PredictorsPanel, RewardsPanel } from './PredictorsPanel';
import { ResultsPanel } from './ResultsPanel';
import { SeatsPanel } from './SeatsPanel';
import { TournamentForm } from './TournamentForm';
import { TournamentSteps } from './TournamentSteps';

const BACK = { to: '/tournaments', label: 'All tournaments' };

/** One tournament as staff run it: its seats or its bracket's results, the next step, the predictors and the rewards. */
export default function TournamentDetailPage() {
  const id = Number(useParams().id);
  const query = useAdminTournament(id);
  const tournament = query.data;
  usePageTitle(`${tournament?.name ?? 'Tournament'} · Admin`);
  const remove = useDeleteTournament();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  if (!tournament) return <DetailFallback query={query} back={BACK} icon={Swords} notFound="Tournament Not Found" failure="Could not load the tournament." />;

  const generated = tournament.generated_at !== null;
  return (
    <>
      <BackLink {...BACK} />
      <PageHeader
        title={<span className="break-words">{tournament.name}</span>}
        subtitle={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <AdminStatusBadges tournament={tournament} />
            <span className="text-sm">
              {tournament.size} slots{generated && ` · ${countOf(tournament.matches_count, 'match', 'matches')}`} · created {formatDate(tournament.created_at)}
            </span>
          </span>
        }
        actions={
          <>
            <TournamentSteps tournament={tournament} />
            {generated && (
              <a href={`/tournaments/${tournament.id}`} target="_blank" rel="noopener" className={buttonClasses('secondary', 'md')}>
                <ExternalLink className="size-4" aria-hidden /> Public page
              </a>
            )}
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Button>
            <Button variant="ghost" aria-label="Delete tournament" onClick={() => setDialog('delete')}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </>
        }
      />
      {tournament.description && <p className="-mt-4 mb-6 max-w-3xl text-sm whitespace-pre-line text-ink-2">{tournament.description}</p>}
      {tournament.winner_name && (
        <p className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm" data-testid="admin-tournament-winner">
          <Trophy className="size-5 text-gold" aria-hidden />
          <span className="font-semibold text-yellow-200">Winner</span>
          <span className="text-base font-bold break-words text-ink">{tournament.winner_name}</span>
          {tournament.winner_user && <MemberChip member={tournament.winner_user} className="text-ink-2" />}
        </p>
      )}
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-3">
        {generated ? (
          <>
            <ResultsPanel tournament={tournament} className="lg:col-span-3" />
            <PredictorsPanel tournament={tournament} className="lg:col-span-2" />
          </>
        ) : (
          <SeatsPanel tournament={tournament} onEdit={() => setDialog('edit')} className="lg:col-span-3" />
        )}
        <RewardsPanel tournament={tournament} />
      </div>
      {dialog === 'edit' && <TournamentForm tournament={tournament} onClose={() => setDialog(null)} />}
      <DeleteDialog
        target={dialog === 'delete' ? tournament : null}
        title={(target) => `Delete “${target.name}”?`}
        description={(target) =>
          target.predictions_count > 0
            ? 'Members have predicted this tournament, so it cannot be deleted: their predictions and any rewards stay on record.'
            : target.predictions_active
              ? 'Predictions are open: close them first, so no member saves a prediction while it goes.'
              : 'Nobody has predicted it. It disappears from the site with its bracket. This cannot be undone.'
        }
        blocked={(target) => target.predictions_count > 0 || target.predictions_active}
        remove={remove}
        failure="The tournament was not deleted."
        onClose={() => setDialog(null)}
        onDeleted={() => void navigate('/tournaments')}
      />
    </>
  );
}
