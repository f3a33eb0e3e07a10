import { FRIEND_SEARCH_DEBOUNCE_MS, FRIENDS_SHOWN } from '@common/limits';
import { UserMinus, Users } from 'lucide-react';
import { Popover } from 'radix-ui';
import { TopBarPopoverContent } from '@web/components/ui/top-bar-popover';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { SearchInput } from '@web/components/ui/search-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { TOP_BAR_ICON_BUTTON } from '@web/components/ui/top-bar-button';
import { useTakeFocus, type IntentHandoff } from '@web/lib/load-on-intent';
import { useDebounced } from '@web/lib/use-debounced';
import { useFriends, useFriendSearch, useFriendsEnabled, usePendingCount, usePendingRequests } from '../api/friends';
import { FriendActionButtons, useFriendActionWithToasts } from './FriendActionButtons';
import { FriendRow } from './FriendRow';
import { friendsLabel, FriendsTriggerContent } from './FriendsButton';

/**
 * Spec 1 shell: up to 8 friends, pending requests with a badge (9+), and a search to add people. Loaded on the first
 * hover, focus or press of its button (FriendsButton), which it then replaces.
 */
export default function FriendsDropdown({ handoff }: { handoff: IntentHandoff }) {
  const enabled = useFriendsEnabled();
  const [open, setOpen] = useState(false);
  const trigger = useTakeFocus(handoff);
  const count = usePendingCount(enabled);
  if (!enabled) return null;
  const pending = count.data ?? 0;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={trigger} className={TOP_BAR_ICON_BUTTON} aria-label={friendsLabel(pending)}>
        <FriendsTriggerContent pending={pending} />
      </Popover.Trigger>
      <TopBarPopoverContent
        data-testid="friends-dropdown"
        className="flex max-h-[min(36rem,calc(100vh-5rem))] w-[min(23rem,calc(100vw-1.5rem))] flex-col"
      >
        <FriendsPanel close={() => setOpen(false)} />
      </TopBarPopoverContent>
    </Popover.Root>
  );
}

function FriendsPanel({ close }: { close(): void }) {
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  const searching = query.trim().length > 0;
  return (
    <>
      <div className="border-b border-line p-3">
        <SearchInput label="Search users" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Search users..." maxLength={50} inputClassName="h-10" />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {searching ? <SearchResults query={settled} typing={settled !== query.trim()} close={close} /> : <FriendsAndRequests close={close} />}
      </div>
    </>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return <p className="px-4 pt-3 pb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">{children}</p>;
}

function SearchResults({ query, typing, close }: { query: string; typing: boolean; close(): void }) {
  const search = useFriendSearch(query);
  useEffect(() => {
    if (search.isError) console.warn('Friend search failed', search.error);
  }, [search.isError, search.error]);
  if (typing || search.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Searching" />
      </div>
    );
  }
  const results = search.data ?? [];
  if (results.length === 0) return <p className="px-4 py-8 text-center text-sm text-muted">No members match “{query}”.</p>;
  return (
    <ul aria-label="Search results">
      {results.map((result) => (
        <FriendRow key={result.id} member={result} onNavigate={close} actions={<FriendActionButtons userId={result.id} friendship={result.friendship} compact />} />
      ))}
    </ul>
  );
}

function FriendsAndRequests({ close }: { close(): void }) {
  const friends = useFriends(true);
  const pending = usePendingRequests(true);
  useEffect(() => {
    if (friends.isError || pending.isError) console.warn('Could not load friends');
  }, [friends.isError, pending.isError]);

  if (friends.isPending || pending.isPending) {
    return (
      <div className="space-y-3 p-4">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-3.5 flex-1" />
          </div>
        ))}
      </div>
    );
  }
  const requests = pending.data ?? [];
  const list = friends.data ?? [];
  const shown = list.slice(0, FRIENDS_SHOWN);
  return (
    <>
      {requests.length > 0 && (
        <section aria-label="Pending requests" className="border-b border-line pb-1">
          <SectionTitle>Pending requests ({requests.length})</SectionTitle>
          <ul>
            {requests.map((request) => (
              <FriendRow
                key={request.id}
                member={request.sender}
                detail={request.time_ago}
                onNavigate={close}
                actions={
                  <FriendActionButtons
                    userId={request.sender.id}
                    friendship={{ id: request.id, status: 'pending', sender_id: request.sender.id, can_send_request: false, can_accept: true, can_decline: true, can_remove: false }}
                    compact
                  />
                }
              />
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Friends">
        <SectionTitle>
          Friends ({list.length}) · {list.filter((f) => f.is_online).length} online
        </SectionTitle>
        {shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <Users className="size-7 text-muted" aria-hidden />
            <p className="text-sm font-medium text-ink">No friends yet</p>
            <p className="text-xs text-muted">Search for members above and send them a friend request.</p>
          </div>
        ) : (
          <ul>
            {shown.map((friend) => (
              <FriendRow key={friend.id} member={friend} online={friend.is_online} onNavigate={close} actions={<RemoveFriend friendshipId={friend.friendship_id} />} />
            ))}
          </ul>
        )}
        {list.length > FRIENDS_SHOWN && <p className="border-t border-line px-4 py-2.5 text-center text-xs text-muted">+{list.length - FRIENDS_SHOWN} more friends</p>}
      </section>
    </>
  );
}

function RemoveFriend({ friendshipId }: { friendshipId: number }) {
  const { run, busy } = useFriendActionWithToasts();
  return (
    <Button
      size="sm"
      variant="ghost"
      className="px-2"
      aria-label="Remove friend"
      title="Remove friend"
      busy={busy}
      onClick={() => run({ kind: 'remove', friendshipId })}
    >
      <UserMinus className="size-4" aria-hidden />
    </Button>
  );
}
