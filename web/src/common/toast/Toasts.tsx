import { MessageBarType } from '@fluentui/react';
import { TOAST_MS } from '@movers/contracts';
import { LazyMessageBar } from '../LazyMessageBar.tsx';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

type Kind = 'success' | 'error' | 'warning';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

const ToastContext = createContext<(kind: Kind, text: string) => void>(() => undefined);

const barType: Record<Kind, MessageBarType> = {
  success: MessageBarType.success,
  error: MessageBarType.error,
  warning: MessageBarType.warning,
};

/** Toasts in the success or error colour that hide after 4 s (spec part 1, section 8). */
export function ToastProvider({ children, hideAfterMs = TOAST_MS }: { children: ReactNode; hideAfterMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (kind: Kind, text: string) => {
      const id = next.current++;
      setToasts((all) => [...all, { id, kind, text }]);
      window.setTimeout(() => dismiss(id), hideAfterMs);
    },
    [dismiss, hideAfterMs],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" style={{ position: 'fixed', right: 16, bottom: 16, width: 360, zIndex: 1000000 }}>
        {toasts.map((t) => (
          <LazyMessageBar
            key={t.id}
            messageBarType={barType[t.kind]}
            onDismiss={() => dismiss(t.id)}
            dismissButtonAriaLabel="Close"
            styles={{ root: { marginTop: 8 } }}
          >
            {t.text}
          </LazyMessageBar>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  return useMemo(
    () => ({
      success: (text: string) => show('success', text),
      error: (text: string) => show('error', text),
      warning: (text: string) => show('warning', text),
    }),
    [show],
  );
}
