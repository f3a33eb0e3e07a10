import type { MyClaim } from '@common/contracts/challenges';
import { formatMultiplier } from '@common/format';
import { ClipboardList, MessageSquareQuote } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { SlotImage } from '@web/components/ui/slot-image';
import { ClaimStatusBadge, formatWhen } from './challenge-display';

function Evidence({ images }: { images: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Evidence images">
      {images.map((path, index) => (
        <li key={path}>
          {/* Full size in a new tab: the stored file is served as an inert image. */}
          <a
            href={`/storage/${path}`}
            target="_blank"
            rel="noopener noreferrer"
            className="block size-16 overflow-hidden rounded-lg border border-line bg-surface-3 transition hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="evidence-thumbnail"
          >
            <img src={`/storage/${path}`} alt={`Evidence image ${index + 1}`} loading="lazy" width={64} height={64} className="size-full object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ClaimCard({ claim, onOpen }: { claim: MyClaim; onOpen(): void }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="my-claim" data-status={claim.status}>
      <div className="flex items-start gap-3">
        <SlotImage image={claim.challenge.slot_image} className="size-12" />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold break-words text-ink">
            <button type="button" onClick={onOpen} className="text-left hover:text-accent focus-visible:outline-2 focus-visible:outline-accent">
              {claim.challenge.slot_name}
            </button>
          </h3>
          <p className="text-sm text-ink-2">
            Target <span className="font-bold text-gradient tabular-nums">{formatMultiplier(claim.challenge.multiplier)}</span>
          </p>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="text-sm break-words whitespace-pre-line text-ink-2" data-testid="my-claim-description">
        {claim.description}
      </p>
      {claim.evidence_images.length > 0 && <Evidence images={claim.evidence_images} />}
      {claim.admin_notes && (
        <div className="rounded-lg border border-line bg-surface-2/60 px-3 py-2 text-sm" data-testid="admin-notes">
          <p className="mb-0.5 flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted uppercase">
            <MessageSquareQuote className="size-3.5" aria-hidden /> Admin notes
          </p>
          <p className="break-words whitespace-pre-line text-ink">{claim.admin_notes}</p>
        </div>
      )}
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted tabular-nums">
        <span data-testid="claim-created">
          Submitted <time dateTime={claim.created_at}>{formatWhen(claim.created_at)}</time>
        </span>
        {claim.reviewed_at && (
          <span data-testid="claim-reviewed">
            Reviewed <time dateTime={claim.reviewed_at}>{formatWhen(claim.reviewed_at)}</time>
          </span>
        )}
      </p>
    </Card>
  );
}

/** Spec 1 My Claims: slot, multiplier, status with colour and icon, description, evidence, admin notes, dates; newest first. */
export function MyClaims({ claims, onOpen }: { claims: MyClaim[] | undefined; onOpen(challengeId: number): void }) {
  if (!claims) {
    return (
      <div className="grid gap-4 md:grid-cols-2" aria-label="Loading your claims">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-48 rounded-xl" />
        ))}
      </div>
    );
  }
  if (claims.length === 0) {
    return (
      <Card>
        <EmptyState icon={ClipboardList} title="No Claims Yet">
          You haven't submitted any challenge claims yet.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {claims.map((claim) => (
        <ClaimCard key={claim.id} claim={claim} onOpen={() => onOpen(claim.challenge.id)} />
      ))}
    </div>
  );
}
