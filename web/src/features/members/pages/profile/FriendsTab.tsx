import type { Profile } from '@common/contracts/profiles';
import { displayName } from '@common/display-name';
import { countOf } from '@common/format';
import { Users } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useFriendsEnabled, useMutualFriends } from '../../api/friends';
import { FriendRow } from '../../components/FriendRow';

/** Own profile: friends live in the top navigation. Someone else's: their friend count and the friends you share. */
export function FriendsTab({ profile, own, signedIn }: { profile: Profile; own: boolean; signedIn: boolean }) {
  const enabled = useFriendsEnabled();
  const mutual = useMutualFriends(profile.id, enabled && signedIn && !own);
  const count = countOf(profile.stats.friends_count, 'friend');
  if (!enabled) {
    return (
      <Card>
        <EmptyState icon={Users} title="Friends are switched off">The friends feature is not available on this site right now.</EmptyState>
      </Card>
    );
  }
  if (own) {
    return (
      <Card>
        <EmptyState icon={Users} title={`You have ${count}`}>
          Manage your friends, answer requests and find new people from the friends menu (the people icon) in the top navigation.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card>
      <div className="border-b border-line px-5 py-4">
        <p className="font-semibold text-ink">
          {displayName(profile)} has {count}
        </p>
        {!signedIn && <p className="mt-1 text-sm text-muted">Sign in to see the friends you have in common.</p>}
      </div>
      {signedIn &&
        (mutual.isPending ? (
          <div className="space-y-3 p-5">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-8 w-1/2" />
          </div>
        ) : (mutual.data ?? []).length === 0 ? (
          <p className="px-5 py-6 text-sm text-muted">No mutual friends yet.</p>
        ) : (
          <section aria-label="Mutual friends">
            <p className="px-5 pt-4 text-xs font-semibold tracking-wide text-muted uppercase">Mutual friends ({mutual.data?.length})</p>
            <ul className="py-1">
              {mutual.data?.map((friend) => (
                <FriendRow key={friend.id} member={friend} />
              ))}
            </ul>
          </section>
        ))}
    </Card>
  );
}
