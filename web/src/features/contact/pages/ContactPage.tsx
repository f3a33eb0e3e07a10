import { Clock, LifeBuoy, Mail, ShieldCheck, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { usePageTitle } from '@web/lib/page-title';
import { ContactForm } from '../components/ContactForm';

function Point({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3 text-sm text-ink-2">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-lg border border-line bg-surface-2 text-accent">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/** Spec 1 §2 Contact (title Contact Us): the form with its captcha, and the way to a support ticket. Open to everyone (§6). */
export default function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Contact Us" subtitle="Questions, ideas or business enquiries: send the team a message and we will get back to you by email." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="p-5 sm:p-7">
          <h2 className="mb-5 flex items-center gap-2 text-lg font-bold text-ink">
            <Mail className="size-5 text-accent" aria-hidden /> Send us a message
          </h2>
          <ContactForm />
        </Card>
        <aside className="space-y-6">
          <Card className="p-5">
            <h2 className="mb-2 flex items-center gap-2 text-lg font-bold text-ink">
              <LifeBuoy className="size-5 text-accent" aria-hidden /> Need account help?
            </h2>
            <p className="mb-4 text-sm text-ink-2">Problems with points, rewards, raffles or your account are quickest as a support ticket: you can follow the replies on the site.</p>
            <Link to="/tickets/create" className={buttonClasses('secondary', 'md', 'w-full')}>
              <Ticket className="size-4" aria-hidden /> Create Ticket
            </Link>
          </Card>
          <Card className="p-5">
            <ul className="space-y-4">
              <Point icon={<Clock className="size-4" aria-hidden />}>We usually answer within a day or two.</Point>
              <Point icon={<ShieldCheck className="size-4" aria-hidden />}>Your address is only used to answer you. Never send passwords or casino log-ins.</Point>
            </ul>
          </Card>
        </aside>
      </div>
    </div>
  );
}
