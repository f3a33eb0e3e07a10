import type { AdminSlot } from '@common/contracts/bonus-hunts-admin';
import { countOf, formatDate, formatPoints } from '@common/format';
import { Dices, GitMerge } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { DeleteDialog } from '@web/components/ui/delete-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { ListPageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { EditDeleteButtons } from '@web/components/ui/row-actions';
import { SearchInput } from '@web/components/ui/search-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { SlotImage } from '@web/components/ui/slot-image';
import { SLOTS_PER_PAGE, useAdminSlots } from '@web/lib/admin-search';
import { usePageTitle } from '@web/lib/page-title';
import { useDebounced } from '@web/lib/use-debounced';
import { useDeleteSlot } from '../api/admin-slots';
import { MergeSlotDialog } from './MergeSlotDialog';
import { SlotForm } from './SlotForm';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

/** The slot catalogue hunts are made of: search, add, edit, merge duplicates, delete what no hunt used. */
export default function SlotsPage() {
  usePageTitle('Slots · Admin');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminSlot | 'new' | null>(null);
  const [merging, setMerging] = useState<AdminSlot | null>(null);
  const [deleting, setDeleting] = useState<AdminSlot | null>(null);
  const slots = useAdminSlots({ search: useDebounced(search.trim(), 300), page });
  const remove = useDeleteSlot();

  return (
    <>
      <ListPageHeader
        title="Slots"
        subtitle={slots.data ? `${formatPoints(slots.data.total)} slots in the catalogue. Hunts add new ones as they name them.` : 'The catalogue bonus hunts pick their slots from.'}
        create={{ label: 'New slot', onClick: () => setEditing('new') }}
      />
      <SearchInput
        label="Search slots"
        className="mb-4"
        value={search}
        maxLength={120}
        placeholder="Search by name or provider..."
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <Card className="overflow-hidden">
        {slots.isError ? (
          <LoadError message="Could not load the slots." onRetry={() => void slots.refetch()} />
        ) : slots.isPending ? (
          <div className="space-y-3 p-4">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-12" />
            ))}
          </div>
        ) : slots.data.data.length === 0 ? (
          <EmptyState icon={Dices} title={search.trim() ? 'No slots found' : 'No slots yet'}>
            {search.trim() ? 'Try another name or provider.' : 'Add the first slot, or name one while adding bonuses to a hunt.'}
          </EmptyState>
        ) : (
          <table className={ADMIN_TABLE} aria-busy={slots.isFetching} aria-label="Slots">
            <AdminTableHead
              columns={[
                'Slot',
                'Provider',
                { label: 'Plays', align: 'right' },
                'Added',
                { label: 'Actions', align: 'right', screenReaderOnly: true },
              ]}
            />
            <tbody>
              {slots.data.data.map((slot) => (
                <tr key={slot.id} data-testid="slot-row" className={`flex flex-wrap items-center gap-x-4 gap-y-2 hover:bg-surface-2/60 ${ADMIN_ROW}`}>
                  <td className="w-full md:w-auto md:px-4 md:py-2.5">
                    <span className="flex min-w-0 items-center gap-3">
                      <SlotImage image={slot.image} className="size-11" />
                      <span className="min-w-0">
                        <span className="block truncate font-semibold text-ink">{slot.name}</span>
                        <span className="block truncate text-xs text-muted md:hidden">{slot.provider || 'Unknown provider'}</span>
                      </span>
                    </span>
                  </td>
                  <td className="hidden text-ink-2 md:table-cell md:px-4 md:py-2.5">{slot.provider || <span className="text-muted">Unknown</span>}</td>
                  <td className="text-ink-2 tabular-nums md:px-4 md:py-2.5 md:text-right">
                    {slot.plays} <span className="md:sr-only">{slot.plays === 1 ? 'play' : 'plays'}</span>
                  </td>
                  <td className="text-xs text-muted md:px-4 md:py-2.5 md:text-sm">{formatDate(slot.created_at)}</td>
                  <td className="ml-auto md:px-4 md:py-2.5">
                    <span className="flex justify-end gap-2">
                      <Button size="sm" variant="ghost" aria-label={`Merge ${slot.name}`} onClick={() => setMerging(slot)}>
                        <GitMerge className="size-4" aria-hidden /> Merge
                      </Button>
                      <EditDeleteButtons name={slot.name} onEdit={() => setEditing(slot)} onDelete={() => setDeleting(slot)} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {slots.data && <Pager page={page} total={slots.data.total} perPage={SLOTS_PER_PAGE} onPage={setPage} />}

      {editing !== null && <SlotForm slot={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {merging && <MergeSlotDialog slot={merging} onClose={() => setMerging(null)} />}
      <DeleteDialog
        target={deleting}
        title={(slot) => `Delete “${slot.name}”?`}
        description={(slot) =>
          slot.plays > 0
            ? `Hunts played it ${countOf(slot.plays, 'time')}, and their history names it, so it cannot be deleted. Merge it into another slot instead.`
            : 'No hunt has played it. It leaves the catalogue. This cannot be undone.'
        }
        blocked={(slot) => slot.plays > 0}
        remove={remove}
        failure="The slot was not deleted."
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
