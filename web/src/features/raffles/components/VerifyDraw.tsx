import type { RaffleDetail } from '@common/contracts/raffles';
import { formatDate } from '@common/format';
import { verifyDraw, type DrawVerdict } from '@common/raffle-draw';
import { ChevronDown, Copy, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { useFetchEntries } from '../api/raffles';
import { DrawVerdictView, RecomputedPicks } from './DrawResult';
import { Section } from '@web/components/ui/section';
import { useCopy } from './raffle-display';

/** One published value: wraps on any width, with a copy button; a note while it is not published yet. */
function HashValue({ label, value, note, pending }: { label: string; value: string | null; note: string; pending?: string }) {
  const copy = useCopy();
  return (
    <div className="rounded-lg border border-line bg-bg/40 p-3" data-testid="draw-value">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</p>
        {value && (
          <button type="button" onClick={() => void copy(value, `${label} copied.`)} className="-m-1 rounded p-1 text-muted hover:bg-surface-3 hover:text-ink" aria-label={`Copy ${label.toLowerCase()}`}>
            <Copy className="size-3.5" aria-hidden />
          </button>
        )}
      </div>
      {value ? (
        <>
          <code className="mt-1 block font-mono text-xs leading-relaxed break-all text-ink">{value}</code>
          <p className="mt-1 text-xs text-muted">{note}</p>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted">{pending}</p>
      )}
    </div>
  );
}

/** The scheme in five lines (the README section "How a raffle draw can be verified" has it in full, with a test vector). */
function HowItWorks() {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-lg border border-line">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="how-the-draw-works"
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-2 px-3 py-2.5 text-left text-sm font-semibold text-accent hover:text-ink"
      >
        How the draw works
        <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      {open && (
        <ol id="how-the-draw-works" className="list-decimal space-y-1.5 border-t border-line px-3 py-3 pl-8 text-sm text-ink-2">
          <li>When the raffle opens, the site picks a secret random seed and publishes its SHA-256 hash.</li>
          <li>When entries close, it publishes the SHA-256 of the entry list: one line “entry id:member id” per entry, in id order.</li>
          <li>The draw reads numbers from SHA-256(seed:raffle id:entries hash:block) for block 0, 1, 2…</li>
          <li>Each pick takes an entry uniformly (numbers that would favour some entries are skipped); the winner’s other entries leave the pool. Redraws are the next picks.</li>
          <li>With the winners, the seed is revealed: its hash must match, and anyone can rerun steps 3–4. The project README (“How a raffle draw can be verified”) has a test vector and a script to check by hand.</li>
        </ol>
      )}
    </div>
  );
}

type Check = { state: 'idle' | 'running' } | { state: 'done'; verdict: DrawVerdict; members: Map<number, { username: string; kick_username: string | null }> } | { state: 'failed'; message: string };

/**
 * The public "Verify this draw" panel (decision 019): the commitments as they are published and, once the winners
 * are announced, a check the browser runs itself with common/raffle-draw.ts on the public entry list.
 */
export function VerifyDraw({ raffle }: { raffle: RaffleDetail }) {
  const { draw } = raffle;
  const fetchEntries = useFetchEntries(raffle.id);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const published = [...draw.picks].sort((a, b) => a.position - b.position);
  const canVerify = draw.seed !== null && draw.entries_hash !== null;

  const run = async () => {
    if (!draw.seed || !draw.entries_hash) return;
    setCheck({ state: 'running' });
    try {
      if (!globalThis.crypto?.subtle) throw new Error('This browser can only check draws on a secure (https) page.');
      const entries = await fetchEntries();
      const verdict = await verifyDraw({
        seed: draw.seed,
        seedHash: draw.seed_hash,
        raffleId: raffle.id,
        entriesHash: draw.entries_hash,
        entries: entries.map((entry) => ({ id: entry.id, user_id: entry.user.id })),
        picks: published.map((pick) => ({ entry_id: pick.entry_id, user_id: pick.user.id })),
      });
      setCheck({ state: 'done', verdict, members: new Map(entries.map((entry) => [entry.user.id, entry.user])) });
    } catch (error) {
      setCheck({ state: 'failed', message: errorMessage(error, error instanceof Error ? error.message : 'The check could not run.') });
    }
  };

  return (
    <Section id="verify-draw" title="Verify this draw" icon={<ShieldCheck className="size-5 text-accent" aria-hidden />} testId="verify-draw">
      <p className="mb-4 text-sm text-ink-2">
        The winners are fixed before anyone can know them: the site commits to a secret seed when the raffle opens and to the entry list when entries close.
        Once the winners are announced the seed is revealed, and your browser can redo the draw.
      </p>
      <div className="space-y-3">
        <HashValue label="Seed hash" value={draw.seed_hash} note="SHA-256 of the secret seed, published when the raffle opened." />
        <HashValue
          label="Entries hash"
          value={draw.entries_hash}
          note={`SHA-256 of the frozen entry list, published when entries closed${draw.entries_closed_at ? ` (${formatDate(draw.entries_closed_at)})` : ''}.`}
          pending="Published when entries close."
        />
        <HashValue label="Revealed seed" value={draw.seed} note="Revealed with the winners." pending="Revealed when the winners are announced." />
      </div>
      {canVerify && (
        <div className="mt-4 space-y-4">
          <Button className="w-full sm:w-auto" busy={check.state === 'running'} busyLabel="Verifying..." onClick={() => void run()}>
            <ShieldCheck className="size-4" aria-hidden /> Verify
          </Button>
          {check.state === 'failed' && (
            <p role="alert" className="text-sm text-red-300">
              {check.message}
            </p>
          )}
          {check.state === 'done' && (
            <>
              <DrawVerdictView verdict={check.verdict} />
              {check.verdict.picks.length > 0 && <RecomputedPicks verdict={check.verdict} published={published} winnersCount={raffle.winners_count} members={check.members} />}
            </>
          )}
        </div>
      )}
      <div className="mt-4">
        <HowItWorks />
      </div>
    </Section>
  );
}
