import { Compass } from 'lucide-react';
import { MessagePage } from './MessagePage';

export default function NotFoundPage() {
  return (
    <MessagePage icon={Compass} title="Page not found">
      <p className="text-5xl font-black text-gradient">404</p>
      <p className="mt-3">The page you are looking for does not exist or has moved.</p>
    </MessagePage>
  );
}
