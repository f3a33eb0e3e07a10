import type { SettingsUser } from '@common/contracts/profiles';
import { BIO_MAX_LENGTH } from '@common/limits';
import { useState } from 'react';
import { TextArea } from '@web/components/ui/field';
import { SettingsCard, useSettingsForm } from './SettingsForm';

export function ProfileTab({ user }: { user: SettingsUser }) {
  const [bio, setBio] = useState(user.bio ?? '');
  const { submit, saving, fieldError } = useSettingsForm<{ bio: string }>();
  return (
    <SettingsCard title="Profile" description="Shown on your profile and your hover card." saving={saving} onSubmit={() => submit({ bio })}>
      <TextArea
        label="Bio"
        value={bio}
        onChange={(event) => setBio(event.target.value)}
        placeholder="Tell us about yourself..."
        rows={5}
        maxLength={BIO_MAX_LENGTH}
        error={fieldError('bio')}
        hint={`${bio.length} / ${BIO_MAX_LENGTH}`}
      />
    </SettingsCard>
  );
}
