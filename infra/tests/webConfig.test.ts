import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInfrastructure } from '../src/program.ts';
import { type DeploymentValues, productionOrigins, productionWebConfig, renderSwaConfig } from '../src/webConfig.ts';
import { runProgram, TENANT_ID } from './harness.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const template = readFileSync(join(repoRoot, 'staticwebapp.config.json'), 'utf8');

/** The CSP's directives as name → sources. */
function directives(config: string): Map<string, string[]> {
  const csp = (JSON.parse(config) as { globalHeaders: Record<string, string> }).globalHeaders['Content-Security-Policy'];
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** A source that lets the page reach any host of a scheme, or any host at all. */
const wildcard = (source: string) => /^[a-z][a-z0-9+.-]*:$/i.test(source) && !['data:', 'blob:'].includes(source);

describe('the web app as deployed: staticwebapp.config.json and /config.json', () => {
  let deployment: DeploymentValues;
  let csp: Map<string, string[]>;
  let deployed: string;

  beforeAll(async () => {
    // The values the deploy workflow passes: the prod stack's outputs (here under Pulumi mocks) and its variables.
    const { outputs } = await runProgram('prod', () => createInfrastructure());
    deployment = {
      functionAppUrl: outputs.functionAppUrl as string,
      tenantId: TENANT_ID,
      spaClientId: '44444444-4444-4444-4444-444444444444',
      apiScope: 'api://33333333-3333-3333-3333-333333333333/access_as_user',
      blobEndpoint: outputs.blobEndpoint as string,
    };
    deployed = renderSwaConfig(template, productionOrigins(deployment));
    csp = directives(deployed);
  });

  it('the repo names the origins by placeholder, with no scheme wildcard and no local address', () => {
    for (const [name, sources] of directives(template)) {
      for (const source of sources) {
        expect(wildcard(source) || source.includes('*'), `${name} ${source}`).toBe(false);
        expect(source, `${name} ${source}`).not.toMatch(/localhost|127\.0\.0\.1/);
      }
    }
  });

  it('names no scheme wildcard, no * and no local address in any directive once deployed', () => {
    for (const [name, sources] of csp) {
      for (const source of sources) {
        expect(wildcard(source) || source.includes('*'), `${name} ${source}`).toBe(false);
        expect(source, `${name} ${source}`).not.toMatch(/localhost|127\.0\.0\.1/);
      }
    }
    expect(deployed).not.toMatch(/__[A-Z_]+__/);
  });

  it('lets the app reach only its API, the identity provider, and its data account to put blocks', () => {
    // The SPA calls its API and Entra (MSAL), and puts a large move document's blocks to Blob Storage with a
    // write-only SAS (issue 46): images, files and documents are read through the API, and the document
    // store's Graph token goes to the API (x-document-store-token), never to Graph from the browser.
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://func-movers-prod.azurewebsites.net',
      'https://login.microsoftonline.com',
      new URL(deployment.blobEndpoint).origin,
    ]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://func-movers-prod.azurewebsites.net']);
    expect(new URL(deployment.blobEndpoint).hostname).toMatch(/\.blob\.core\.windows\.net$/);
    expect(deployed).not.toMatch(/graph\.microsoft\.com/);
    for (const [name, sources] of csp) if (name !== 'connect-src') expect(sources.join(' '), name).not.toMatch(/blob\.core\.windows\.net/);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://login.microsoftonline.com']);
    // Videos in pages play from the API's editor files; no other media host, no third-party player frames.
    expect(csp.get('media-src')).toEqual(["'self'", 'https://func-movers-prod.azurewebsites.net']);
    // The visitor site's web app manifest is the API's (one per move).
    expect(csp.get('manifest-src')).toEqual(["'self'", 'https://func-movers-prod.azurewebsites.net']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('writes /config.json from the same values, so its API and authority are ones the CSP allows', () => {
    const config = productionWebConfig(deployment);
    expect(config).toEqual({
      apiBaseUrl: 'https://func-movers-prod.azurewebsites.net/api',
      authority: `https://login.microsoftonline.com/${TENANT_ID}`,
      clientId: '44444444-4444-4444-4444-444444444444',
      apiScope: 'api://33333333-3333-3333-3333-333333333333/access_as_user',
      documentStoreScope: 'https://graph.microsoft.com/Sites.Read.All',
      knownAuthorities: ['login.microsoftonline.com'],
    });
    expect(csp.get('connect-src')).toContain(new URL(config.apiBaseUrl).origin);
    expect(csp.get('connect-src')).toContain(new URL(config.authority).origin);
    expect(csp.get('frame-src')).toContain(new URL(config.authority).origin);
  });

  it('refuses to deploy with a value missing or not on HTTPS, or with a placeholder it does not know', () => {
    expect(() => productionOrigins({ ...deployment, functionAppUrl: '' })).toThrow();
    expect(() => productionOrigins({ ...deployment, functionAppUrl: 'http://func-movers-prod.azurewebsites.net' })).toThrow(/https/);
    expect(() => productionWebConfig({ ...deployment, tenantId: '' })).toThrow();
    expect(() => renderSwaConfig(template.replace('__API_ORIGIN__', '__CDN_ORIGIN__'), productionOrigins(deployment))).toThrow(/__CDN_ORIGIN__/);
  });

  describe('the deploy step', () => {
    const dist = mkdtempSync(join(tmpdir(), 'movers-web-dist-'));
    afterAll(() => rmSync(dist, { recursive: true, force: true }));

    it('is this program, given the stack outputs the workflow passes', () => {
      const workflow = readFileSync(join(repoRoot, '.github', 'workflows', 'deploy.yml'), 'utf8');
      expect(workflow).toContain('run: node --import tsx infra/src/writeWebConfig.ts web/dist');
      expect(workflow).toContain('FUNCTION_APP_URL: ${{ steps.pulumi.outputs.functionAppUrl }}');
      expect(workflow).toContain('BLOB_ENDPOINT: ${{ steps.pulumi.outputs.blobEndpoint }}');
      expect(workflow).not.toContain('cat > web/dist/config.json');
      const stackExports = readFileSync(join(repoRoot, 'infra', 'index.ts'), 'utf8');
      expect(stackExports).toContain('export const functionAppUrl');
    });

    it("tests with the runner image's Google Chrome, without an apt step (Ubuntu has no chromium package)", () => {
      const workflow = readFileSync(join(repoRoot, '.github', 'workflows', 'deploy.yml'), 'utf8');
      expect(workflow).toContain('CHROMIUM_PATH: /usr/bin/google-chrome');
      expect(workflow).not.toMatch(/apt-get install[^\n]*chromium/);
    });

    it('writes config.json and fills the CSP of the built staticwebapp.config.json in place', () => {
      copyFileSync(join(repoRoot, 'staticwebapp.config.json'), join(dist, 'staticwebapp.config.json'));
      execFileSync(process.execPath, ['--import', 'tsx', 'infra/src/writeWebConfig.ts', dist], {
        cwd: repoRoot,
        env: {
          ...process.env,
          FUNCTION_APP_URL: deployment.functionAppUrl,
          AUTH_TENANT_ID: deployment.tenantId,
          SPA_CLIENT_ID: deployment.spaClientId,
          API_SCOPE: deployment.apiScope,
          BLOB_ENDPOINT: deployment.blobEndpoint,
        },
        stdio: 'pipe',
      });
      expect(readFileSync(join(dist, 'staticwebapp.config.json'), 'utf8')).toBe(deployed);
      expect(JSON.parse(readFileSync(join(dist, 'config.json'), 'utf8'))).toEqual(productionWebConfig(deployment));
    });

    it('fails, writing nothing, when a value is missing', () => {
      const empty = mkdtempSync(join(dist, 'missing-'));
      copyFileSync(join(repoRoot, 'staticwebapp.config.json'), join(empty, 'staticwebapp.config.json'));
      const env = { ...process.env, FUNCTION_APP_URL: '', AUTH_TENANT_ID: 't', SPA_CLIENT_ID: 'c', API_SCOPE: 's' };
      expect(() => execFileSync(process.execPath, ['--import', 'tsx', 'infra/src/writeWebConfig.ts', empty], { cwd: repoRoot, env, stdio: 'pipe' })).toThrow();
      expect(readFileSync(join(empty, 'staticwebapp.config.json'), 'utf8')).toBe(template);
    });
  });
});
