import type { SettingsUser } from '@common/contracts/profiles';
import { useState } from 'react';
import { TextField } from '@web/components/ui/field';
import { SettingsCard, useSettingsForm } from './SettingsForm';

const FIELDS = [
  { key: 'twitter_user', label: 'Twitter/X Username', placeholder: 'username (without @)' },
  { key: 'instagram_user', label: 'Instagram Username', placeholder: 'username (without @)' },
  { key: 'youtube_user', label: 'YouTube Channel', placeholder: 'channel handle (without @)' },
  { key: 'tiktok_user', label: 'TikTok Username', placeholder: 'username (without @)' },
] as const;
type SocialKey = (typeof FIELDS)[number]['key'];

export function SocialTab({ user }: { user: SettingsUser }) {
  const [values, setValues] = useState<Record<SocialKey, string>>({
    twitter_user: user.twitter_user ?? '',
    instagram_user: user.instagram_user ?? '',
    youtube_user: user.youtube_user ?? '',
    tiktok_user: user.tiktok_user ?? '',
  });
  const { submit, saving, fieldError } = useSettingsForm<Record<SocialKey, string>>();
  return (
    <SettingsCard title="Social Media Links" description="Shown as links on your public profile." saving={saving} onSubmit={() => submit(values)}>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            placeholder={field.placeholder}
            value={values[field.key]}
            autoComplete="off"
            maxLength={101}
            onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
            error={fieldError(field.key)}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
