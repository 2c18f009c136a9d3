import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import { readSetting, requireSetting } from '../config/config.ts';
import { HttpError, unauthorized } from '../http/errors.ts';

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
 * Tokens whose signature, issuer and audience were checked, by the exact Authorization header. A client sends the
 * same token with every call for its lifetime, and checking an RSA signature costs more than the rest
 * of a cheap request; so a verified token is remembered until it expires, for at most a few minutes
 * (a key removed from the JWKS stops counting after that), under the settings it was checked against.
 */
const VERIFIED_FOR_MS = 5 * 60_000;
const VERIFIED_MAX = 5_000;
const verified = new Map<string, { claims: AccessTokenClaims; until: number; issuer: string; audience: string; jwksUri: string }>();

function remember(authorization: string, claims: AccessTokenClaims, expected: { issuer: string; audience: string; jwksUri: string }) {
  const expiresAt = typeof claims.exp === 'number' ? (claims.exp + CLOCK_TOLERANCE_S) * 1000 : Number.POSITIVE_INFINITY;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string); // the oldest entry
  verified.set(authorization, { claims, until: Math.min(expiresAt, Date.now() + VERIFIED_FOR_MS), ...expected });
}

/** The API's delegated scope as it appears in `scp` (Entra gives the scope's name without the app id URI). */
const apiScopeName = () => readSetting('AUTH_SCOPE') ?? 'access_as_user';
/** The tenant the issuer belongs to: Entra's issuer is `https://login.microsoftonline.com/{tenant}/v2.0`. */
const tenantOf = (issuer: string) => /\/([^/]+)\/v2\.0\/?$/.exec(issuer)?.[1];

/**
 * A user's token for this API from this tenant: app-only tokens (client credentials, no `scp` or
 * `idtyp: app`) are refused even when they carry roles, and so is a token without the API's scope.
 */
function assertDelegatedForThisTenant(claims: AccessTokenClaims, issuer: string) {
  if ((claims as { idtyp?: string }).idtyp === 'app') throw new Error('app-only token');
  const scopes = typeof claims.scp === 'string' ? claims.scp.split(' ') : [];
  if (!scopes.includes(apiScopeName())) throw new SetUpRefusal('scope', `its scp (${shown(claims.scp)}) lacks the API's scope ${apiScopeName()} (AUTH_SCOPE)`);
  const tenant = readSetting('AUTH_TENANT_ID') || tenantOf(issuer);
  if (!tenant || claims.tid !== tenant) throw new SetUpRefusal('tenant', `its tenant (tid ${shown(claims.tid)}) is not ${tenant ?? '(none)'} (AUTH_TENANT_ID)`);
}

/** A refusal that points at how the API or its app registration is set up, not at a stale or forged token. */
class SetUpRefusal extends Error {
  constructor(
    readonly kind: string,
    readonly why: string,
  ) {
    super(why);
  }
}

/** A claim's value for a log line: short, printable, never more of the token than that claim. */
const shown = (value: unknown) =>
  value === undefined
    ? '(none)'
    : JSON.stringify(value)
        .slice(0, 120)
        .replace(/[^\x20-\x7e]/g, '?');

/**
 * Why a token was refused, when the reason suggests the API's settings or its app registration are wrong
 * (another issuer, audience, tenant or scope; a v1.0 token): every sign-in then ends in the same generic 401,
 * and only the log can say why.
 */
function setUpRefusal(error: unknown, token: string, expected: { issuer: string; audience: string } | undefined): SetUpRefusal | undefined {
  if (error instanceof SetUpRefusal) return error;
  if (!(error instanceof errors.JWTClaimValidationFailed) || !expected) return undefined;
  let claims: JWTPayload & { ver?: unknown };
  try {
    claims = decodeJwt(token);
  } catch {
    return undefined;
  }
  if (claims.ver === '1.0')
    return new SetUpRefusal(
      'version',
      `it is a version 1.0 token (issuer ${shown(claims.iss)}): set the API registration's manifest to version 2 tokens (accessTokenAcceptedVersion, or api.requestedAccessTokenVersion in the new editor)`,
    );
  if (error.claim === 'iss') return new SetUpRefusal('issuer', `its issuer is ${shown(claims.iss)}, AUTH_ISSUER is ${shown(expected.issuer)}`);
  if (error.claim === 'aud') return new SetUpRefusal('audience', `its audience is ${shown(claims.aud)}, AUTH_AUDIENCE is ${shown(expected.audience)}`);
  return undefined;
}

/** Each reason (kind and what differed) logged once; a bounded number, so odd tokens cannot flood the log. */
const loggedRefusals = new Set<string>();
function logRefusal(refusal: SetUpRefusal) {
  if (loggedRefusals.has(refusal.why) || loggedRefusals.size >= 50) return;
  loggedRefusals.add(refusal.why);
  console.error(`access token refused (${refusal.kind}): ${refusal.why}`);
}

/** Verifies signature (JWKS), issuer, audience, expiry, the delegated API scope and the tenant. Anything wrong is a 401. */
export async function verifyAccessToken(authorization: string | null): Promise<AccessTokenClaims> {
  // Keyed by the whole header: a token seen before is found without parsing the header again.
  const known = authorization ? verified.get(authorization) : undefined;
  if (known) {
    const current =
      known.issuer === readSetting('AUTH_ISSUER') && known.audience === readSetting('AUTH_AUDIENCE') && known.jwksUri === readSetting('AUTH_JWKS_URI');
    if (current && Date.now() < known.until) return known.claims;
    verified.delete(authorization!);
  }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw unauthorized('missing bearer token');
  let expected: { issuer: string; audience: string; jwksUri: string } | undefined;
  try {
    const keys = keySet();
    expected = { issuer: requireSetting('AUTH_ISSUER'), audience: requireSetting('AUTH_AUDIENCE'), jwksUri: jwksUri! };
    const { payload } = await jwtVerify<AccessTokenClaims>(match[1], keys, {
      issuer: expected.issuer,
      // Entra v2 tokens name the API by its client id; the Application ID URI only where configured.
      audience: expected.audience.split(',').map((a) => a.trim()),
      algorithms: ['RS256', 'PS256', 'ES256'],
      clockTolerance: CLOCK_TOLERANCE_S,
    });
    if (!payload.oid && !payload.sub) throw new Error('token has no subject');
    assertDelegatedForThisTenant(payload, expected.issuer);
    const claims = Object.freeze(payload);
    remember(authorization!, claims, expected);
    return claims;
  } catch (error) {
    // A setting App Service could not resolve is the server's fault (503), not the token's.
    if (error instanceof HttpError) throw error;
    const refusal = setUpRefusal(error, match[1]!, expected);
    if (refusal) logRefusal(refusal);
    throw unauthorized('invalid or expired token');
  }
}
