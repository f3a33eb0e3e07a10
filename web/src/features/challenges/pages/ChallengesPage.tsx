import type { Challenge } from '@common/contracts/challenges';
import { CHALLENGE_TABS, CHALLENGE_TEXTS, TAB_DISPLAY, challengeDisplay, type ChallengeTab } from '@common/challenges';
import { Target } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { LoginRequiredPage } from '@web/app/pages/MessagePage';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useSearchChoice } from '@web/lib/use-search-choice';
import { useChallenges, useMyClaims } from '../api/challenges';
import { ChallengeCard } from '../components/ChallengeCard';
import { ChallengeDetails } from '../components/ChallengeDetails';
import { MyClaims } from '../components/MyClaims';

const TAB_KEYS = CHALLENGE_TABS.map((tab) => tab.key);
const TAB_ITEMS = CHALLENGE_TABS.map((tab) => ({ value: tab.key, label: tab.label }));
/** Timers cannot wait longer than about 24.8 days; a later end is caught by a later visit. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export default function ChallengesPage() {
  usePageTitle('Challenges');
  const { user } = useAuth();
  if (!user) {
    return <LoginRequiredPage title="Login Required">Please log in to take on slot challenges and claim their prizes.</LoginRequiredPage>;
  }
  return <Challenges />;
}

/** When the first running challenge ends, the list is asked again, so it moves to Expired without a reload. */
function useRefetchAtFirstEnd(list: Challenge[] | undefined, refetch: () => unknown) {
  const firstEnd = list
    ?.filter((challenge) => challengeDisplay(challenge) === 'active')
    .reduce<number | null>((first, challenge) => Math.min(first ?? Infinity, Date.parse(challenge.end_date)), null);
  useEffect(() => {
    if (firstEnd === null || firstEnd === undefined) return;
    const wait = firstEnd - Date.now() + 1000;
    if (wait > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(wait, 1000));
    return () => clearTimeout(timer);
  }, [firstEnd, refetch]);
}

function ChallengeGrid({ list, tab, onOpen }: { list: Challenge[]; tab: Exclude<ChallengeTab, 'my-claims'>; onOpen(id: number): void }) {
  const shown = list.filter((challenge) => challengeDisplay(challenge) === TAB_DISPLAY[tab]);
  if (shown.length === 0) {
    return (
      <Card>
        <EmptyState icon={Target} title="No Challenges">
          No challenges available in this category.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((challenge) => (
        <ChallengeCard key={challenge.id} challenge={challenge} onOpen={() => onOpen(challenge.id)} />
      ))}
    </div>
  );
}

function Challenges() {
  const toast = useToast();
  const [tab, chooseTab] = useSearchChoice('tab', TAB_KEYS);
  const [openId, setOpenId] = useState<number | null>(null);
  const challenges = useChallenges();
  const myClaims = useMyClaims();
  const close = useCallback(() => setOpenId(null), []);
  useRefetchAtFirstEnd(challenges.data, challenges.refetch);
  useEffect(() => {
    if (challenges.isError) toast.error(CHALLENGE_TEXTS.loadFailed);
  }, [challenges.isError, toast]);
  // Spec 1 §8: a failed My Claims load is only logged; the tab then reads as empty.
  useEffect(() => {
    if (myClaims.isError) console.error('Failed to load my claims', myClaims.error);
  }, [myClaims.isError, myClaims.error]);

  const list = challenges.data;
  const listBody = (key: Exclude<ChallengeTab, 'my-claims'>) =>
    challenges.isError && !list ? (
      <Card>
        <EmptyState icon={Target} title={CHALLENGE_TEXTS.loadFailed} action={<Button onClick={() => void challenges.refetch()}>Try Again</Button>}>
          Something went wrong while loading the challenges.
        </EmptyState>
      </Card>
    ) : !list ? (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading challenges">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} className="h-96 rounded-xl" />
        ))}
      </div>
    ) : (
      <ChallengeGrid list={list} tab={key} onOpen={setOpenId} />
    );

  return (
    <>
      <PageHeader title="Challenges" subtitle="Hit the target multiplier at the minimum bet or more, send your proof and win the prize." />
      <Tabs value={tab} onValueChange={(value) => chooseTab(value as ChallengeTab)} items={TAB_ITEMS} label="Challenge categories" fill>
        <TabPanel value="active">{listBody('active')}</TabPanel>
        <TabPanel value="completed">{listBody('completed')}</TabPanel>
        <TabPanel value="expired">{listBody('expired')}</TabPanel>
        <TabPanel value="my-claims">
          <MyClaims claims={myClaims.data ?? (myClaims.isError ? [] : undefined)} onOpen={setOpenId} />
        </TabPanel>
      </Tabs>
      <ChallengeDetails id={openId} onClose={close} />
    </>
  );
}
