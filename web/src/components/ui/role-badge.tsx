import { ROLE_LABELS, type Role } from '@common/roles';
import { cn } from './cn';

/** Spec 1 §6: admin red, moderator blue, vip yellow, others grey; no badge for plain users. */
const TONES: Record<Role, string> = {
  admin: 'bg-red-500/15 text-red-300 ring-red-500/40',
  moderator: 'bg-blue-500/15 text-blue-300 ring-blue-500/40',
  vip: 'bg-yellow-400/15 text-yellow-200 ring-yellow-400/40',
  user: 'bg-slate-500/15 text-slate-300 ring-slate-500/40',
};

export function RoleBadge({ role, className, showUser = false }: { role: Role; className?: string; showUser?: boolean }) {
  if (role === 'user' && !showUser) return null;
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase ring-1', TONES[role], className)}>
      {ROLE_LABELS[role]}
    </span>
  );
}
