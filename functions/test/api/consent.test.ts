import { decodeJwt } from 'jose';
import { acquireToken } from '@movers/local/src/tokens.ts';
import { describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';

/**
 * Sign-in asks for the API's scope only; the document store's (Graph) scope is asked for when a document
 * tree is opened. That works in Entra because a refresh token redeems for any resource the user has
 * consented to, and a resource without consent is refused with `consent_required`, which MSAL answers
 * with a popup. The local provider is held to that here. Ingrid signs in nowhere else with Graph's scope.
 */
const ACCOUNT = 'ingrid.hansen@movers.test';

async function refresh(refreshToken: string, scope: string) {
  const { idp } = inject('stack');
  const response = await fetch(`${idp.authority}/v2.0/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: idp.clientId,
      scope: `openid profile offline_access ${scope}`,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('consent to the document store, asked for after sign-in', () => {
  it('refuses a refresh for Graph before consent as Entra does, then redeems either token for either resource once it is given', async () => {
    const stack = inject('stack');
    const graphScope = stack.web.documentStoreScope!;
    const signIn = await acquireToken({ ...stack.idp, account: ACCOUNT });
    expect(signIn.refreshToken).toBeTruthy();

    const refused = await refresh(signIn.refreshToken!, graphScope);
    expect(refused.status).toBe(400);
    // MSAL turns exactly this into an interaction (the consent popup): invalid_grant with consent_required.
    expect(refused.body).toMatchObject({ error: 'invalid_grant', suberror: 'consent_required' });
    expect(refused.body.error_description).toMatch(/^AADSTS65001/);

    // The consent popup: an authorization for Graph's scope (the local provider consents for the user).
    const consented = await acquireToken({ ...stack.idp, scope: `openid profile offline_access ${graphScope}`, account: ACCOUNT });
    expect(decodeJwt(consented.accessToken).aud).toBe('https://graph.microsoft.com');

    // The refresh token of sign-in now redeems for Graph ...
    const graph = await refresh(signIn.refreshToken!, graphScope);
    expect(graph.status).toBe(200);
    expect(decodeJwt(graph.body.access_token)).toMatchObject({ aud: 'https://graph.microsoft.com', scp: 'Sites.Read.All' });

    // ... and the popup's refresh token (the one MSAL keeps after it) still redeems for the API.
    const api = await refresh(consented.refreshToken!, stack.web.apiScope);
    expect(api.status).toBe(200);
    expect(decodeJwt(api.body.access_token)).toMatchObject({ aud: stack.settings.AUTH_AUDIENCE, scp: 'access_as_user' });
    const answer = await call('anonymous', 'GET', '/v1/clients', { headers: { Authorization: `Bearer ${api.body.access_token}` } });
    expect(answer.status).toBe(200);
  });
});

describe('a refresh token used twice', () => {
  it('redeems again as Entra does (it keeps a used refresh token valid), and the session goes on', async () => {
    // A page asks for two tokens at once (the API's and the document store's) with the refresh token MSAL
    // holds: the second redemption is of a token already used. Entra answers it; a provider that took it for
    // a stolen token would end the whole sign-in, and every later silent request would fail (issue 56's CI run).
    const stack = inject('stack');
    const signIn = await acquireToken({ ...stack.idp, account: 'staff@movers.test' });
    const first = await refresh(signIn.refreshToken!, stack.web.apiScope);
    expect(first.status).toBe(200);
    const again = await refresh(signIn.refreshToken!, stack.web.apiScope);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const later = await refresh(first.body.refresh_token ?? signIn.refreshToken!, stack.web.apiScope);
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });
});
