import { describe, expect, it } from 'vitest';
import { discoveryUrl, heldMetadata, keepMetadata } from '../src/admin/auth/authorityMetadata.ts';

const authority = 'https://login.example.test/7d2c1f5e-8a4b-4c3d-9e6f-0a1b2c3d4e5f';
const document = {
  issuer: 'https://login.example.test/7d2c1f5e-8a4b-4c3d-9e6f-0a1b2c3d4e5f/v2.0',
  token_endpoint: 'https://login.example.test/7d2c1f5e-8a4b-4c3d-9e6f-0a1b2c3d4e5f/oauth2/v2.0/token',
};
const storage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe("the identity provider's discovery document kept between pages (issue 56)", () => {
  it('is asked for where MSAL asks for it', () => {
    expect(discoveryUrl(authority)).toBe(`${authority}/v2.0/.well-known/openid-configuration`);
    expect(discoveryUrl(`${authority}/v2.0/`)).toBe(`${authority}/v2.0/.well-known/openid-configuration`);
  });

  it('is handed to MSAL for a day, for the same authority only', () => {
    const kept = storage();
    const now = Date.parse('2026-12-06T10:00:00Z');
    expect(keepMetadata(authority, document, kept, now)).toBe(true);
    expect(JSON.parse(heldMetadata(authority, kept, now + 60_000)!)).toEqual(document);
    expect(heldMetadata(authority, kept, now + 25 * 60 * 60 * 1000), 'a day later it is asked for again').toBeUndefined();
    expect(heldMetadata('https://login.example.test/another-tenant', kept, now)).toBeUndefined();
  });

  it("keeps no document whose issuer is another host's, nor one that is not a discovery document", () => {
    const kept = storage();
    expect(keepMetadata(authority, { ...document, issuer: 'https://evil.example/tenant/v2.0' }, kept)).toBe(false);
    expect(keepMetadata(authority, { issuer: document.issuer }, kept)).toBe(false);
    expect(keepMetadata(authority, undefined, kept)).toBe(false);
    expect(heldMetadata(authority, kept)).toBeUndefined();
  });

  it('reads nothing from a damaged entry', () => {
    expect(heldMetadata(authority, { getItem: () => '{not json' })).toBeUndefined();
  });
});
