import { Menu } from 'lucide-react';
import { onIntent, useIntent } from '@web/lib/load-on-intent';

export const MENU_BUTTON = 'inline-flex size-10 items-center justify-center rounded-lg text-ink-2 hover:bg-surface-2 hover:text-ink md:hidden';

// The dialog (focus trap, scroll lock) is not needed to paint the page: it comes on the first touch of the hamburger.
const dialog = onIntent(() => import('./MobileMenuDialog'));

/** The hamburger; the menu behind it is MobileMenuDialog. */
export function MobileMenu() {
  const { value, handlers, handoff } = useIntent(dialog);
  if (value) return <value.default handoff={handoff} />;
  return (
    <button type="button" aria-haspopup="dialog" aria-expanded={false} data-state="closed" className={MENU_BUTTON} aria-label="Open menu" {...handlers}>
      <Menu className="size-6" />
    </button>
  );
}
