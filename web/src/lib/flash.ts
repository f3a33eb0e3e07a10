import type { ToastType } from './toast';

/** Reads (and removes) the one-time message the server left in the `flash` cookie after a redirect. */
export function takeFlash(): { type: ToastType; message: string } | null {
  const raw = document.cookie.split('; ').find((part) => part.startsWith('flash='));
  if (!raw) return null;
  document.cookie = 'flash=; Max-Age=0; path=/';
  try {
    const parsed = JSON.parse(decodeURIComponent(raw.slice('flash='.length))) as { type?: string; message?: unknown };
    const type = ['success', 'error', 'warning', 'info'].includes(parsed.type ?? '') ? (parsed.type as ToastType) : 'info';
    return typeof parsed.message === 'string' ? { type, message: parsed.message } : null;
  } catch {
    return null;
  }
}
