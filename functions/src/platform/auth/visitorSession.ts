import { jwtVerify, SignJWT } from 'jose';
import { requireSecret } from '../config/config.ts';

/**
 * Visitor sessions: a short-lived token signed by the API (HS256 with VISITOR_SESSION_SECRET), held by
 * the visitor build and sent as a bearer token, so it works with the API on another origin than the site
 * (no cookies). It names a move and the move's `sessionVersion` when it was made: raising the version
 * (a new password, the move disabled) voids every session made before. Knows no feature: the caller
 * compares the claims with its own data.
 */
export interface VisitorClaims {
  /** The move the session is for. */
  moveId: string;
  /** The move's session version when signed in. */
  version: number;
  /** Who signed in: their e-mail address, or '' for password only (and for a movers' pass). */
  visitor: string;
  /** A movers' pass's session: the pass's id (a new pass, or revoking it, ends the session). */
  pass?: string;
  /** A personal link's session: the person's id and a tag of the token's hash (a replaced token ends the session). */
  person?: { id: string; tokenTag: string };
  expiresAt: Date;
}

const ISSUER = 'movers-api';
const AUDIENCE = 'movers-visit';
const ALGORITHM = 'HS256';

let key: { secret: string; bytes: Uint8Array } | undefined;
/**
 * The signing key. A secret that is missing, too short or an unresolved Key Vault reference is never a
 * key: 503 (platform/config/config.ts), so no session is issued and none is accepted.
 */
function secretKey(): Uint8Array {
  const secret = requireSecret('VISITOR_SESSION_SECRET', { feature: 'visitor sign-in', minLength: 32 });
  if (key?.secret !== secret) key = { secret, bytes: new TextEncoder().encode(secret) };
  return key.bytes;
}

/** Throws 503 when visitor sessions cannot be issued (checked before a sign-in counts or checks anything). */
export function assertVisitorSessionsConfigured(): void {
  secretKey();
}

export async function signVisitorSession(claims: Omit<VisitorClaims, 'expiresAt'>, lifetimeSeconds: number): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Math.floor(Date.now() / 1000 + lifetimeSeconds) * 1000);
  const token = await new SignJWT({
    mv: claims.moveId,
    sv: claims.version,
    vis: claims.visitor,
    ...(claims.pass ? { mp: claims.pass } : {}),
    ...(claims.person ? { pr: claims.person.id, pt: claims.person.tokenTag } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secretKey());
  return { token, expiresAt };
}

/**
 * The claims of a valid, unexpired session token; undefined for anything else (no reason is given out).
 * Throws 503 when the key cannot be used: no token is checked against a bad one.
 */
export async function verifyVisitorSession(authorization: string | null): Promise<VisitorClaims | undefined> {
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization?.trim() ?? '');
  if (!match) return undefined;
  const key = secretKey();
  try {
    const { payload } = await jwtVerify(match[1], key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
    if (typeof payload.mv !== 'string' || typeof payload.sv !== 'number' || typeof payload.vis !== 'string' || !payload.exp) return undefined;
    if (payload.mp !== undefined && typeof payload.mp !== 'string') return undefined;
    if ((payload.pr !== undefined || payload.pt !== undefined) && (typeof payload.pr !== 'string' || typeof payload.pt !== 'string')) return undefined;
    const person = typeof payload.pr === 'string' && typeof payload.pt === 'string' ? { id: payload.pr, tokenTag: payload.pt } : undefined;
    return { moveId: payload.mv, version: payload.sv, visitor: payload.vis, pass: payload.mp, person, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return undefined;
  }
}
