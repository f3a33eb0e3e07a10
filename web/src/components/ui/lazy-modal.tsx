import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './modal';

const Modal = lazy(() => import('./modal').then((module) => ({ default: module.Modal })));

/**
 * A Modal whose code (Radix Dialog: focus trap, scroll lock) is fetched when it first opens, for pages that must
 * paint fast and whose dialogs only some visitors open (the home page's bonus dialogs).
 */
export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
