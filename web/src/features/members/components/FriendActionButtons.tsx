import type { FriendshipState } from '@common/contracts/friends';
import { Check, Clock, UserMinus, UserPlus, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { FRIEND_ACTION_FAILURES, useFriendAction, type FriendAction } from '../api/friends';

/** Runs one friend action at a time and says how it went (the server's sentence, or spec 2 §8's fallback). */
export function useFriendActionWithToasts() {
  const toast = useToast();
  const action = useFriendAction({
    onSuccess: (result) => toast.success(result.message),
    onError: (error, next) => toast.error(errorMessage(error, FRIEND_ACTION_FAILURES[next.kind])),
  });
  const run = (next: FriendAction) => action.mutate(next);
  return { run, busy: action.isPending, pendingKind: action.isPending ? action.variables.kind : undefined };
}

/**
 * The actions a member can take on a friendship (spec 2 §4): Add Friend, Request Sent, Accept or
 * Decline, Remove Friend. Everything is disabled while one of them runs.
 */
export function FriendActionButtons({ userId, friendship, compact = false }: { userId: number; friendship: FriendshipState; compact?: boolean }) {
  const { run, busy, pendingKind } = useFriendActionWithToasts();
  const size = compact ? 'sm' : 'md';

  if (friendship.can_accept && friendship.id !== null) {
    const id = friendship.id;
    return (
      <>
        <Button size={size} disabled={busy} busy={pendingKind === 'accept'} onClick={() => run({ kind: 'accept', friendshipId: id })}>
          {/* In the dropdown the words alone, so the requester's name keeps its room on a phone. */}
          {!compact && <Check className="size-4" aria-hidden />} Accept
        </Button>
        <Button size={size} variant="secondary" disabled={busy} busy={pendingKind === 'decline'} onClick={() => run({ kind: 'decline', friendshipId: id })}>
          {!compact && <X className="size-4" aria-hidden />} Decline
        </Button>
      </>
    );
  }
  if (friendship.status === 'pending' && friendship.id !== null) {
    const id = friendship.id;
    return (
      <>
        <span className="inline-flex items-center gap-1 rounded-full bg-surface-3 px-2.5 py-1 text-xs font-semibold text-ink-2">
          <Clock className="size-3.5" aria-hidden /> {compact ? 'Sent' : 'Request Sent'}
        </span>
        {!compact && (
          <Button size={size} variant="ghost" disabled={busy} busy={pendingKind === 'remove'} onClick={() => run({ kind: 'remove', friendshipId: id })}>
            Cancel request
          </Button>
        )}
      </>
    );
  }
  if (friendship.status === 'accepted' && friendship.id !== null) {
    const id = friendship.id;
    return (
      <>
        <span className="inline-flex items-center gap-1 rounded-full bg-success/15 px-2.5 py-1 text-xs font-semibold text-success">
          <Check className="size-3.5" aria-hidden /> Friends
        </span>
        <Button size={size} variant="ghost" disabled={busy} busy={pendingKind === 'remove'} onClick={() => run({ kind: 'remove', friendshipId: id })} aria-label="Remove Friend">
          <UserMinus className="size-4" aria-hidden /> {!compact && 'Remove Friend'}
        </Button>
      </>
    );
  }
  return (
    <Button size={size} disabled={busy} busy={pendingKind === 'request'} busyLabel="Sending..." onClick={() => run({ kind: 'request', userId })}>
      <UserPlus className="size-4" aria-hidden /> {compact ? 'Add' : 'Add Friend'}
    </Button>
  );
}
