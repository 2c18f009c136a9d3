import { RestError } from '@azure/storage-blob';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { readSetting, requireSecret, requireSetting, secretProblem } from '../../src/platform/config/config.ts';
import { corsHeaders } from '../../src/platform/http/cors.ts';
import { assertVisitorSessionsConfigured, signVisitorSession, verifyVisitorSession } from '../../src/platform/auth/visitorSession.ts';
import { HttpError } from '../../src/platform/http/errors.ts';
import { errorResponse } from '../../src/platform/http/responses.ts';

/** What App Service leaves in a setting whose Key Vault reference did not resolve. */
const UNRESOLVED = '@Microsoft.KeyVault(SecretUri=https://movers-prod-kv.vault.azure.net/secrets/visitor-session-secret/)';
const GOOD = 'a-visitor-session-secret-of-forty-characters';

let saved: string | undefined;
let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  saved = process.env.VISITOR_SESSION_SECRET;
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  if (saved === undefined) delete process.env.VISITOR_SESSION_SECRET;
  else process.env.VISITOR_SESSION_SECRET = saved;
  logged.mockRestore();
});

/** The 503 a refused secret throws, with the line it logged. */
function refusal(value: string | undefined, minLength = 32): { error: HttpError; log: string } {
  // A good value first, so that the refusal is logged (each is logged once until the value is good again).
  process.env.VISITOR_SESSION_SECRET = GOOD;
  requireSecret('VISITOR_SESSION_SECRET', { feature: 'visitor sign-in', minLength });
  if (value === undefined) delete process.env.VISITOR_SESSION_SECRET;
  else process.env.VISITOR_SESSION_SECRET = value;
  logged.mockClear();
  let thrown: unknown;
  try {
    requireSecret('VISITOR_SESSION_SECRET', { feature: 'visitor sign-in', minLength });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(HttpError);
  return { error: thrown as HttpError, log: logged.mock.calls.map((call) => call.join(' ')).join('\n') };
}

describe('reading a secret setting', () => {
  it('refuses an unresolved Key Vault reference (any case, either form, with spaces around) with 503, and logs why without the value', () => {
    for (const value of [UNRESOLVED, `  ${UNRESOLVED.toLowerCase()}\n`, '@Microsoft.KeyVault(VaultName=movers-prod-kv;SecretName=visitor-session-secret)']) {
      const { error, log } = refusal(value);
      expect(error.status).toBe(503);
      expect(error.code).toBe('service_unavailable');
      expect(error.message).toBe('visitor sign-in is not configured on the server: try again later');
      expect(log).toMatch(/^setting VISITOR_SESSION_SECRET cannot be used: it holds a Key Vault reference that did not resolve/);
      expect(log).not.toContain('movers-prod-kv');
    }
  });

  it('refuses a missing, an empty and a blank value', () => {
    for (const value of [undefined, '', '   ']) {
      const { error, log } = refusal(value);
      expect(error.status).toBe(503);
      expect(log).toMatch(/setting VISITOR_SESSION_SECRET cannot be used: it is not set/);
    }
  });

  it('refuses a value shorter than asked for, without logging it', () => {
    const { error, log } = refusal('too-short-a-secret');
    expect(error.status).toBe(503);
    expect(log).toMatch(/setting VISITOR_SESSION_SECRET cannot be used: it is shorter than 32 characters/);
    expect(log).not.toContain('too-short-a-secret');
  });

  it('gives a good value back as it is, and logs nothing', () => {
    process.env.VISITOR_SESSION_SECRET = GOOD;
    logged.mockClear();
    expect(requireSecret('VISITOR_SESSION_SECRET', { feature: 'visitor sign-in', minLength: 32 })).toBe(GOOD);
    expect(logged).not.toHaveBeenCalled();
    expect(secretProblem(GOOD, 32)).toBeUndefined();
  });

  it('logs a refusal once, not on every request, and again when the reason changes', () => {
    process.env.VISITOR_SESSION_SECRET = GOOD;
    requireSecret('VISITOR_SESSION_SECRET', { feature: 'visitor sign-in' });
    logged.mockClear();
    process.env.VISITOR_SESSION_SECRET = UNRESOLVED;
    for (let i = 0; i < 3; i++) expect(() => requireSecret('VISITOR_SESSION_SECRET', { feature: 'visitor sign-in' })).toThrow(HttpError);
    expect(logged).toHaveBeenCalledTimes(1);
    delete process.env.VISITOR_SESSION_SECRET;
    expect(() => requireSecret('VISITOR_SESSION_SECRET', { feature: 'visitor sign-in' })).toThrow(HttpError);
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it('answers the refusal as JSON 503', () => {
    const { error } = refusal(UNRESOLVED);
    const response = errorResponse(error);
    expect(response.status).toBe(503);
    expect(response.jsonBody).toEqual({ error: { code: 'service_unavailable', message: 'visitor sign-in is not configured on the server: try again later' } });
  });
});

describe('visitor sessions with an unusable key', () => {
  it('issue none and accept none, not even one signed with the unresolved reference as the key', async () => {
    process.env.VISITOR_SESSION_SECRET = UNRESOLVED;
    expect(() => assertVisitorSessionsConfigured()).toThrow(expect.objectContaining({ status: 503 }));
    await expect(signVisitorSession({ moveId: 'm', version: 1, visitor: '' }, 60)).rejects.toMatchObject({ status: 503 });
    const forged = await new SignJWT({ mv: 'm', sv: 1, vis: '' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('movers-api')
      .setAudience('movers-visit')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(UNRESOLVED));
    await expect(verifyVisitorSession(`Bearer ${forged}`)).rejects.toMatchObject({ status: 503 });
  });

  it('work again once the key is good', async () => {
    process.env.VISITOR_SESSION_SECRET = GOOD;
    const { token } = await signVisitorSession({ moveId: 'm', version: 1, visitor: '' }, 60);
    expect(await verifyVisitorSession(`Bearer ${token}`)).toMatchObject({ moveId: 'm', version: 1 });
  });
});

describe('a plain setting holding an unresolved Key Vault reference', () => {
  const names = ['VISITOR_MAIL_SENDER', 'PORTAL_URL', 'CORS_ALLOWED_ORIGINS'] as const;
  const before = new Map<string, string | undefined>();
  beforeEach(() => {
    for (const name of names) before.set(name, process.env[name]);
  });
  afterEach(() => {
    for (const name of names) {
      const value = before.get(name);
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('is never used as a value: 503, and one log line naming the setting, not the reference', () => {
    process.env.VISITOR_MAIL_SENDER = '@Microsoft.KeyVault(SecretUri=https://movers-prod-kv.vault.azure.net/secrets/sender/)';
    process.env.PORTAL_URL = ' @microsoft.keyvault(VaultName=movers-prod-kv;SecretName=portal-url)';
    for (let i = 0; i < 3; i++) {
      expect(() => readSetting('VISITOR_MAIL_SENDER')).toThrow(expect.objectContaining({ status: 503, code: 'service_unavailable' }));
      expect(() => requireSetting('PORTAL_URL')).toThrow(expect.objectContaining({ status: 503 }));
    }
    const lines = logged.mock.calls.map((call) => call.join(' '));
    expect(lines.filter((line) => line.includes('VISITOR_MAIL_SENDER'))).toEqual([
      expect.stringMatching(/^setting VISITOR_MAIL_SENDER cannot be used: it holds a Key Vault reference that did not resolve/),
    ]);
    expect(lines.filter((line) => line.includes('PORTAL_URL'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('movers-prod-kv');
  });

  it('gives a good value back as it is once the reference resolves', () => {
    process.env.VISITOR_MAIL_SENDER = 'visits@contoso.com';
    expect(readSetting('VISITOR_MAIL_SENDER')).toBe('visits@contoso.com');
  });

  it('allows no origin when it is the CORS origins, and answers still get their headers', () => {
    process.env.CORS_ALLOWED_ORIGINS = '@Microsoft.KeyVault(SecretUri=https://movers-prod-kv.vault.azure.net/secrets/origins/)';
    const request = { headers: new Headers({ origin: 'https://movers.example.com' }) };
    expect(corsHeaders(request)).toEqual({ Vary: 'Origin' });
  });
});

describe('a required setting that is not set (issue 54)', () => {
  let before: string | undefined;
  beforeEach(() => {
    before = process.env.DOCUMENT_STORE_DRIVE_ID;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.DOCUMENT_STORE_DRIVE_ID;
    else process.env.DOCUMENT_STORE_DRIVE_ID = before;
  });

  it('is 503 naming the setting, not a 500, and one log line until it is set', () => {
    delete process.env.DOCUMENT_STORE_DRIVE_ID;
    for (let i = 0; i < 3; i++)
      expect(() => requireSetting('DOCUMENT_STORE_DRIVE_ID')).toThrow(
        expect.objectContaining({
          status: 503,
          code: 'service_unavailable',
          message: 'the server is not configured (setting DOCUMENT_STORE_DRIVE_ID is not set): try again later',
        }),
      );
    const lines = () => logged.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('DOCUMENT_STORE_DRIVE_ID'));
    expect(lines()).toEqual([expect.stringMatching(/^setting DOCUMENT_STORE_DRIVE_ID cannot be used: it is not set/)]);
    process.env.DOCUMENT_STORE_DRIVE_ID = 'b!drive';
    expect(requireSetting('DOCUMENT_STORE_DRIVE_ID')).toBe('b!drive');
    delete process.env.DOCUMENT_STORE_DRIVE_ID;
    expect(() => requireSetting('DOCUMENT_STORE_DRIVE_ID')).toThrow(expect.objectContaining({ status: 503 }));
    expect(lines()).toHaveLength(2);
  });
});

describe("Storage refusing the app's identity a role it needs (issue 54)", () => {
  // What Storage answers a token whose identity holds no data role (Storage Blob Data Contributor) or no
  // Storage Blob Delegator for Get User Delegation Key. Azurite has no roles, so this is Storage's answer as
  // its SDK throws it, each with a new request id and time.
  const refusal = (i: number) =>
    new RestError(`This request is not authorized to perform this operation using this permission.\nRequestId:${i}\nTime:2026-12-06T12:00:0${i}Z`, {
      code: 'AuthorizationPermissionMismatch',
      statusCode: 403,
    });

  it('is 503 naming AZURE_CLIENT_ID and the roles, logged once, not a 500 on every request', () => {
    for (let i = 0; i < 3; i++) {
      const response = errorResponse(refusal(i));
      expect(response.status).toBe(503);
      expect((response.jsonBody as { error: { code: string; message: string } }).error).toEqual({
        code: 'service_unavailable',
        message: expect.stringMatching(/^Azure Storage \(files and queues\) is unavailable: .*AZURE_CLIENT_ID.*Storage Blob Delegator/),
      });
    }
    const lines = logged.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('AuthorizationPermissionMismatch'));
    expect(lines).toHaveLength(1);
  });

  it("is not Storage's answer to anything else: a missing blob stays the handler's to judge (500 when unhandled)", () => {
    expect(errorResponse(new RestError('The specified blob does not exist.', { code: 'BlobNotFound', statusCode: 404 })).status).toBe(500);
  });
});
