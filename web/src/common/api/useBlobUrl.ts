import { useEffect, useState } from 'react';
import { useApi } from './ApiContext.tsx';

/**
 * A file the API serves (a photo, a move image) as an object URL for an <img>: the API needs the bearer
 * token, which an <img> cannot send. Undefined while loading, on failure and when the answer is empty
 * (204: the directory has no photo). `null` path: nothing to load.
 */
export function useBlobUrl(path: string | null): string | undefined {
  const api = useApi();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!path) return;
    let objectUrl: string | undefined;
    let cancelled = false;
    api
      .blob(path)
      .then((blob) => {
        if (cancelled || blob.size === 0) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, path]);
  return url;
}
