import type { RaffleDetail } from '@common/contracts/raffles';
import type { SignedInUser } from '@common/contracts/session';
import { formatPoints } from '@common/format';
import { raffleTimeLeft } from '@common/raffles';
import { ROLE_LABELS, roleAtLeast } from '@common/roles';
import { CalendarCheck, CheckCircle2, Clock, Gift, KeyRound, LogIn, ShieldAlert, ShieldCheck, Ticket } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { PasswordDialog } from './EntryDialogs';
import { PointsEntry } from './PointsEntry';
import { useEnter } from './use-enter';

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-5" data-testid="entry-panel">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-bold text-ink">
        {icon} {title}
      </h2>
      {children}
    </Card>
  );
}

/** What the member lacks to enter (decision 019: eligibility), or nothing. */
function missingEligibility(raffle: RaffleDetail, user: SignedInUser): string | null {
  if (!roleAtLeast(user.role, raffle.required_role)) return `This raffle is open to the ${ROLE_LABELS[raffle.required_role]} role and above.`;
  if (raffle.requires_kick && !user.kick_username) return 'Link your Kick account in Settings to enter this raffle.';
  return null;
}

/**
 * A way in the member already used up (free and password entries are once per member). Just used, it takes the focus
 * of the button it replaces, so a keyboard or screen-reader user is not sent back to the top of the page.
 */
function Used({ children, justUsed = false }: { children: ReactNode; justUsed?: boolean }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justUsed) note.current?.focus();
  }, [justUsed]);
  return (
    <p ref={note} tabIndex={-1} className="flex items-center gap-2 rounded-lg border border-success/30 bg-success/10 px-3 py-2.5 text-sm font-medium text-emerald-300 outline-none focus-visible:ring-2 focus-visible:ring-accent">
      <CheckCircle2 className="size-4 shrink-0" aria-hidden /> {children}
    </p>
  );
}

function MemberEntry({ raffle, user }: { raffle: RaffleDetail; user: SignedInUser }) {
  const { send, pending, pendingType } = useEnter(raffle.id);
  const [askingPassword, setAskingPassword] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const [justUsed, setJustUsed] = useState<'passwordless' | 'password'>();
  const stats = raffle.user_stats;
  const own = stats?.total_entries ?? 0;
  const remaining = raffle.max_entries === null ? null : Math.max(0, raffle.max_entries - own);
  const blocked = missingEligibility(raffle, user);
  const full = remaining === 0;

  const enterWithPassword = (password: string) => {
    setPasswordError(undefined);
    send(
      { entry_type: 'password', password },
      {
        onSuccess: () => {
          setAskingPassword(false);
          setJustUsed('password');
        },
        onFieldErrors: (error) => {
          setPasswordError(error.field('password'));
          return error.field('password') !== undefined;
        },
        onError: () => setAskingPassword(false),
      },
    );
  };

  return (
    <div className="space-y-4">
      {blocked && (
        <p className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-amber-200" role="note">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {blocked}
        </p>
      )}
      {raffle.max_entries !== null && (
        <p className="text-sm text-muted tabular-nums" data-testid="entry-cap">
          You hold {formatPoints(own)} of at most {formatPoints(raffle.max_entries)} entries.
        </p>
      )}
      {raffle.allow_passwordless_entry &&
        (stats && stats.entry_breakdown.passwordless > 0 ? (
          <Used justUsed={justUsed === 'passwordless'}>Free entry used</Used>
        ) : (
          <Button size="lg" className="w-full" disabled={Boolean(blocked) || full || pending} busy={pendingType === 'passwordless'} busyLabel="Entering..." onClick={() => send({ entry_type: 'passwordless' }, { onSuccess: () => setJustUsed('passwordless') })}>
            <Gift className="size-4" aria-hidden /> Enter for Free
          </Button>
        ))}
      {raffle.allow_points_entry && <PointsEntry raffle={raffle} balance={user.points} remaining={remaining} disabled={Boolean(blocked) || pending} send={send} pending={pendingType === 'points'} />}
      {raffle.has_password_entry &&
        (stats && stats.entry_breakdown.password > 0 ? (
          <Used justUsed={justUsed === 'password'}>Password entry used</Used>
        ) : (
          <Button variant="secondary" size="lg" className="w-full" disabled={Boolean(blocked) || full || pending} onClick={() => setAskingPassword(true)}>
            <KeyRound className="size-4" aria-hidden /> Enter with Password
          </Button>
        ))}
      {full && <p className="text-sm text-muted">You have all the entries one member may hold. Good luck!</p>}
      {askingPassword && (
        <PasswordDialog
          title={raffle.title}
          busy={pendingType === 'password'}
          error={passwordError}
          onSubmit={enterWithPassword}
          onClose={() => {
            setAskingPassword(false);
            setPasswordError(undefined);
          }}
        />
      )}
    </div>
  );
}

/** Spec 2 §4/§5: the entry panel; entries only while the raffle accepts them, and only for signed-in members. */
export function EntryPanel({ raffle, now }: { raffle: RaffleDetail; now: Date }) {
  const { user } = useAuth();
  if (!raffle.is_accepting_entries) {
    return raffle.has_ended ? (
      <Panel title="Raffle Ended" icon={<CalendarCheck className="size-5 text-muted" aria-hidden />}>
        <p className="text-sm text-ink-2">
          {raffle.winner_announced ? 'Entries are closed and the winners are announced.' : 'Entries are closed. The winners will be announced here.'}
        </p>
        {raffle.winner_announced && (
          <a href="#verify-draw" className={buttonClasses('secondary', 'md', 'mt-4 w-full')}>
            <ShieldCheck className="size-4" aria-hidden /> Check the draw yourself
          </a>
        )}
      </Panel>
    ) : (
      <Panel title="Not Accepting Entries" icon={<Clock className="size-5 text-info" aria-hidden />}>
        <p className="text-sm text-ink-2">
          {raffle.is_active ? 'This raffle is not accepting entries right now.' : `Entries open in ${raffleTimeLeft(raffle.starts_at, now)}.`}
        </p>
      </Panel>
    );
  }
  return (
    <Panel title="Enter Raffle" icon={<Ticket className="size-5 text-accent" aria-hidden />}>
      {user ? (
        <MemberEntry raffle={raffle} user={user} />
      ) : (
        <>
          <p className="text-sm text-ink-2">Please sign in to enter raffles</p>
          {/* A page load, not a route change: with Discord configured the server sends /login on to Discord. */}
          <a href="/login" className={buttonClasses('primary', 'lg', 'mt-4 w-full')}>
            <LogIn className="size-4" aria-hidden /> Log in to enter
          </a>
        </>
      )}
    </Panel>
  );
}
