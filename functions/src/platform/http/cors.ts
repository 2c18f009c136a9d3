import type { HttpRequest, HttpResponseInit } from '@azure/functions';
import { readSetting } from '../config/config.ts';

/**
 * CORS, answered by the app itself in Azure and locally alike. Azure's platform CORS for Functions has
 * allowed origins only and cannot expose headers, so a browser could not read ETag, Content-Disposition
 * or Retry-After from a cross-origin answer (every reorder and the people import would be a 428); so the
 * platform's is off (infra/) and the pipeline adds these to every answer, and answers preflights.
 */
export const exposedHeaders = 'ETag, Content-Disposition, Retry-After, Idempotent-Replayed';
const allowedMethods = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const allowedHeaders = 'Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, X-Document-Store-Token, X-Wall-Token';

let allowed: { setting: string; origins: Set<string> } | undefined;
function allowedOrigins(): Set<string> {
  let setting: string;
  try {
    setting = readSetting('CORS_ALLOWED_ORIGINS') ?? '';
  } catch {
    // An unusable setting (logged by readSetting) allows no origin; every answer still gets its headers.
    setting = '';
  }
  if (allowed?.setting !== setting)
    allowed = {
      setting,
      origins: new Set(
        setting
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    };
  return allowed.origins;
}

/** The CORS headers of an answer to `request`: none for a request of no origin or of one not allowed. */
export function corsHeaders(request: Pick<HttpRequest, 'headers'>): Record<string, string> {
  const origin = request.headers.get('origin');
  // Vary on every answer, so that a cache never hands one origin's answer to another.
  if (!origin || !allowedOrigins().has(origin)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': exposedHeaders, Vary: 'Origin' };
}

/** The answer to a preflight (OPTIONS): what an allowed origin may send; for another origin, no permission. */
export function preflight(request: Pick<HttpRequest, 'headers'>): HttpResponseInit {
  const cors = corsHeaders(request);
  if (!cors['Access-Control-Allow-Origin']) return { status: 204, headers: cors };
  return {
    status: 204,
    headers: { ...cors, 'Access-Control-Allow-Methods': allowedMethods, 'Access-Control-Allow-Headers': allowedHeaders, 'Access-Control-Max-Age': '600' },
  };
}
