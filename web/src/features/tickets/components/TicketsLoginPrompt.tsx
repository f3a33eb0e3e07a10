import { Lock } from 'lucide-react';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePageTitle } from '@web/lib/page-title';

/** Spec 2 /tickets, /tickets/create, §6: visitors see 'Authentication Required' and a Login with Discord link to /login. */
export function TicketsLoginPrompt({ children }: { children: string }) {
  usePageTitle('Authentication Required');
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <EmptyState
        icon={Lock}
        title="Authentication Required"
        action={
          <a href="/login" className={buttonClasses('primary', 'md', 'mt-2')}>
            Login with Discord
          </a>
        }
      >
        {children}
      </EmptyState>
    </Card>
  );
}
