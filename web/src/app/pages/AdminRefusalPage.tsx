import { ShieldAlert } from 'lucide-react';
import { MessagePage } from './MessagePage';

/** What a signed-in member who is not staff sees at /admin-new/ (the server answers 403 and no admin code). */
export default function AdminRefusalPage() {
  return (
    <MessagePage icon={ShieldAlert} title="Staff only">
      The admin panel is for moderators and admins. If you think you should have access, ask an admin to change your
      role.
    </MessagePage>
  );
}
