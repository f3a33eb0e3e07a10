import { Popover } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * The panel of a top-bar popover (friends, notifications, daily bonus): in a portal, under its button,
 * kept on screen, in the site's card style. `className` sets the width and any layout on top.
 */
export function TopBarPopoverContent({ className, ...props }: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={10}
        collisionPadding={12}
        className={cn('z-50 animate-fade-in rounded-xl border border-line bg-surface shadow-2xl shadow-black/50', className)}
        {...props}
      />
    </Popover.Portal>
  );
}
