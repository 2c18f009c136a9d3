import type { ResponseType } from '@microsoft/microsoft-graph-client';
import { photoSizes } from '@movers/contracts';
import { badRequest } from '../../platform/http/errors.ts';
import { file, noFile, type Result } from '../../platform/http/responses.ts';
import { graphClient } from '../../platform/graph/client.ts';

const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif']);

/**
 * Streams a directory user's photo through the API, so the browser never needs a Graph token. A user
 * without a photo is an ordinary answer, 204 with no body, not a 404 that browsers log as an error.
 */
export async function userPhoto(userId: string, size: string): Promise<Result<Blob>> {
  if (!(photoSizes as readonly string[]).includes(size)) throw badRequest(`size must be one of ${photoSizes.join(', ')}`);
  const response = (await (
    await graphClient()
  )
    .api(`/users/${encodeURIComponent(userId)}/photos/${size}/$value`)
    // ResponseType.RAW, by value: importing the enum would load the Graph SDK at start.
    .responseType('raw' as ResponseType)
    .get()) as Response;
  if (response.status === 404) return noFile();
  if (!response.ok) throw new Error(`Graph photo request failed: ${response.status}`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  if (!imageTypes.has(type)) return noFile();
  return file(new Uint8Array(await response.arrayBuffer()), {
    'Content-Type': type,
    'Cache-Control': 'private, max-age=3600',
  });
}
