import type { AdminPlatform } from '@common/contracts/leaderboards';
import { LEADERBOARD_TYPES } from '@common/leaderboards';
import { isAdmin } from '@common/roles';
import { EyeOff, Plus, Star, Trophy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PlatformLogo } from '@web/components/leaderboard/PlatformLogo';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { DeleteDialog } from '@web/components/ui/delete-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { ListPageHeader } from '@web/components/ui/page-header';
import { EditDeleteButtons } from '@web/components/ui/row-actions';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useAdminPlatforms, useDeletePlatform } from '../api/admin-leaderboards';
import { LeaderboardForm } from './LeaderboardForms';
import { LeaderboardPanel } from './LeaderboardPanel';
import { PlatformForm } from './PlatformForm';

function Badge({ children }: { children: ReactNode }) {
  return <span className="inline-flex items-center gap-1 rounded-full bg-surface-3 px-2 py-0.5 text-[11px] font-medium text-ink-2">{children}</span>;
}

export default function LeaderboardsAdminPage() {
  usePageTitle('Leaderboards · Admin');
  const { user } = useAuth();
  const canEdit = user !== null && isAdmin(user.role);
  const platforms = useAdminPlatforms();
  const remove = useDeletePlatform();
  const [editing, setEditing] = useState<AdminPlatform | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlatform | null>(null);
  const [adding, setAdding] = useState<AdminPlatform | null>(null);

  return (
    <>
      <ListPageHeader
        title="Leaderboards"
        subtitle="Partner platforms, their wager leaderboards, periods, prizes and where the wagers come from. Periods end and restart by themselves."
        create={canEdit ? { label: 'New platform', onClick: () => setEditing('new') } : undefined}
      />
      {platforms.isError ? (
        <Card>
          <LoadError message="Could not load the leaderboards." onRetry={() => void platforms.refetch()} />
        </Card>
      ) : platforms.isPending ? (
        <div className="space-y-4">
          {[0, 1].map((n) => (
            <Skeleton key={n} className="h-48 rounded-2xl" />
          ))}
        </div>
      ) : platforms.data.length === 0 ? (
        <Card>
          <EmptyState icon={Trophy} title="No partner platforms yet">
            Add the first casino or partner whose wagers members compete on.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-5">
          {platforms.data.map((platform) => {
            const taken = platform.leaderboards.map((board) => board.leaderboard_type);
            return (
              <Card key={platform.id} className="p-4 sm:p-5" data-testid="admin-platform">
                <section aria-label={platform.name} className="space-y-4">
                  <header className="flex flex-col gap-3 sm:flex-row sm:items-center">
                    <PlatformLogo platform={platform} className="size-12 shrink-0" />
                    <div className="min-w-0 flex-1">
                      <h2 className="text-lg font-bold text-ink">{platform.name}</h2>
                      <div className="mt-1 flex flex-wrap gap-1.5">
                        <Badge>/{platform.slug}</Badge>
                        <Badge>{platform.amount_format === 'xp' ? 'XP' : `${platform.currency_symbol} amounts`}</Badge>
                        {platform.is_default && (
                          <Badge>
                            <Star className="size-3 text-gold" aria-hidden /> Default
                          </Badge>
                        )}
                        {platform.mask_names && <Badge>Names masked</Badge>}
                        {platform.casino_slot && <Badge>Casino account {platform.casino_slot}</Badge>}
                        {!platform.is_active && (
                          <Badge>
                            <EyeOff className="size-3" aria-hidden /> Hidden
                          </Badge>
                        )}
                      </div>
                    </div>
                    {canEdit && (
                      <div className="flex gap-2">
                        {taken.length < LEADERBOARD_TYPES.length && (
                          <Button size="sm" variant="secondary" onClick={() => setAdding(platform)}>
                            <Plus className="size-4" aria-hidden /> Leaderboard
                          </Button>
                        )}
                        <EditDeleteButtons name={platform.name} onEdit={() => setEditing(platform)} onDelete={() => setDeleting(platform)} />
                      </div>
                    )}
                  </header>
                  {platform.leaderboards.length === 0 ? (
                    <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">No leaderboard yet. Add one to start its first period.</p>
                  ) : (
                    platform.leaderboards.map((leaderboard) => <LeaderboardPanel key={leaderboard.id} platform={platform} leaderboard={leaderboard} canEdit={canEdit} />)
                  )}
                </section>
              </Card>
            );
          })}
        </div>
      )}
      {editing !== null && <PlatformForm platform={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {adding && <LeaderboardForm platformId={adding.id} leaderboard={null} taken={adding.leaderboards.map((board) => board.leaderboard_type)} onClose={() => setAdding(null)} />}
      <DeleteDialog
        target={deleting}
        title={(platform) => `Delete ${platform.name}?`}
        description={() => 'Its leaderboards and wager sources go with it. A platform with paid prizes or VIP claims cannot be deleted: hide it instead.'}
        remove={remove}
        failure="The platform was not deleted."
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
