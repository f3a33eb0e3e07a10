import { Check, Copy, ExternalLink, Gift, Percent } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LazyModal as Modal } from '@web/components/ui/lazy-modal';
import { useSiteSettings } from '@web/lib/site-settings';
import { useToast } from '@web/lib/toast';

/** The free-spins offer of spec 1 §1; the spec's site never showed a trigger, we give it one. */
const FREE_SPINS_SLOTS = ['Gates of Olympus', 'Sweet Bonanza', 'Wanted Dead or a Wild'];

function CodeChip({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.warning(`Copy did not work here: the code is ${code}.`);
    }
  };
  return (
    <button type="button" onClick={copy} className="inline-flex items-center gap-2 rounded-lg border border-dashed border-line-strong bg-bg/60 px-3 py-1.5 font-mono text-sm font-bold text-ink hover:border-accent" aria-label={`Copy code ${code}`}>
      {code}
      {copied ? <Check className="size-4 text-success" aria-hidden /> : <Copy className="size-4 text-muted" aria-hidden />}
    </button>
  );
}

function Promo({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex gap-2.5 text-sm text-ink-2">
      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      <span>{children}</span>
    </li>
  );
}

interface PartnerCardProps {
  name: string;
  url: string;
  code: string;
  tagline: string;
  onDetails(): void;
  extra?: React.ReactNode;
}

function PartnerCard({ name, url, code, tagline, onDetails, extra }: PartnerCardProps) {
  return (
    <Card className="relative flex flex-col gap-5 overflow-hidden p-6">
      <div className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-accent/10 blur-2xl" />
      <div className="flex items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-gradient text-2xl font-black text-white">{name.slice(0, 1)}</span>
        <div>
          <h3 className="text-xl font-bold text-ink">{name}</h3>
          <p className="flex items-center gap-1 text-sm font-semibold text-accent-hot">
            <Percent className="size-4" aria-hidden /> {tagline}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        Use code <CodeChip code={code} />
      </div>
      {extra}
      <div className="mt-auto flex flex-wrap gap-2">
        <a href={url} target="_blank" rel="noopener noreferrer sponsored" className={buttonClasses('primary', 'md')}>
          Join {name} <ExternalLink className="size-4" aria-hidden />
        </a>
        <Button variant="secondary" onClick={onDetails}>
          Bonus details
        </Button>
      </div>
    </Card>
  );
}

export function AffiliateSection() {
  const { partners, creator_code } = useSiteSettings();
  const [open, setOpen] = useState<'primary' | 'secondary' | 'spins' | null>(null);
  const close = (next: boolean) => !next && setOpen(null);

  return (
    <section aria-labelledby="partners-heading">
      <h2 id="partners-heading" className="text-2xl font-extrabold tracking-tight text-ink">
        Our partners
      </h2>
      <p className="mt-1 text-ink-2">Sign up with code {creator_code} to unlock these bonuses.</p>
      <div className="mt-6 grid gap-5 md:grid-cols-2">
        <PartnerCard
          name={partners.primary.name}
          url={partners.primary.url}
          code={creator_code}
          tagline="10% deposit bonus"
          onDetails={() => setOpen('primary')}
          extra={
            <button type="button" onClick={() => setOpen('spins')} className="inline-flex w-fit items-center gap-2 rounded-lg bg-gold/10 px-3 py-1.5 text-sm font-semibold text-gold hover:bg-gold/20">
              <Gift className="size-4" aria-hidden /> 100 free spins offer
            </button>
          }
        />
        <PartnerCard name={partners.secondary.name} url={partners.secondary.url} code={creator_code} tagline="10% deposit bonus" onDetails={() => setOpen('secondary')} />
      </div>

      <Modal open={open === 'primary'} onOpenChange={close} title={`${partners.primary.name} bonus`} description={`With code ${creator_code}`}>
        <h4 className="text-sm font-bold tracking-wide text-muted uppercase">Deposit bonus</h4>
        <ul className="mt-3 space-y-2">
          <Promo>10% deposit bonus</Promo>
          <Promo>Up to 3 bonus deposits per week</Promo>
          <Promo>Maximum $300 per deposit, reached on a $3,000 deposit</Promo>
          <Promo>For new and existing players</Promo>
        </ul>
        <p className="mt-4 rounded-lg border border-line bg-surface-2 p-3 text-sm text-ink-2">
          To claim, <Link to="/tickets/create" className="font-semibold text-accent underline-offset-2 hover:underline" onClick={() => setOpen(null)}>create a ticket</Link> after depositing.
        </p>
        <h4 className="mt-6 text-sm font-bold tracking-wide text-muted uppercase">Also on {partners.primary.name}</h4>
        <ul className="mt-3 space-y-2">
          <Promo>$5000 bi-weekly prizes</Promo>
          <Promo>70% rakeback</Promo>
        </ul>
      </Modal>

      <Modal open={open === 'secondary'} onOpenChange={close} title={`${partners.secondary.name} bonus`} description={`With code ${creator_code}`}>
        <ul className="space-y-2">
          <Promo>10% deposit bonus</Promo>
        </ul>
      </Modal>

      <Modal open={open === 'spins'} onOpenChange={close} title="100 free spins" description={`On ${partners.primary.name} with code ${creator_code}`}>
        <p className="text-sm text-ink-2">
          Wager <strong className="text-ink">$10,000</strong> on {partners.primary.name} to claim <strong className="text-ink">100 free spins</strong> on one of these slots:
        </p>
        <ul className="mt-3 space-y-2">
          {FREE_SPINS_SLOTS.map((slot) => (
            <Promo key={slot}>{slot}</Promo>
          ))}
        </ul>
      </Modal>
    </section>
  );
}
