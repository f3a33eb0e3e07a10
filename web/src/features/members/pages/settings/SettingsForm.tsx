import type { FormEvent, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useSaveSettings } from '../../api/profile-settings';

/** A settings card with one Save Changes button; saving shows the server's message, or its field errors. */
export function useSettingsForm<Body>(path = '/api/r/profile/update') {
  const save = useSaveSettings<Body>(path);
  const toast = useToast();
  const submit = (body: Body) =>
    save.mutate(body, {
      onSuccess: (result) => {
        if (result.user && result.message) toast.success(result.message);
      },
      onError: (error) => {
        console.warn('Settings update failed', error);
        if (!(error instanceof ApiError && error.errors)) toast.error(errorMessage(error, 'Your changes were not saved. Please try again.'));
      },
    });
  const fieldError = (name: string) => (save.error instanceof ApiError ? save.error.field(name) : undefined);
  return { submit, saving: save.isPending, fieldError };
}

export function SettingsCard({ title, description, saving, onSubmit, children, icon }: { title: string; description?: ReactNode; saving: boolean; onSubmit(): void; children: ReactNode; icon?: ReactNode }) {
  const handle = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={handle} className="space-y-5" noValidate>
        <div className="flex items-start gap-3">
          {icon}
          <div>
            <h2 className="text-lg font-semibold text-ink">{title}</h2>
            {description && <p className="mt-1 text-sm text-muted">{description}</p>}
          </div>
        </div>
        {children}
        <Button type="submit" busy={saving} busyLabel="Saving...">
          Save Changes
        </Button>
      </form>
    </Card>
  );
}
