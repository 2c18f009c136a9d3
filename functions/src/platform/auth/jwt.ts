import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { requireSetting } from '../config/config.ts';
import { unauthorized } from '../http/errors.ts';

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
let jwksUri: string | undefined;

function keySet() {
  const uri = requireSetting('AUTH_JWKS_URI');
  if (!jwks || uri !== jwksUri) {
    jwks = createRemoteJWKSet(new URL(uri), { cooldownDuration: 30_000 });
    jwksUri = uri;
  }
  return jwks;
}

export interface AccessTokenClaims extends JWTPayload {
  oid?: string;
  tid?: string;
  name?: string;
  preferred_username?: string;
  roles?: string[];
  scp?: string;
}

const CLOCK_TOLERANCE_S = 60;

/**
 * Tokens whose signature, issuer and audience were checked, by their exact text. A client sends the
 * same token with every call for its lifetime, and checking an RSA signature costs more than the rest
 * of a cheap request; so a verified token is remembered until it expires, for at most a few minutes
 * (a key removed from the JWKS stops counting after that), under the settings it was checked against.
 */
const VERIFIED_FOR_MS = 5 * 60_000;
const VERIFIED_MAX = 5_000;
const verified = new Map<string, { claims: AccessTokenClaims; until: number; expected: string }>();

function remember(token: string, claims: AccessTokenClaims, expected: string) {
  const expiresAt = typeof claims.exp === 'number' ? (claims.exp + CLOCK_TOLERANCE_S) * 1000 : Number.POSITIVE_INFINITY;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string); // the oldest entry
  verified.set(token, { claims, until: Math.min(expiresAt, Date.now() + VERIFIED_FOR_MS), expected });
}

/** Verifies signature (JWKS), issuer, audience and expiry. Anything wrong is a 401. */
export async function verifyAccessToken(authorization: string | null): Promise<AccessTokenClaims> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw unauthorized('missing bearer token');
  const token = match[1];
  const issuer = requireSetting('AUTH_ISSUER');
  const audience = requireSetting('AUTH_AUDIENCE');
  const keys = keySet();
  const expected = `${issuer}\n${audience}\n${jwksUri}`;
  const known = verified.get(token);
  if (known) {
    if (known.expected === expected && Date.now() < known.until) return known.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify<AccessTokenClaims>(token, keys, {
      issuer,
      audience,
      algorithms: ['RS256', 'PS256', 'ES256'],
      clockTolerance: CLOCK_TOLERANCE_S,
    });
    if (!payload.oid && !payload.sub) throw new Error('token has no subject');
    const claims = Object.freeze(payload);
    remember(token, claims, expected);
    return claims;
  } catch {
    throw unauthorized('invalid or expired token');
  }
}
