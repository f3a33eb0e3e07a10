import { formatCount } from '@common/format';
import { TICKET_TEXT_MAX } from '@common/tickets';


/** A text field's label with its live character counter on the right ('12 / 5,000', spec 2 §5). */
export function CountedLabel({ label, length, max = TICKET_TEXT_MAX, testId }: { label: string; length: number; max?: number; testId: string }) {
  return (
    <span className="flex items-baseline justify-between gap-3">
      {label}
      <span data-testid={testId} className="text-xs font-normal text-muted tabular-nums">
        {formatCount(length)} / {formatCount(max)}
      </span>
    </span>
  );
}
