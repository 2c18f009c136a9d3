import { afterEach, describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';

// The Graph stand-in behaves as Graph does on a bad day (issue 25): lists come in pages behind
// @odata.nextLink, and a throttled request is answered 429 with Retry-After. The code must follow
// every page, and wait as told before it tries again.
const control = async (settings: Record<string, unknown>) => {
  const answer = await fetch(`${inject('stack').settings.GRAPH_BASE_URL}_local/control`, { method: 'POST', body: JSON.stringify(settings) });
  expect(answer.status).toBe(200);
};

afterEach(async () => {
  await control({});
});

describe('Graph as it behaves in Azure', () => {
  it('lists every directory user when Graph pages the list two at a time', async () => {
    const whole = await call('super', 'GET', '/v1/users');
    expect(whole.status).toBe(200);
    await control({ usersPageSize: 2 });
    const paged = await call('super', 'GET', '/v1/users');
    expect(paged.status).toBe(200);
    expect(paged.body).toEqual(whole.body);
    expect(JSON.stringify(paged.body).length).toBeGreaterThan(0);
  });

  it('waits the Retry-After of a 429 and tries again', async () => {
    await control({ throttle: { count: 1, retryAfterSeconds: 1 } });
    const started = Date.now();
    const answer = await call('super', 'GET', '/v1/users');
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("refuses a sendMail request over 4 MB with 413 and Graph's error body, and takes one just under", async () => {
    const settings = inject('stack').settings;
    const token = await graphAppToken(settings);
    const mail = (attachmentBytes: number) => ({
      message: {
        subject: 'Big',
        body: { contentType: 'Text', content: 'x' },
        toRecipients: [{ emailAddress: { address: 'big.mail@letters.test' } }],
        attachments: [
          {
            '@odata.type': '#microsoft.graph.fileAttachment',
            name: 'logo.png',
            contentType: 'image/png',
            contentBytes: Buffer.alloc(attachmentBytes, 7).toString('base64'),
            isInline: true,
            contentId: 'logo',
          },
        ],
      },
      saveToSentItems: false,
    });
    const post = (body: unknown) =>
      fetch(`${settings.GRAPH_BASE_URL}v1.0/users/sender@movers.test/sendMail`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const tooLarge = await post(mail(3.5 * 1024 * 1024));
    expect(tooLarge.status).toBe(413);
    const error = (await tooLarge.json()) as { error: { code: string; message: string; innerError: Record<string, string> } };
    expect(error.error).toMatchObject({ code: 'BadRequest', message: 'The maximum request length supported is 4MB.' });
    expect(error.error.innerError).toMatchObject({ 'request-id': expect.any(String), date: expect.any(String) });
    const under = await post(mail(2.9 * 1024 * 1024));
    expect(under.status).toBe(202);
    const kept = ((await (await fetch(`${settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[] }[]).filter((m) =>
      m.to.includes('big.mail@letters.test'),
    );
    expect(kept).toHaveLength(1);
  });
});

describe('the Graph stand-in, as Entra answers while a new guest replicates', () => {
  it('keeps an invited user unknown for replicationDelaySeconds, then assigns its role once, a duplicate answering 400', async () => {
    const settings = inject('stack').settings;
    const token = await graphAppToken(settings);
    const graphCall = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${settings.GRAPH_BASE_URL}v1.0/${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: Graph's answers of several shapes, read field by field below
      return { status: answer.status, body: (await answer.json().catch(() => null)) as Record<string, any> };
    };
    await control({ replicationDelaySeconds: 2 });
    const email = `replica.${Date.now().toString(36)}@client-a.test`;
    const invitation = await graphCall('POST', 'invitations', {
      invitedUserEmailAddress: email,
      inviteRedirectUrl: 'https://portal.test/',
      sendInvitationMessage: false,
    });
    expect(invitation.status).toBe(201);
    const id = invitation.body.invitedUser.id as string;
    const sp = await graphCall('GET', `servicePrincipals(appId='${settings.GRAPH_CLIENT_ID}')`);
    const role = (sp.body.appRoles as { id: string; value: string }[]).find((r) => r.value === 'External')!;
    const assign = () =>
      graphCall('POST', `servicePrincipals/${sp.body.id}/appRoleAssignedTo`, { principalId: id, resourceId: sp.body.id, appRoleId: role.id });

    const unknown = await graphCall('GET', `users/${id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'Request_ResourceNotFound', innerError: expect.any(Object) });
    expect((await graphCall('GET', `users?$filter=${encodeURIComponent(`mail eq '${email}'`)}`)).body.value).toEqual([]);
    expect((await assign()).status).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await graphCall('GET', `users/${id}`)).status).toBe(200);
    expect((await assign()).status).toBe(201);
    const duplicate = await assign();
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toMatchObject({ code: 'Request_BadRequest', message: 'Permission being assigned already exists on the object' });
  });
});

/**
 * An app-only Graph token from the stack's identity provider, as the API gets one: client credentials with
 * the managed identity's token (from its endpoint's stand-in) as the client assertion.
 */
async function graphAppToken(settings: Record<string, string>): Promise<string> {
  const identity = new URL(settings.IDENTITY_ENDPOINT);
  identity.search = new URLSearchParams({
    'api-version': '2019-08-01',
    resource: 'api://AzureADTokenExchange',
    client_id: settings.GRAPH_MANAGED_IDENTITY_CLIENT_ID,
  }).toString();
  const assertion = ((await (await fetch(identity, { headers: { 'X-IDENTITY-HEADER': settings.IDENTITY_HEADER } })).json()) as { access_token: string })
    .access_token;
  const discovery = (await (await fetch(`${settings.GRAPH_AUTHORITY.replace(/\/$/, '')}/v2.0/.well-known/openid-configuration`)).json()) as {
    token_endpoint: string;
  };
  const answer = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.GRAPH_CLIENT_ID,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: 'https://graph.microsoft.com/.default',
    }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}
