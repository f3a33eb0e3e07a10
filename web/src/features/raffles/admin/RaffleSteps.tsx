import type { AdminRaffle } from '@common/contracts/raffles-admin';
import { countOf } from '@common/format';
import { Dices, Lock, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { type RaffleStep, useRaffleStep } from '../api/admin-raffles';

const STEPS: Record<RaffleStep, { label: string; busy: string; icon: typeof Lock; failure: string; title(raffle: AdminRaffle): string; text(raffle: AdminRaffle): string }> = {
  close: {
    label: 'Close entries',
    busy: 'Closing...',
    icon: Lock,
    failure: 'Entries were not closed.',
    title: (raffle) => `Close the entries of “${raffle.title}”?`,
    text: (raffle) =>
      `Nobody can enter after this. The list of ${countOf(raffle.total_entries, 'entry', 'entries')} is frozen and its SHA-256 hash is published, so anyone can check later that it did not change.`,
  },
  draw: {
    label: 'Draw winners',
    busy: 'Drawing...',
    icon: Dices,
    failure: 'The winners were not drawn.',
    title: (raffle) => `Draw the winners of “${raffle.title}”?`,
    text: (raffle) =>
      `${countOf(raffle.winners_count, 'winner is', 'winners are')} picked from ${countOf(raffle.total_entries, 'entry', 'entries')} by the verifiable draw${raffle.entries_hash ? '' : ', after entries close'}. Only staff see them until you announce, so you can redraw a winner who cannot take the prize.`,
  },
  announce: {
    label: 'Announce winners',
    busy: 'Announcing...',
    icon: Megaphone,
    failure: 'The winners were not announced.',
    title: () => 'Announce the winners?',
    text: () =>
      'The winners are shown on the raffle page and each of them is notified. The seed is revealed, so anyone can verify the draw. This cannot be undone; a later redraw is shown publicly with its reason.',
  },
};

/** The next step of a raffle's life staff can take, or none once the winners are out. */
export function nextStep(raffle: AdminRaffle): RaffleStep | null {
  switch (raffle.status) {
    case 'upcoming':
    case 'open':
      return 'close';
    case 'closed':
      return 'draw';
    case 'drawn':
      return 'announce';
    case 'announced':
      return null;
  }
}

/**
 * The button for the raffle's next step, asking first; toasts what the server answered. Staff who `entered` the raffle
 * may close its entries but not draw or announce it (the winners section says so).
 */
export function NextStepButton({ raffle, entered }: { raffle: AdminRaffle; entered: boolean }) {
  const step = nextStep(raffle);
  const run = useRaffleStep(raffle.id);
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  if (step === null || (entered && step !== 'close')) return null;
  const { label, busy, icon: Icon, failure, title, text } = STEPS[step];
  const nobody = step === 'draw' && raffle.total_entries === 0;

  return (
    <>
      <Button onClick={() => setAsking(true)} disabled={nobody} title={nobody ? 'Nobody has entered, so there is nobody to draw.' : undefined}>
        <Icon className="size-4" aria-hidden /> {label}
      </Button>
      <ConfirmDialog
        open={asking}
        title={title(raffle)}
        description={text(raffle)}
        confirmLabel={label}
        busyLabel={busy}
        busy={run.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          run.mutate(step, {
            onSuccess: (answer) => {
              toast.success(answer.message);
              setAsking(false);
            },
            onError: (error) => {
              toast.error(errorMessage(error, failure));
              setAsking(false);
            },
          })
        }
      />
    </>
  );
}
