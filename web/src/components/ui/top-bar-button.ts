/** A top-bar icon button (friends, daily bonus, notifications), the same before and after its popover's code arrives. */
export const TOP_BAR_ICON_BUTTON =
  'relative inline-flex size-9 items-center justify-center rounded-lg text-ink-2 transition hover:bg-surface-2 hover:text-ink data-[state=open]:bg-surface-2 data-[state=open]:text-ink';

/** What a light trigger carries in place of Radix's trigger attributes until the popover is loaded. */
export const CLOSED_POPOVER_TRIGGER = { type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': false, 'data-state': 'closed' } as const;
