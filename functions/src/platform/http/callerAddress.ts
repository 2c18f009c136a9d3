import type { HttpRequest } from '@azure/functions';

/**
 * The caller's address, for rate limits: the last hop of `X-Forwarded-For`, the one Azure's front end
 * appends (the Functions worker sees no socket); the hops before it are whatever the caller wrote, so a
 * forged header neither changes the address nor spends another caller's attempts. Else `X-Client-Ip`,
 * else 'unknown'. The local dev host appends its socket's address the same way. A port (`1.2.3.4:5678`,
 * as Azure writes it) is dropped.
 */
export function callerAddress(request: HttpRequest): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
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
