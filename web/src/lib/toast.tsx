import { CheckCircle2, Info, TriangleAlert, X, XCircle } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** Spec 1 §2/§9: default titles, 5 s (errors 7 s), 0.3 s exit. */
export const TOAST_TITLES: Record<ToastType, string> = { success: 'Success!', error: 'Error!', warning: 'Warning!', info: 'Info' };
export const TOAST_DURATION_MS = 5000;
export const ERROR_TOAST_DURATION_MS = 7000;
export const TOAST_EXIT_MS = 300;

interface Toast {
  id: number;
  type: ToastType;
  title: string;
  message: string;
  leaving: boolean;
}

type Show = (message: string, title?: string) => void;
interface ToastApi {
  success: Show;
  error: Show;
  warning: Show;
  info: Show;
}

const ToastContext = createContext<ToastApi | null>(null);

const ICONS = { success: CheckCircle2, error: XCircle, warning: TriangleAlert, info: Info };
const TONES: Record<ToastType, string> = {
  success: 'border-success/40 [&_svg.icon]:text-success',
  error: 'border-danger/50 [&_svg.icon]:text-danger',
  warning: 'border-warning/40 [&_svg.icon]:text-warning',
  info: 'border-info/40 [&_svg.icon]:text-info',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setToasts((list) => list.filter((toast) => toast.id !== id));
      }, TOAST_EXIT_MS),
    );
  }, []);

  const show = useCallback(
    (type: ToastType) => (message: string, title?: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, type, title: title ?? TOAST_TITLES[type], message, leaving: false }]);
    },
    [],
  );

  // A toast's time counts from when it is on the page, not from the call: a busy page may show it late.
  useEffect(() => {
    for (const toast of toasts) {
      if (toast.leaving || timers.current.has(toast.id)) continue;
      timers.current.set(toast.id, setTimeout(() => dismiss(toast.id), toast.type === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS));
    }
  }, [toasts, dismiss]);

  const api = useMemo<ToastApi>(
    () => ({ success: show('success'), error: show('error'), warning: show('warning'), info: show('info') }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed top-20 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-3">
        {toasts.map((toast) => {
          const Icon = ICONS[toast.type];
          return (
            <div
              key={toast.id}
              role={toast.type === 'error' ? 'alert' : 'status'}
              data-toast={toast.type}
              className={`pointer-events-auto flex items-start gap-3 rounded-xl border bg-surface-2/95 p-4 shadow-lg shadow-black/30 backdrop-blur ${TONES[toast.type]} ${toast.leaving ? 'animate-toast-out' : 'animate-toast-in'}`}
            >
              <Icon className="icon mt-0.5 size-5 shrink-0" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">{toast.title}</p>
                <p className="mt-0.5 text-sm break-words text-ink-2">{toast.message}</p>
              </div>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="-m-1 rounded-md p-1 text-muted hover:bg-surface-3 hover:text-ink"
                aria-label="Dismiss notification"
              >
                <X className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}
