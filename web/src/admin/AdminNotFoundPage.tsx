import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';

export default function AdminNotFoundPage() {
  return (
    <Card>
      <EmptyState icon={Compass} title="No such admin page" action={<Link to="/" className={buttonClasses('secondary', 'md')}>Dashboard</Link>}>
        This part of the admin panel does not exist.
      </EmptyState>
    </Card>
  );
}
