import { displayName } from '@common/display-name';
import { MAX_POINTS_ADJUSTMENT } from '@common/limits';
import { formatDate, formatPoints, timeAgo } from '@common/format';
import { isAdmin } from '@common/roles';
import { Avatar } from '@web/components/ui/avatar';
import { Modal } from '@web/components/ui/modal';
import { RoleBadge } from '@web/components/ui/role-badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { useAdminMember } from '../api/admin-members';
import { AdjustPointsForm } from './AdjustPointsForm';
import { ChangeRoleForm } from './ChangeRoleForm';
import { LedgerTable } from './LedgerTable';
import { MemberAchievements } from './MemberAchievements';

export function MemberDetail({ memberId, onClose }: { memberId: number | null; onClose(): void }) {
  const { user } = useAuth();
  const { data: member, isPending, isError } = useAdminMember(memberId);
  const canManage = user !== null && isAdmin(user.role);

  return (
    <Modal open={memberId !== null} onOpenChange={(open) => !open && onClose()} title={member ? displayName(member) : 'Member'} className="max-w-2xl">
      {isError ? (
        <p className="text-sm text-red-300">Could not load this member.</p>
      ) : isPending || !member ? (
        <div className="space-y-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <div className="space-y-6">
          <div className="flex items-center gap-4">
            <Avatar src={member.avatar_url} name={member.username} size="lg" />
            <div className="min-w-0 space-y-1 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                @{member.username} <RoleBadge role={member.role} showUser />
              </p>
              <p className="text-muted">
                Discord id <span className="font-mono text-ink-2">{member.discord_id}</span>
              </p>
              <p className="text-muted">
                Kick:{' '}
                {member.kick_username ? (
                  <span className="text-ink-2">
                    linked as @{member.kick_username} <span className="font-mono text-xs text-muted">(id {member.kick_user_id})</span>
                  </span>
                ) : (
                  'not linked'
                )}
              </p>
            </div>
          </div>
          {/* Three counts, then the two dates on a row of their own: a date does not fit a fifth of the dialog. */}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6">
            {[
              ['Points', formatPoints(member.points)],
              ['XP', formatPoints(member.xp)],
              ['Friends', formatPoints(member.friends_count)],
              ['Joined', formatDate(member.created_at)],
              ['Last seen', member.last_seen_at ? timeAgo(member.last_seen_at) : 'Never'],
            ].map(([label, value], index) => (
              <div key={label} className={`rounded-lg border border-line bg-surface-2 p-3 ${index < 3 ? 'sm:col-span-2' : 'sm:col-span-3'}`}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="mt-1 font-bold text-ink tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {canManage ? (
            <div className="grid gap-4 md:grid-cols-2">
              <ChangeRoleForm member={member} disabled={member.id === user?.id} />
              <AdjustPointsForm member={member} max={MAX_POINTS_ADJUSTMENT} />
            </div>
          ) : (
            <p className="rounded-lg border border-line bg-surface-2 p-3 text-sm text-muted">Only admins can change roles and adjust points.</p>
          )}
          <MemberAchievements memberId={member.id} achievements={member.achievements} />
          <LedgerTable entries={member.ledger} />
        </div>
      )}
    </Modal>
  );
}
