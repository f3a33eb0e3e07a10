/* The few DOM helpers the overlay needs: it is plain TypeScript, so OBS loads a few kilobytes and no framework. */

/** The overlay's transition length (spec 2 §9: about 0.4 s); overlay.css uses the same value. */
export const TRANSITION_MS = 400;

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Sets a value as text (never markup); a changed value fades in so viewers see what moved. */
export function setText(node: HTMLElement, text: string): void {
  if (node.textContent === text) return;
  const hadText = node.textContent !== '';
  node.textContent = text;
  if (hadText && !reducedMotion.matches) {
    node.animate(
      [
        { opacity: 0.15, transform: 'translateY(6px)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: TRANSITION_MS, easing: 'ease-out' },
    );
  }
}

/** Sets a data attribute that overlay.css styles (and transitions) by. */
export function setData(node: HTMLElement, name: string, value: string | undefined): void {
  if (value === undefined) delete node.dataset[name];
  else if (node.dataset[name] !== value) node.dataset[name] = value;
}
