import type { SettingsUser } from '@common/contracts/profiles';
import { CheckCircle2, Link2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { TextField } from '@web/components/ui/field';
import { useSiteSettings } from '@web/lib/site-settings';
import { SettingsCard, useSettingsForm } from './SettingsForm';

const SLOTS = [
  { key: 'crypto', enabled: 'crypto1_enabled', label: 'crypto1_label' },
  { key: 'crypto2', enabled: 'crypto2_enabled', label: 'crypto2_label' },
  { key: 'crypto3', enabled: 'crypto3_enabled', label: 'crypto3_label' },
] as const;
type SlotKey = (typeof SLOTS)[number]['key'];

export function ConnectionsTab({ user }: { user: SettingsUser }) {
  return (
    <div className="space-y-6">
      <KickCard user={user} />
      <CasinoCard user={user} />
    </div>
  );
}

function KickCard({ user }: { user: SettingsUser }) {
  const disconnect = useSettingsForm<Record<string, never>>('/api/r/profile/disconnect-kick');
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6" data-testid="kick-connection">
      <div className="flex items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-[#53fc18] text-lg font-black text-black" aria-hidden>
          K
        </span>
        <div>
          <h2 className="font-semibold text-ink">Kick</h2>
          {user.kick_username ? (
            <p className="flex items-center gap-1.5 text-sm text-ink-2">
              <CheckCircle2 className="size-4 text-success" aria-hidden /> Connected as @{user.kick_username}
            </p>
          ) : (
            <p className="text-sm text-muted">Connect your Kick account to access exclusive features</p>
          )}
        </div>
      </div>
      {user.kick_username ? (
        <Button variant="secondary" busy={disconnect.saving} busyLabel="Disconnecting..." onClick={() => disconnect.submit({})}>
          Disconnect
        </Button>
      ) : (
        <a href="/auth/kick" className={buttonClasses('primary')}>
          <Link2 className="size-4" aria-hidden /> Connect
        </a>
      )}
    </Card>
  );
}

function CasinoCard({ user }: { user: SettingsUser }) {
  const { casino } = useSiteSettings();
  const slots = SLOTS.filter((slot) => casino[slot.enabled]);
  const [values, setValues] = useState<Record<SlotKey, string>>({ crypto: user.crypto ?? '', crypto2: user.crypto2 ?? '', crypto3: user.crypto3 ?? '' });
  const { submit, saving, fieldError } = useSettingsForm<Partial<Record<SlotKey, string>>>();
  if (slots.length === 0) return null;
  return (
    <SettingsCard
      title="Casino Addresses"
      description="Your usernames on our partner casinos, so your wagers count for VIP rewards. They never appear on your public profile."
      icon={<Wallet className="mt-1 size-5 text-accent" aria-hidden />}
      saving={saving}
      onSubmit={() => submit(Object.fromEntries(slots.map((slot) => [slot.key, values[slot.key]])))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {slots.map((slot) => (
          <TextField
            key={slot.key}
            label={casino[slot.label]}
            placeholder="Enter your username..."
            value={values[slot.key]}
            maxLength={64}
            autoComplete="off"
            onChange={(event) => setValues((current) => ({ ...current, [slot.key]: event.target.value }))}
            error={fieldError(slot.key)}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
