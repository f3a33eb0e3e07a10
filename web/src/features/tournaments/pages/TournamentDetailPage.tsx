import type { TournamentDetail } from '@common/contracts/tournaments';
import { roundsOfMatches } from '@common/tournaments';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MessagePage } from '@web/app/pages/MessagePage';
import { Spinner } from '@web/components/ui/spinner';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { ApiError } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useSearchChoice } from '@web/lib/use-search-choice';
import { useToast } from '@web/lib/toast';
import { useTournament } from '../api/tournaments';
import { Bracket } from '../components/Bracket';
import { PredictionsTab } from '../components/PredictionsTab';
import { PredictTab, savedPicks } from '../components/PredictTab';
import { TournamentHeader } from '../components/TournamentHeader';

const TABS = [
  { value: 'bracket', label: 'Bracket' },
  { value: 'predict', label: 'Predict' },
  { value: 'predictions', label: 'Predictions' },
];
const TAB_VALUES = TABS.map((tab) => tab.value);

function Tournament({ detail }: { detail: TournamentDetail }) {
  const { tournament } = detail;
  const [tab, chooseTab] = useSearchChoice('tab', TAB_VALUES);
  const rounds = useMemo(() => roundsOfMatches(tournament.matches), [tournament.matches]);
  const ownPicks = useMemo(() => savedPicks(detail), [detail]);
  return (
    <>
      <TournamentHeader tournament={tournament} />
      <Tabs value={tab} onValueChange={chooseTab} items={TABS} label="Tournament sections">
        <TabPanel value="bracket">
          <Bracket size={tournament.size} rounds={rounds} label="Tournament bracket" ownPicks={ownPicks} />
        </TabPanel>
        <TabPanel value="predict">
          <PredictTab detail={detail} />
        </TabPanel>
        <TabPanel value="predictions">
          <PredictionsTab detail={detail} />
        </TabPanel>
      </Tabs>
    </>
  );
}

const parseId = (text: string | undefined) => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

/** Spec 2 /tournaments/{tournamentId}: the header, four stat tiles and the Bracket, Predict and Predictions tabs. */
export default function TournamentDetailPage() {
  const id = parseId(useParams().tournamentId);
  const toast = useToast();
  const navigate = useNavigate();
  const tournament = useTournament(id ?? 0, id !== null);
  const notFound = id === null || (tournament.error instanceof ApiError && tournament.error.status === 404);
  const failed = tournament.isError && !notFound && !tournament.data;
  usePageTitle(notFound ? 'Tournament Not Found' : (tournament.data?.tournament.name ?? 'Tournament'));
  // Spec 2 §8: a failed load says so and goes back to the list.
  useEffect(() => {
    if (!failed) return;
    toast.error('Failed to load tournament');
    void navigate('/tournaments', { replace: true });
  }, [failed, toast, navigate]);

  if (notFound) {
    return (
      <MessagePage icon={SearchX} title="Tournament Not Found" back={{ to: '/tournaments', label: 'Back to Tournaments' }}>
        The tournament you're looking for doesn't exist.
      </MessagePage>
    );
  }
  return (
    <>
      <Link to="/tournaments" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-ink-2 hover:text-accent">
        <ArrowLeft className="size-4" aria-hidden /> Back to Tournaments
      </Link>
      {tournament.data ? (
        <Tournament detail={tournament.data} />
      ) : (
        <div className="flex justify-center py-24">
          <Spinner className="size-10 text-accent" label="Loading tournament" />
        </div>
      )}
    </>
  );
}
