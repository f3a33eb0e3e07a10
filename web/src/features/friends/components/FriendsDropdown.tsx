import { Users } from 'lucide-react';
import { Popover } from 'radix-ui';

/** The friends system arrives with the members issue; until then the dropdown says so. */
export function FriendsDropdown() {
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex size-9 items-center justify-center rounded-lg text-ink-2 transition hover:bg-surface-2 hover:text-ink data-[state=open]:bg-surface-2 data-[state=open]:text-ink" aria-label="Friends">
        <Users className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={10} collisionPadding={12} className="z-50 w-[min(20rem,calc(100vw-1.5rem))] animate-fade-in rounded-xl border border-line bg-surface p-6 text-center shadow-2xl shadow-black/50">
          <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-accent/15 text-accent">
            <Users className="size-6" aria-hidden />
          </span>
          <p className="mt-3 font-semibold text-ink">Friends are coming soon</p>
          <p className="mt-1 text-sm text-muted">Find other members, send friend requests and see who is online.</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
