import type { HuntMember } from '@common/contracts/bonus-hunts';
import { displayName } from '@common/display-name';
import { Avatar } from '@web/components/ui/avatar';
import { useMemberSearch } from '@web/lib/admin-search';
import { useDebounced } from '@web/lib/use-debounced';
import { TypeAhead } from './TypeAhead';

const SHOWN = 8;

/** What a form says when a name was typed in the member field but no member chosen from the list. */
export const CHOOSE_LISTED_MEMBER = 'Choose a member from the list, or clear the field.';

/** A member a slot is assigned to, found by name through the admin members search; the text is their name once chosen. */
export function MemberPicker({
  text,
  onText,
  onChoose,
  onEnter,
  error,
  label = 'Member (optional)',
  hideLabel,
}: {
  text: string;
  onText(text: string): void;
  onChoose(member: HuntMember): void;
  onEnter?(): void;
  error?: string;
  label?: string;
  hideLabel?: boolean;
}) {
  const search = useDebounced(text.trim(), 250);
  const members = useMemberSearch(search);
  const options = search === '' ? [] : (members.data ?? []).slice(0, SHOWN);
  return (
    <TypeAhead
      label={label}
      hideLabel={hideLabel}
      text={text}
      onText={onText}
      options={options}
      optionKey={(member) => String(member.id)}
      loading={members.isFetching}
      placeholder="Search members..."
      error={error}
      onPick={(member) => {
        onText(displayName(member));
        onChoose({ id: member.id, username: member.username, kick_username: member.kick_username, avatar_url: member.avatar_url });
      }}
      onEnter={onEnter}
      renderOption={(member) => (
        <>
          <Avatar src={member.avatar_url} name={member.username} size="xs" />
          <span className="min-w-0 flex-1 truncate">
            {displayName(member)} <span className="text-xs text-muted">@{member.username}</span>
          </span>
        </>
      )}
    />
  );
}
