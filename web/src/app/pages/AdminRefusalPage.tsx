import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePageTitle } from '@web/lib/page-title';

/** What a signed-in member who is not staff sees at /admin-new/ (the server answers 403 and no admin code). */
export default function AdminRefusalPage() {
  usePageTitle('Staff only');
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <EmptyState
        icon={ShieldAlert}
        title="Staff only"
        action={
          <Link to="/" className={buttonClasses('primary', 'md', 'mt-2')}>
            Back to Home
          </Link>
        }
      >
        The admin panel is for moderators and admins. If you think you should have access, ask an admin to change
        your role.
      </EmptyState>
    </Card>
  );
}
