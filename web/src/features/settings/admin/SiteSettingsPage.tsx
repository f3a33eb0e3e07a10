import type { SiteSettings } from '@common/contracts/settings';
import { isAdmin } from '@common/roles';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { TextArea, TextField } from '@web/components/ui/field';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useAdminSettings, useSaveSettings } from '../api/admin-settings';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="grid gap-6 p-6 md:grid-cols-[16rem_1fr]">
      <div>
        <h2 className="font-bold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      <div className="space-y-4">{children}</div>
    </Card>
  );
}

const SLOTS = [1, 2, 3] as const;

export default function SiteSettingsPage() {
  usePageTitle('Site settings · Admin');
  const { user } = useAuth();
  const { data, isPending, isError, refetch } = useAdminSettings();
  const save = useSaveSettings();
  const toast = useToast();
  const [form, setForm] = useState<SiteSettings | null>(null);
  const editable = user !== null && isAdmin(user.role);

  useEffect(() => {
    if (data) setForm(structuredClone(data));
  }, [data]);

  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  const update = (change: (draft: SiteSettings) => void) =>
    setForm((current) => {
      if (!current) return current;
      const next = structuredClone(current);
      change(next);
      return next;
    });

  if (isError) {
    return (
      <Card>
        <LoadError message="Could not load the settings." onRetry={() => void refetch()} />
      </Card>
    );
  }
  if (isPending || !form) {
    return (
      <>
        <PageHeader title="Site settings" />
        <div className="space-y-4">
          <Skeleton className="h-48 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      </>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(form, {
          onSuccess: (result) => toast.success(result.message),
          onError: (failure) => toast.error(errorMessage(failure, 'Could not save the settings.')),
        });
      }}
    >
      <PageHeader
        title="Site settings"
        subtitle={editable ? 'What every visitor sees: names, links and account fields.' : 'Only admins can change these settings.'}
        actions={
          editable && (
            <Button type="submit" busy={save.isPending} busyLabel="Saving...">
              Save Changes
            </Button>
          )
        }
      />
      <fieldset disabled={!editable} className="space-y-6">
        <Section title="General" description="The name in the top bar, the tab title and the footer.">
          <TextField label="Site name" value={form.site_name} maxLength={60} onChange={(e) => update((d) => void (d.site_name = e.target.value))} error={error('site_name')} />
          <TextArea label="Site description" value={form.site_description} maxLength={300} onChange={(e) => update((d) => void (d.site_description = e.target.value))} error={error('site_description')} />
        </Section>
        <Section title="Stream" description="The Kick channel behind the live badge, and the creator code partners know you by.">
          <TextField label="Kick channel" value={form.kick_channel} onChange={(e) => update((d) => void (d.kick_channel = e.target.value))} error={error('kick_channel')} hint="As in kick.com/your-channel" />
          <TextField label="Creator code" value={form.creator_code} maxLength={30} onChange={(e) => update((d) => void (d.creator_code = e.target.value))} error={error('creator_code')} />
        </Section>
        <Section title="Partners" description="The two affiliate cards on the home page.">
          {(['primary', 'secondary'] as const).map((which) => (
            <div key={which} className="grid gap-4 sm:grid-cols-2">
              <TextField label={`${which === 'primary' ? 'First' : 'Second'} partner name`} value={form.partners[which].name} onChange={(e) => update((d) => void (d.partners[which].name = e.target.value))} error={error(`partners.${which}.name`)} />
              <TextField label="Sign-up link" type="url" value={form.partners[which].url} onChange={(e) => update((d) => void (d.partners[which].url = e.target.value))} error={error(`partners.${which}.url`)} />
            </div>
          ))}
        </Section>
        <Section title="Community" description="Features members can use with each other.">
          <label className="flex items-center gap-2 text-sm font-medium text-ink-2">
            <input type="checkbox" className="size-4 accent-accent" checked={form.friends_enabled} onChange={(e) => update((d) => void (d.friends_enabled = e.target.checked))} />
            Friends enabled: the friends dropdown, friend requests and friend controls on profiles
          </label>
        </Section>
        <Section title="Casino accounts" description="Fields members fill in Settings → Connections so their wagers can be matched. Only enabled slots are shown.">
          {SLOTS.map((slot) => (
            <div key={slot} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <label className="flex h-11 items-center gap-2 text-sm font-medium text-ink-2 sm:w-40">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={form.casino[`crypto${slot}_enabled`]}
                  onChange={(e) => update((d) => void (d.casino[`crypto${slot}_enabled`] = e.target.checked))}
                />
                Slot {slot} enabled
              </label>
              <div className="flex-1">
                <TextField label={`Slot ${slot} label`} value={form.casino[`crypto${slot}_label`]} maxLength={40} onChange={(e) => update((d) => void (d.casino[`crypto${slot}_label`] = e.target.value))} error={error(`casino.crypto${slot}_label`)} />
              </div>
            </div>
          ))}
        </Section>
      </fieldset>
    </form>
  );
}
