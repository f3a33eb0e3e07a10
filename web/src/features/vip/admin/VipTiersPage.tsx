import type { AdminVipTier } from '@common/contracts/vip';
import { isAdmin } from '@common/roles';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@web/components/ui/card';
import { DeleteDialog } from '@web/components/ui/delete-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { ListPageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAdminPlatforms } from '@web/lib/admin-platforms';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useAdminVipTiers, useDeleteVipTier } from '../api/admin-vip';
import { TierRow } from './TierRow';
import { VipTierForm } from './VipTierForm';

export default function VipTiersPage() {
  usePageTitle('VIP tiers · Admin');
  const { user } = useAuth();
  const canEdit = user !== null && isAdmin(user.role);
  const tiers = useAdminVipTiers();
  const platforms = useAdminPlatforms();
  const remove = useDeleteVipTier();
  const [editing, setEditing] = useState<AdminVipTier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminVipTier | null>(null);
  const groups = (platforms.data ?? [])
    .map((platform) => ({ platform, tiers: (tiers.data ?? []).filter((tier) => tier.platform.id === platform.id) }))
    .filter((group) => group.tiers.length > 0);

  return (
    <>
      <ListPageHeader
        title="VIP tiers"
        subtitle="Rewards members unlock by wagering on a partner platform with the streamer's code. Their wagers come from the wager data, matched to the casino names in their settings."
        create={
          canEdit
            ? {
                label: 'New tier',
                onClick: () => setEditing('new'),
                disabled: !platforms.data?.length,
                hint: platforms.data?.length ? undefined : 'Add a platform on the Leaderboards page first.',
              }
            : undefined
        }
      />
      {tiers.isError || platforms.isError ? (
        <Card>
          <LoadError message="Could not load the VIP tiers." onRetry={() => void Promise.all([tiers.refetch(), platforms.refetch()])} />
        </Card>
      ) : tiers.isPending || platforms.isPending ? (
        <Card className="space-y-3 p-5">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-16" />
          ))}
        </Card>
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState icon={Crown} title="No VIP tiers yet">
            {platforms.data.length ? 'Add the first reward members can unlock by wagering.' : 'Add a partner platform on the Leaderboards page, then its tiers here.'}
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-6">
          {groups.map(({ platform, tiers: list }) => (
            <section key={platform.id} aria-label={platform.name}>
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">{platform.name}</h2>
              <Card className="overflow-hidden">
                <ul className="divide-y divide-line">
                  {list.map((tier) => (
                    <TierRow key={tier.id} tier={tier} platform={platform} onEdit={canEdit ? () => setEditing(tier) : undefined} onDelete={canEdit ? () => setDeleting(tier) : undefined} />
                  ))}
                </ul>
              </Card>
            </section>
          ))}
        </div>
      )}
      {editing !== null && platforms.data && <VipTierForm tier={editing === 'new' ? null : editing} platforms={platforms.data} onClose={() => setEditing(null)} />}
      <DeleteDialog
        target={deleting}
        title={(tier) => `Delete “${tier.name}”?`}
        description={(tier) =>
          tier.claims_count > 0
            ? 'Members have claimed this tier, so it cannot be deleted. Switch it off instead: edit it and untick “Shown to members”.'
            : 'Nobody has claimed it. Members will no longer see this reward. This cannot be undone.'
        }
        blocked={(tier) => tier.claims_count > 0}
        remove={remove}
        failure="The tier was not deleted."
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
