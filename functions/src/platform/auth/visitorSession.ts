import { jwtVerify, SignJWT } from 'jose';
import { requireSetting } from '../config/config.ts';

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
  expiresAt: Date;
}

const ISSUER = 'movers-api';
const AUDIENCE = 'movers-visit';
const ALGORITHM = 'HS256';

let key: { secret: string; bytes: Uint8Array } | undefined;
function secretKey(): Uint8Array {
  const secret = requireSetting('VISITOR_SESSION_SECRET');
  if (secret.length < 32) throw new Error('VISITOR_SESSION_SECRET must be at least 32 characters');
  if (key?.secret !== secret) key = { secret, bytes: new TextEncoder().encode(secret) };
  return key.bytes;
}

export async function signVisitorSession(claims: Omit<VisitorClaims, 'expiresAt'>, lifetimeSeconds: number): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Math.floor(Date.now() / 1000 + lifetimeSeconds) * 1000);
  const token = await new SignJWT({ mv: claims.moveId, sv: claims.version, vis: claims.visitor, ...(claims.pass ? { mp: claims.pass } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secretKey());
  return { token, expiresAt };
}

/** The claims of a valid, unexpired session token; undefined for anything else (no reason is given out). */
export async function verifyVisitorSession(authorization: string | null): Promise<VisitorClaims | undefined> {
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization?.trim() ?? '');
  if (!match) return undefined;
  try {
    const { payload } = await jwtVerify(match[1], secretKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
    if (typeof payload.mv !== 'string' || typeof payload.sv !== 'number' || typeof payload.vis !== 'string' || !payload.exp) return undefined;
    if (payload.mp !== undefined && typeof payload.mp !== 'string') return undefined;
    return { moveId: payload.mv, version: payload.sv, visitor: payload.vis, pass: payload.mp, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return undefined;
  }
}
