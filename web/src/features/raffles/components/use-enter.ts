import type { RaffleEnterInput, RaffleEnterResponse } from '@common/contracts/raffles';
import { countOf, formatPoints } from '@common/format';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useCachedTotal, useEnterRaffle } from '../api/raffles';

/** Spec 2 §7: the win-chance message follows the success toast about 1.5 s later. */
export const WIN_CHANCE_DELAY_MS = 1500;

/** 'Your win chance is now 12.50% (5 of 40 entries)'. */
export const winChanceMessage = (percentage: number, own: number, total: number) =>
  `Your win chance is now ${percentage.toFixed(2)}% (${formatPoints(own)} of ${countOf(total, 'entry', 'entries')})`;

/** Spec 2 §8: the server's sentence or 'Failed to enter raffle'; no answer at all is 'An error occurred while entering raffle'. */
export const enterErrorMessage = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? errorMessage(error, 'Failed to enter raffle') : 'An error occurred while entering raffle';

interface EnterCallbacks {
  onSuccess?(result: RaffleEnterResponse): void;
  /** A refusal with per-field messages goes here instead of a toast (the form shows it). */
  onFieldErrors?(error: ApiError): boolean;
  onError?(): void;
}

/** Sends an entry and says how it went: the server's message, then, 1.5 s later, the member's new win chance. */
export function useEnter(raffleId: number) {
  const toast = useToast();
  const enter = useEnterRaffle(raffleId);
  const cachedTotal = useCachedTotal(raffleId);
  // Set together with the success toast, so the delay starts once that toast is on screen (even on a busy phone).
  const [winChance, setWinChance] = useState<{ message: string }>();
  useEffect(() => {
    if (!winChance) return;
    const timer = setTimeout(() => toast.info(winChance.message), WIN_CHANCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [winChance, toast]);

  const send = (input: RaffleEnterInput, callbacks: EnterCallbacks = {}) =>
    enter.mutate(input, {
      onSuccess: (result) => {
        toast.success(result.message);
        callbacks.onSuccess?.(result);
        const { win_percentage, total_entries } = result.user_stats;
        // The raffle has reloaded by now (the mutation waits for it): its total includes this entry.
        const total = cachedTotal() ?? (win_percentage > 0 ? Math.round((total_entries * 100) / win_percentage) : total_entries);
        setWinChance({ message: winChanceMessage(win_percentage, total_entries, Math.max(total, total_entries)) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors && callbacks.onFieldErrors?.(error)) return;
        toast.error(enterErrorMessage(error));
        callbacks.onError?.();
      },
    });

  return { send, pending: enter.isPending, pendingType: enter.isPending ? enter.variables?.entry_type : undefined };
}
