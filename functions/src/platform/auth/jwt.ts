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

/** Verifies signature (JWKS), issuer, audience and expiry. Anything wrong is a 401. */
export async function verifyAccessToken(authorization: string | null): Promise<AccessTokenClaims> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw unauthorized('missing bearer token');
  try {
    const { payload } = await jwtVerify<AccessTokenClaims>(match[1], keySet(), {
      issuer: requireSetting('AUTH_ISSUER'),
      audience: requireSetting('AUTH_AUDIENCE'),
      algorithms: ['RS256', 'PS256', 'ES256'],
      clockTolerance: 60,
    });
    if (!payload.oid && !payload.sub) throw new Error('token has no subject');
    return payload;
  } catch {
    throw unauthorized('invalid or expired token');
  }
}
