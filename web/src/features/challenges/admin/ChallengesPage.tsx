import type { AdminChallenge, AdminChallengeStatus } from '@common/contracts/challenges-admin';
import { Target } from 'lucide-react';
import { useState } from 'react';
import { ListCard, ListFilters, useListState } from '@web/components/ui/admin-list';
import { DeleteDialog } from '@web/components/ui/delete-dialog';
import { ListPageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { usePageTitle } from '@web/lib/page-title';
import { useDebounced } from '@web/lib/use-debounced';
import { CHALLENGES_PER_PAGE, useAdminChallenges, useDeleteChallenge } from '../api/admin-challenges';
import { ChallengeForm } from './ChallengeForm';
import { ChallengeRows } from './ChallengeRows';
import { STATE_FILTERS } from './challenge-state';

/** Why a challenge cannot be deleted (decision 021), or null when it can. */
function deleteBlock(challenge: AdminChallenge) {
  if (challenge.claimed_at !== null) return 'It has been claimed, so it stays on record with its winner.';
  if (challenge.claims_count > 0) return 'Members have claimed it, so it stays on record with their claims. Switch it off instead (Edit → Open for claims): members then see it as Expired.';
  return null;
}

/** Every slot challenge, newest first: filter by where it stands, search by slot, create, edit and delete. */
export default function ChallengesPage() {
  usePageTitle('Challenges · Admin');
  const list = useListState<AdminChallengeStatus>('all');
  const [editing, setEditing] = useState<AdminChallenge | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminChallenge | null>(null);
  const query = useAdminChallenges({ status: list.status, search: useDebounced(list.search.trim(), 300), page: list.page });
  const remove = useDeleteChallenge();

  return (
    <>
      <ListPageHeader
        title="Challenges"
        subtitle="Set a slot, a multiplier to hit and a prize. Members claim with screenshots; review them in Challenge claims."
        create={{ label: 'New challenge', onClick: () => setEditing('new') }}
      />
      <ListFilters {...list.filters} statuses={STATE_FILTERS} searchLabel="Search challenges" placeholder="Search by slot..." />
      <ListCard
        query={query}
        failure="Could not load the challenges."
        icon={Target}
        empty={{ none: ['No challenges yet', 'Create the first slot challenge members can claim.'], filtered: ['No challenges found', 'Try another status or slot.'] }}
        filtered={list.filtered}
      >
        {(challenges) => <ChallengeRows challenges={challenges} onEdit={setEditing} onDelete={setDeleting} />}
      </ListCard>
      {query.data && <Pager page={list.page} total={query.data.total} perPage={CHALLENGES_PER_PAGE} onPage={list.setPage} />}
      {editing !== null && <ChallengeForm key={editing === 'new' ? 'new' : editing.id} challenge={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        target={deleting}
        title={(target) => `Delete the ${target.slot_name} challenge?`}
        description={(target) => deleteBlock(target) ?? 'Nobody has claimed it. It disappears from the site. This cannot be undone.'}
        blocked={(target) => deleteBlock(target) !== null}
        remove={remove}
        failure="The challenge was not deleted."
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
