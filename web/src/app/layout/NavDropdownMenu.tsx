import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { useTakeFocus, type IntentHandoff } from '@web/lib/load-on-intent';
import type { NavLink } from '../navigation';
import { NavDropdownLabel } from './NavDropdown';
import { navItemClasses } from './nav-classes';

/** The menu itself, loaded on the first hover, focus or press of its trigger (NavDropdown). */
export default function NavDropdownMenu({ label, links, active, handoff }: { label: string; links: NavLink[]; active: boolean; handoff: IntentHandoff }) {
  const trigger = useTakeFocus(handoff);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={trigger} className={cn(navItemClasses(active), 'group')}>
        <NavDropdownLabel label={label} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={10} className="z-50 w-72 animate-fade-in rounded-xl border border-line bg-surface p-2 shadow-2xl shadow-black/50">
          {links.map(({ label: text, to, icon: Icon, description }) => (
            <DropdownMenu.Item key={to} asChild>
              <Link to={to} className="flex items-start gap-3 rounded-lg px-3 py-2.5 outline-hidden focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-accent data-[highlighted]:bg-accent/15">
                <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent/15 text-accent">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-ink">{text}</span>
                  <span className="block text-xs text-muted">{description}</span>
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
