import { Lock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePageTitle } from '@web/lib/page-title';

interface Back {
  to: string;
  label: string;
}
const HOME: Back = { to: '/', label: 'Back to Home' };

/** A card that only says something (not found, refused, coming soon) and leads back home (or to `back`). */
export function MessageCard({ icon, title, children, className, back = HOME }: { icon: LucideIcon; title: string; children: ReactNode; className?: string; back?: Back }) {
  return (
    <Card className={className}>
      <EmptyState
        icon={icon}
        title={title}
        action={
          <Link to={back.to} className={buttonClasses('primary', 'md', 'mt-2')}>
            {back.label}
          </Link>
        }
      >
        {children}
      </EmptyState>
    </Card>
  );
}

/** A whole page that is such a card. */
export function MessagePage({ icon, title, children, back }: { icon: LucideIcon; title: string; children: ReactNode; back?: Back }) {
  usePageTitle(title);
  return (
    <MessageCard icon={icon} title={title} className="mx-auto mt-8 max-w-xl" back={back}>
      {children}
    </MessageCard>
  );
}

/** A page a visitor must sign in to see: says why, with a Login link (the sign-in page). */
export function LoginRequiredPage({ title, children }: { title: string; children: string }) {
  return (
    <MessagePage icon={Lock} title={title}>
      {children}{' '}
      <a href="/login" className="font-semibold text-accent hover:underline">
        Login
      </a>
    </MessagePage>
  );
}
