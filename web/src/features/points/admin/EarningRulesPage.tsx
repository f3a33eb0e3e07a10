import { isAdmin } from '@common/roles';
import { Lock, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useEarningRules, useSaveEarningRules } from '../api/admin-earning';
import { fromDraft, isChanged, toDraft, type RulesDraft } from './earning-rules/draft';
import { RulesSections } from './earning-rules/RulesSections';

const TITLE = 'Earning rules';
const SUBTITLE = 'How members earn points and XP: chat, stream events and the daily bonus.';

export default function EarningRulesPage() {
  usePageTitle(`${TITLE} · Admin`);
  const { user } = useAuth();
  const editable = user !== null && isAdmin(user.role);
  const rules = useEarningRules();
  const save = useSaveEarningRules();
  const toast = useToast();
  const [draft, setDraft] = useState<RulesDraft | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (rules.data) setDraft(toDraft(rules.data));
  }, [rules.data]);

  const refused = save.error instanceof ApiError && save.error.status === 422 ? save.error : null;
  const error = useCallback((path: string) => refused?.field(path), [refused]);
  const changed = draft !== null && rules.data !== undefined && isChanged(draft, rules.data);

  // After a refusal, take the admin to the first field the server named.
  useEffect(() => {
    if (refused) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  // Leaving with unsaved changes asks first (closing the tab or following a link out of the panel).
  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  const update = useCallback(
    (change: (draft: RulesDraft) => void) =>
      setDraft((current) => {
        if (!current) return current;
        const next = structuredClone(current);
        change(next);
        return next;
      }),
    [],
  );

  if (rules.isError) {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <Card>
          <LoadError message="Could not load the earning rules." onRetry={() => void rules.refetch()} />
        </Card>
      </>
    );
  }
  if (rules.isPending || !draft) {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <div className="space-y-6" aria-busy="true" aria-label="Loading the earning rules">
          {[2, 2, 4].map((fields, index) => (
            <Card key={index} className="grid gap-5 p-6 md:grid-cols-[15rem_1fr] md:gap-8">
              <div className="space-y-3">
                <Skeleton className="h-6 w-36" />
                <Skeleton className="h-4 w-full" />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {Array.from({ length: fields }, (_, field) => (
                  <Skeleton key={field} className="h-16" />
                ))}
              </div>
            </Card>
          ))}
        </div>
      </>
    );
  }

  const discard = () => {
    setDraft(toDraft(rules.data));
    save.reset();
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!editable || !changed) return;
        save.mutate(fromDraft(draft), {
          onSuccess: (result) => toast.success(result.message),
          onError: (failure) => toast.error(errorMessage(failure, 'Could not save the earning rules.')),
        });
      }}
    >
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      {!editable && (
        <p className="mb-6 flex items-center gap-3 rounded-xl border border-info/40 bg-info/10 px-4 py-3 text-sm text-ink-2">
          <Lock className="size-4 shrink-0 text-info" aria-hidden />
          Only admins can change earning rules.
        </p>
      )}
      <fieldset disabled={!editable || save.isPending} className="min-w-0">
        <RulesSections draft={draft} update={update} error={error} editable={editable} />
      </fieldset>
      {editable && (
        <div className="sticky bottom-0 z-20 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line bg-bg/90 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-6 sm:px-6 lg:mx-0 lg:rounded-xl lg:border">
          <p className="text-sm text-muted" aria-live="polite">
            {changed ? <span className="font-medium text-warning">You have unsaved changes.</span> : 'All changes saved.'}
          </p>
          <div className="flex flex-1 justify-end gap-2 sm:flex-none">
            <Button variant="ghost" onClick={discard} disabled={!changed || save.isPending}>
              <RotateCcw className="size-4" aria-hidden /> Discard changes
            </Button>
            <Button type="submit" busy={save.isPending} busyLabel="Saving..." disabled={!changed}>
              Save Changes
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
