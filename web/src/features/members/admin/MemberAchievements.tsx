import type { ProfileAchievement } from '@common/contracts/profiles';
import { formatDate } from '@common/format';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ACHIEVEMENT_ICON_COMPONENTS } from '@web/components/member/achievement-icons';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useAchievementDefinitions, useMemberAchievement } from '../api/admin-achievements';

/** A member's achievements in the admin panel: revoke one, or award one by hand. */
export function MemberAchievements({ memberId, achievements }: { memberId: number; achievements: ProfileAchievement[] }) {
  const definitions = useAchievementDefinitions();
  const change = useMemberAchievement(memberId);
  const toast = useToast();
  const [chosen, setChosen] = useState('');
  const held = new Set(achievements.map((a) => a.id));
  const available = (definitions.data ?? []).filter((d) => !held.has(d.id));

  const run = (grant: boolean, achievementId: number) =>
    change.mutate(
      { grant, achievementId },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setChosen('');
        },
        onError: (error) => toast.error(errorMessage(error, grant ? 'Could not award the achievement.' : 'Could not revoke the achievement.')),
      },
    );

  return (
    <section aria-label="Achievements" className="space-y-3 rounded-xl border border-line bg-surface-2/60 p-4">
      <h3 className="text-sm font-semibold text-ink">Achievements ({achievements.length})</h3>
      {achievements.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {achievements.map((achievement) => {
            const Icon = ACHIEVEMENT_ICON_COMPONENTS[achievement.icon];
            return (
              <li key={achievement.id} className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-3 py-1 pr-1 pl-2.5 text-xs text-ink-2" title={`Awarded ${formatDate(achievement.awarded_at)}`}>
                <Icon className="size-3.5 text-accent" aria-hidden />
                {achievement.title}
                <button
                  type="button"
                  className="rounded-full p-0.5 text-muted hover:bg-danger/20 hover:text-danger disabled:opacity-50"
                  aria-label={`Revoke ${achievement.title}`}
                  disabled={change.isPending}
                  onClick={() => run(false, achievement.id)}
                >
                  <X className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) run(true, Number(chosen));
        }}
      >
        <SelectField label="Award an achievement" value={chosen} onChange={(event) => setChosen(event.target.value)} className="sm:min-w-56">
          <option value="">Choose…</option>
          {available.map((definition) => (
            <option key={definition.id} value={definition.id}>
              {definition.title}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" size="sm" className="h-11" disabled={!chosen} busy={change.isPending && change.variables?.grant} busyLabel="Awarding...">
          Award
        </Button>
      </form>
    </section>
  );
}
