import type { ReportCategory, VisitArrival, VisitMe, VisitPacked, VisitReport } from '@movers/contracts/src/moveDay.ts';
import { apiUrl, type Early, VisitError, visitRequest as request, visitSessionHeaders as sessionHeaders } from './api.ts';

/**
 * The person's own move-day calls (issue 36; `contracts/src/api/routes/moveDay.ts`), loaded with their
 * page and the personal link's sign-in only, so the login page's first load does not grow.
 */
export const moveDayApi = {
  /** The signed-in person's own move page (a personal link's session only). */
  me: (path: string, early?: Early<VisitMe>) => request<VisitMe>(path, '/me', {}, early),
  /**
   * 'I'm here' (once per person; the key makes a send the worker kept arrive once). Offline, the service
   * worker keeps it and answers 202: it is sent when the network is back.
   */
  arrive: async (path: string, idempotencyKey: string): Promise<VisitArrival | 'kept'> => {
    const answer = await request<VisitArrival | { kept: true }>(path, '/arrival', { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } });
    return 'kept' in answer ? 'kept' : answer;
  },
  undoArrival: (path: string, etag: string | undefined) => request<void>(path, '/arrival', { method: 'DELETE', headers: etag ? { 'If-Match': etag } : {} }),
  /** 'My crates are packed' (issue 48), once per person; DELETE takes it back. */
  packed: (path: string) => request<VisitPacked>(path, '/packed', { method: 'POST' }),
  undoPacked: (path: string, etag: string | undefined) => request<void>(path, '/packed', { method: 'DELETE', headers: etag ? { 'If-Match': etag } : {} }),
  /** 'Something is wrong at my seat'; offline, kept by the worker as `arrive` is. */
  report: async (path: string, body: { category: ReportCategory; text: string }, idempotencyKey: string): Promise<VisitReport | 'kept'> => {
    const answer = await request<VisitReport | { kept: true }>(path, '/reports', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return 'kept' in answer ? 'kept' : answer;
  },
  /**
   * A report's photo. `report` is the report's id, or (a report the worker kept offline) `kept-{its key}`:
   * the worker keeps the photo and sends it after the report, with the report's id.
   */
  async reportPhoto(path: string, report: string, photo: File): Promise<'sent' | 'kept'> {
    const form = new FormData();
    form.append('photo', photo, photo.name || 'photo.jpg');
    const response = await fetch(apiUrl(`/v1/visit/${encodeURIComponent(path)}/reports/${encodeURIComponent(report)}/photo`), {
      method: 'POST',
      headers: { ...sessionHeaders(path), Accept: 'application/json' },
      body: form,
    });
    if (response.status === 202) return 'kept';
    if (!response.ok) {
      const body = response.headers.get('content-type')?.includes('json') ? await response.json() : undefined;
      throw new VisitError(response.status, body?.error?.message ?? response.statusText);
    }
    return 'sent';
  },
};
