import { useCallback, useRef, useState } from 'react';

/**
 * One user action sent once. A second press while the first is under way does nothing (a double click
 * once added every pasted name twice), and the same content sent again after a failure carries the
 * same Idempotency-Key, so the API stores it once even when the first send did arrive; changed content
 * is a new send with a new key.
 */
export function useSendOnce() {
  const underWay = useRef(false);
  const last = useRef({ key: '', content: '' });
  const [sending, setSending] = useState(false);
  const send = useCallback(async <T>(content: unknown, action: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
    if (underWay.current) return undefined;
    underWay.current = true;
    setSending(true);
    const text = JSON.stringify(content);
    if (last.current.content !== text) last.current = { key: crypto.randomUUID(), content: text };
    try {
      const result = await action(last.current.key);
      last.current = { key: '', content: '' };
      return result;
    } finally {
      underWay.current = false;
      setSending(false);
    }
  }, []);
  return { sending, send };
}
