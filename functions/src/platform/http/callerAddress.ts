import type { HttpRequest } from '@azure/functions';

/**
 * The caller's address, for rate limits: the first hop of `X-Forwarded-For` (Azure's front end sets the
 * header; the Functions worker sees no socket), else `X-Client-Ip`, else 'unknown'. The local dev host
 * sets `X-Forwarded-For` from its socket when the request has none. A port (`1.2.3.4:5678`, as Azure
 * writes it) is dropped. The first hop can be written by the caller: a limit per address alone is not a
 * defence, so every limit that matters also has a per-target counter (the move) that no address change
 * escapes.
 */
export function callerAddress(request: HttpRequest): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const raw = forwarded || request.headers.get('x-client-ip')?.trim() || 'unknown';
  return stripPort(raw).toLowerCase().slice(0, 64);
}

function stripPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1];
  // IPv4 with a port; a bare IPv6 address has more than one colon and is kept as it is.
  if (/^[\d.]+:\d+$/.test(address)) return address.slice(0, address.lastIndexOf(':'));
  return address;
}
