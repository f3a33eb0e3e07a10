import type { AdminHunt } from '@common/contracts/bonus-hunts-admin';
import { Dices } from 'lucide-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useRemoveGame, useReorderGames } from '../api/admin-hunts';
import { GameEditRow } from './GameEditRow';
import { GameRow, gameLabel, type MoveDirection } from './GameRow';
import { AdminTableHead } from '@web/components/ui/admin-table';

/** The hunt's games in their order; a running hunt's rows can be moved (buttons or Alt+↑/↓), edited, removed and opened. */
export function GameTable({ hunt, openingIndex, onOpen }: { hunt: AdminHunt; openingIndex: number | null; onOpen(index: number): void }) {
  const running = hunt.status === 'active';
  const reorder = useReorderGames(hunt.id);
  const remove = useRemoveGame(hunt.id);
  const toast = useToast();
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  /** The row just moved and where it goes: its move button gets the focus back once it is drawn there. */
  const [moved, setMoved] = useState<{ gameId: number; direction: MoveDirection; index: number } | null>(null);
  const clearMoved = useCallback(() => setMoved(null), []);
  const removingIndex = hunt.games.findIndex((game) => game.id === removing);

  const move = (index: number, direction: MoveDirection) => {
    const target = direction === 'up' ? index - 1 : index + 1;
    const ids = hunt.games.map((game) => game.id);
    [ids[index], ids[target]] = [ids[target], ids[index]];
    setMoved({ gameId: hunt.games[index].id, direction, index: target });
    reorder.mutate(ids, {
      onError: (failure) => {
        setMoved(null);
        toast.error(errorMessage(failure, 'The order was not saved.'));
      },
    });
  };

  if (hunt.games.length === 0) {
    return (
      <EmptyState icon={Dices} title="No slots yet">
        {running ? 'Add the bonuses of this hunt with the bar above, in the order they will be opened.' : 'This hunt had no slots.'}
      </EmptyState>
    );
  }

  return (
    <>
      <table className="w-full text-left text-sm" aria-label="Slots of the hunt">
        <AdminTableHead
          dense
          columns={[
            'Slot',
            'Member',
            { label: 'Bet', align: 'right' },
            { label: 'Win', align: 'right' },
            { label: 'Multi', align: 'right' },
            'Status',
            running && { label: 'Actions', align: 'right', screenReaderOnly: true },
          ]}
        />
        <tbody>
          {hunt.games.map((game, index) =>
            editing === game.id ? (
              <GameEditRow key={game.id} huntId={hunt.id} game={game} index={index} onDone={() => setEditing(null)} />
            ) : (
              <GameRow
                key={game.id}
                game={game}
                index={index}
                count={hunt.games.length}
                current={openingIndex === index}
                focusMove={moved?.gameId === game.id && moved.index === index ? moved.direction : null}
                onFocused={clearMoved}
                actions={
                  running
                    ? { onMove: (direction) => move(index, direction), onOpen: () => onOpen(index), onEdit: () => setEditing(game.id), onRemove: () => setRemoving(game.id) }
                    : null
                }
              />
            ),
          )}
        </tbody>
      </table>
      <ConfirmDialog
        open={removingIndex !== -1}
        title={removingIndex === -1 ? '' : `Remove ${gameLabel(hunt.games[removingIndex], removingIndex)}?`}
        description="The game leaves this hunt; the slot stays in the catalogue."
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing !== null &&
          remove.mutate(removing, {
            onSuccess: () => {
              toast.success('Slot removed from the hunt.');
              setRemoving(null);
            },
            onError: (failure) => toast.error(errorMessage(failure, 'The slot was not removed.')),
          })
        }
      />
    </>
  );
}
