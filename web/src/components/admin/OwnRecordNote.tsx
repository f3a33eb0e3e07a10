import { OWN_RECORD_MESSAGES } from '@common/roles';
import { UserRoundCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '@web/lib/auth';

/** Said in place of the actions staff may not take on a record: why, and that someone else will. */
export function OwnRecordNote({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="inline-flex max-w-full items-start gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2 text-xs text-ink-2" data-testid="own-record-note">
      <UserRoundCheck className="mt-px size-4 shrink-0 text-accent" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

/**
 * The actions on a member's record (a claim, a redemption), or, when the record is the viewer's own, a note saying
 * another staff member handles it: the server refuses staff their own records, so the buttons would only fail.
 */
export function OwnRecordGuard({ ownerId, what, children }: { ownerId: number; what: string; children: ReactNode }) {
  const { user } = useAuth();
  return user?.id === ownerId ? <OwnRecordNote>{OWN_RECORD_MESSAGES.note(what)}</OwnRecordNote> : children;
}
