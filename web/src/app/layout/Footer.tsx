import { Link } from 'react-router';
import { useSiteSettings } from '@web/lib/site-settings';
import { AFFILIATE_LINKS, STREAM_LINKS } from '../navigation';
import { BrandMark } from './Brand';

function Column({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <p className="text-xs font-bold tracking-widest text-muted uppercase">{title}</p>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-ink-2 hover:text-ink">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { site_name, site_description, kick_channel } = useSiteSettings();
  return (
    <footer className="mt-20 border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-[1200px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div>
          <div className="flex items-center gap-2.5">
            <BrandMark />
            <span className="text-lg font-extrabold text-ink">{site_name}</span>
          </div>
          <p className="mt-3 max-w-sm text-sm text-muted">{site_description}</p>
        </div>
        <Column title="Quick Links" links={[{ label: 'Home', to: '/' }, { label: 'Store', to: '/store' }, { label: 'Contact', to: '/contact' }]} />
        <Column title="Affiliates" links={AFFILIATE_LINKS.filter((link) => link.to !== '/vip-rewards')} />
        <Column title="Stream" links={STREAM_LINKS} />
      </div>
      <div className="border-t border-line/70">
        <div className="mx-auto flex max-w-[1200px] flex-col gap-2 px-4 py-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-xs text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {site_name}. All rights reserved. Gamble responsibly: 18+ only.
          </p>
          <p>
            Powered by{' '}
            <a href={`https://kick.com/${kick_channel}`} target="_blank" rel="noopener noreferrer" className="font-semibold text-ink-2 hover:text-ink">
              Kick
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
