import { ACHIEVEMENT_RULES } from '@common/achievements';
import type { AchievementDefinition } from '@common/contracts/achievements';
import { countOf, formatPoints } from '@common/format';
import { isAdmin } from '@common/roles';
import { Award, Plus } from 'lucide-react';
import { useState } from 'react';
import { ACHIEVEMENT_ICON_COMPONENTS } from '@web/components/member/achievement-icons';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { savedThen } from '@web/components/ui/form-modal';
import { PageHeader } from '@web/components/ui/page-header';
import { EditDeleteButtons } from '@web/components/ui/row-actions';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useAchievementDefinitions, useDeleteAchievement } from '../api/admin-achievements';
import { AchievementForm } from './AchievementForm';

const ruleText = (a: AchievementDefinition) => (a.rule_kind === 'manual' ? ACHIEVEMENT_RULES.manual : `${ACHIEVEMENT_RULES[a.rule_kind]} ≥ ${formatPoints(a.rule_threshold)}`);

export default function AchievementsPage() {
  usePageTitle('Achievements · Admin');
  const { user } = useAuth();
  const canEdit = user !== null && isAdmin(user.role);
  const definitions = useAchievementDefinitions();
  const remove = useDeleteAchievement();
  const toast = useToast();
  const [editing, setEditing] = useState<AchievementDefinition | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AchievementDefinition | null>(null);

  return (
    <>
      <PageHeader
        title="Achievements"
        subtitle="Badges members earn automatically or get from the team. Award one by hand from a member's page."
        actions={
          canEdit && (
            <Button onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden /> New achievement
            </Button>
          )
        }
      />
      <Card className="overflow-hidden">
        {definitions.isError ? (
          <LoadError message="Could not load achievements." onRetry={() => void definitions.refetch()} />
        ) : definitions.isPending ? (
          <div className="space-y-3 p-5">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-12" />
            ))}
          </div>
        ) : definitions.data.length === 0 ? (
          <EmptyState icon={Award} title="No achievements yet">
            Create the first one: a title, how it is earned and an icon.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {definitions.data.map((achievement) => {
              const Icon = ACHIEVEMENT_ICON_COMPONENTS[achievement.icon];
              return (
                <li key={achievement.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="achievement-definition">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-gradient text-white">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">
                      {achievement.title} <span className="ml-1 rounded-full bg-surface-3 px-2 py-0.5 text-[11px] font-medium text-muted capitalize">{achievement.category}</span>
                    </p>
                    <p className="text-sm text-ink-2">{achievement.description}</p>
                    <p className="mt-1 text-xs text-muted">
                      {ruleText(achievement)} · held by {countOf(achievement.awarded_count, 'member')}
                    </p>
                  </div>
                  {canEdit && <EditDeleteButtons name={achievement.title} onEdit={() => setEditing(achievement)} onDelete={() => setDeleting(achievement)} />}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {editing !== null && <AchievementForm key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description={`It is taken back from the ${formatPoints(deleting?.awarded_count ?? 0)} members who hold it. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, savedThen(toast, () => setDeleting(null), 'Could not delete the achievement.'))}
      />
    </>
  );
}
