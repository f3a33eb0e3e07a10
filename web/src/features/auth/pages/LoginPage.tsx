import { ROLE_LABELS, ROLES } from '@common/roles';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SelectField, TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { csrfTokenNow, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';

const ROLE_HINTS: Record<(typeof ROLES)[number], string> = {
  user: 'A regular member.',
  vip: 'A member with the VIP badge and VIP-only rewards.',
  moderator: 'Staff: runs hunts, raffles and reviews from the admin panel.',
  admin: 'Staff with every right: roles, points and site settings.',
};

/** Local mode's sign-in form (no Discord configured). With Discord, the server redirects /login to Discord. */
export default function LoginPage() {
  usePageTitle('Sign In');
  const { localAuth, isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const [role, setRole] = useState<(typeof ROLES)[number]>('user');
  const [submitting, setSubmitting] = useState(false);
  // The form posts natively, so it needs the token in a field before it can be sent (a visitor's page carries none).
  const token = useQuery({ queryKey: ['csrf-token'], queryFn: csrfTokenNow, staleTime: Infinity, enabled: localAuth && !isAuthenticated });

  useEffect(() => {
    if (!localAuth || isAuthenticated) window.location.assign(isAuthenticated ? '/' : '/login');
  }, [localAuth, isAuthenticated]);

  if (!localAuth || isAuthenticated) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center text-accent">
        <Spinner className="size-8" label="Redirecting to sign-in" />
      </div>
    );
  }

  return (
    <Card className="mx-auto mt-4 max-w-md p-6 sm:p-8">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-gradient text-white">
        <LogIn className="size-6" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-extrabold text-ink">Sign in</h1>
      <p className="mt-2 flex gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm text-amber-100">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>
          Local mode: Discord sign-in is not configured on this server, so choose any display name and a role to try the
          site. Names you have used before sign you back in.
        </span>
      </p>
      <form method="post" action="/auth/local" className="mt-6 space-y-5" onSubmit={() => setSubmitting(true)}>
        <input type="hidden" name="_csrf" value={token.data ?? ''} />
        <TextField
          label="Display name"
          name="username"
          required
          minLength={2}
          maxLength={32}
          pattern="[A-Za-z0-9_.\-]+"
          autoComplete="username"
          autoFocus
          placeholder="e.g. LuckyLuna"
          defaultValue={params.get('username') ?? ''}
          error={params.get('error') ?? undefined}
          hint="2 to 32 letters, digits, dots, dashes or underscores."
        />
        <SelectField label="Role" name="role" value={role} onChange={(event) => setRole(event.target.value as typeof role)} hint={ROLE_HINTS[role]}>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {token.isError && <p className="text-sm text-danger" role="alert">{errorMessage(token.error, 'The sign-in form could not reach the server.')} Reload the page and try again.</p>}
        <Button type="submit" size="lg" className="w-full" disabled={!token.data} busy={submitting} busyLabel="Signing in...">
          Sign in
        </Button>
      </form>
    </Card>
  );
}
