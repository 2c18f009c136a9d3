import { TOAST_MS } from '@movers/contracts';
import { LazyMessageBar } from '../LazyMessageBar.tsx';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

type Kind = 'success' | 'error' | 'warning';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
  /** How long it shows (the spec's settings toasts 3 s, the others 4 s). */
  ms: number;
}

const ToastContext = createContext<(kind: Kind, text: string, hideAfterMs?: number) => void>(() => undefined);

/**
 * Toasts in the success or error colour that hide after 4 s (spec part 1, section 8). A toast that is
 * already showing the same words is not repeated: it stays 4 s more. They appear at the foot of the
 * window, centred (across it on a phone): at the top they covered the breadcrumb and the heading the user
 * reads after saving, and a list's pager sits at the right of its foot. A toast may ask for
 * its own time: the move settings' toasts hide after 3 s (spec part 2, section 8) wherever they show.
 */
export function ToastProvider({ children, hideAfterMs = TOAST_MS }: { children: ReactNode; hideAfterMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<string, { id: number; timer: number }>());
  const dismiss = useCallback((id: number) => {
    for (const [key, entry] of timers.current) if (entry.id === id) timers.current.delete(key);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const show = useCallback(
    (kind: Kind, text: string, ownMs?: number) => {
      const key = `${kind}:${text}`;
      const ms = ownMs ?? hideAfterMs;
      const shown = timers.current.get(key);
      if (shown) {
        window.clearTimeout(shown.timer);
        shown.timer = window.setTimeout(() => dismiss(shown.id), ms);
        return;
      }
      const id = next.current++;
      timers.current.set(key, { id, timer: window.setTimeout(() => dismiss(id), ms) });
      setToasts((all) => [...all, { id, kind, text, ms }]);
    },
    [dismiss, hideAfterMs],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', width: 'min(360px, calc(100vw - 32px))', zIndex: 1000000 }}
      >
        {toasts.map((t) => (
          // The time it shows is on the element, so a test reads it instead of timing the page.
          <div key={t.id} data-hides-after-ms={t.ms}>
            <LazyMessageBar kind={t.kind} onDismiss={() => dismiss(t.id)} marginTop={8}>
              {t.text}
            </LazyMessageBar>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  return useMemo(
    () => ({
      success: (text: string, hideAfterMs?: number) => show('success', text, hideAfterMs),
      error: (text: string, hideAfterMs?: number) => show('error', text, hideAfterMs),
      warning: (text: string, hideAfterMs?: number) => show('warning', text, hideAfterMs),
    }),
    [show],
  );
}
