import { ChevronDown } from 'lucide-react';
import { useLocation } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { onIntent, useIntent } from '@web/lib/load-on-intent';
import type { NavLink } from '../navigation';
import { navItemClasses } from './nav-classes';

export const NavDropdownLabel = ({ label }: { label: string }) => (
  <>
    {label}
    <ChevronDown className="size-4 transition group-data-[state=open]:rotate-180" aria-hidden />
  </>
);

// The Radix menu and its positioning code are not needed to paint the top bar: they come on first use.
const menu = onIntent(() => import('./NavDropdownMenu'));

export function NavDropdown({ label, links }: { label: string; links: NavLink[] }) {
  const { pathname } = useLocation();
  const active = links.some((link) => pathname.startsWith(link.to));
  const { value, handlers, handoff } = useIntent(menu, { keys: ['Enter', ' ', 'ArrowDown'], opensOn: 'pointerdown' });
  if (value) return <value.default label={label} links={links} active={active} handoff={handoff} />;
  return (
    <button type="button" aria-haspopup="menu" aria-expanded={false} data-state="closed" className={cn(navItemClasses(active), 'group')} {...handlers}>
      <NavDropdownLabel label={label} />
    </button>
  );
}
