import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web app's deployment-time files: `/config.json` (its run-time settings) and the CSP of
 * `staticwebapp.config.json`. The repo's staticwebapp.config.json names the origins the app talks to by
 * placeholder (`__API_ORIGIN__` etc.), because the API's host name is known only after `pulumi up`; the
 * deploy workflow fills them in here, and the local static host fills them with the local stack's.
 */

/**
 * The origins the app reaches besides its own; the CSP allows exactly these. Its API, the identity
 * provider, and Blob Storage for connections only (a large move document's blocks, put with a write-only
 * SAS): pictures, files and documents are read through the API, and the document store's Graph token goes
 * to the API (x-document-store-token), so the browser never calls Graph.
 */
export interface WebOrigins {
  api: string[];
  identity: string[];
  storage: string[];
}

const placeholders: Record<keyof WebOrigins, string> = {
  api: '__API_ORIGIN__',
  identity: '__IDENTITY_ORIGIN__',
  storage: '__STORAGE_ORIGIN__',
};

export const ENTRA_ORIGIN = 'https://login.microsoftonline.com';
export const GRAPH_ORIGIN = 'https://graph.microsoft.com';
export const DOCUMENT_STORE_SCOPE = `${GRAPH_ORIGIN}/Sites.Read.All`;

/** The scheme, host and port of an http(s) URL: what a CSP source names. */
function originOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`not an http(s) origin for the CSP: ${url}`);
  return parsed.origin;
}

/** staticwebapp.config.json (its text) with the origin placeholders replaced; a placeholder left over throws. */
export function renderSwaConfig(template: string, origins: WebOrigins): string {
  let text = template;
  for (const key of Object.keys(placeholders) as (keyof WebOrigins)[]) {
    const sources = [...new Set(origins[key].map(originOf))];
    if (sources.length === 0) throw new Error(`no ${key} origin for the CSP`);
    text = text.replaceAll(placeholders[key], sources.join(' '));
  }
  const left = /__[A-Z_]+_ORIGIN__/.exec(text);
  if (left) throw new Error(`staticwebapp.config.json: no value for ${left[0]}`);
  return text;
}

/** What the deployment knows: stack outputs and the GitHub environment's variables. */
export interface DeploymentValues {
  /** Stack output functionAppUrl, e.g. https://func-movers-dev.azurewebsites.net */
  functionAppUrl: string;
  tenantId: string;
  spaClientId: string;
  /** e.g. api://<apiClientId>/access_as_user */
  apiScope: string;
  /** Stack output blobEndpoint, e.g. https://stmoversprod.blob.core.windows.net/ */
  blobEndpoint: string;
}

function httpsUrl(name: string, value: string): string {
  if (!value) throw new Error(`${name} is not set`);
  if (new URL(value).protocol !== 'https:') throw new Error(`${name} must be an https URL, got ${value}`);
  return value;
}

export function productionOrigins(values: DeploymentValues): WebOrigins {
  return {
    api: [httpsUrl('functionAppUrl', values.functionAppUrl)],
    identity: [ENTRA_ORIGIN],
    storage: [httpsUrl('blobEndpoint', values.blobEndpoint)],
  };
}

/** The SPA's /config.json in Azure (web/src/common/config.ts reads it). */
export function productionWebConfig(values: DeploymentValues) {
  for (const name of ['tenantId', 'spaClientId', 'apiScope'] as const) if (!values[name]) throw new Error(`${name} is not set`);
  return {
    apiBaseUrl: `${new URL(httpsUrl('functionAppUrl', values.functionAppUrl)).origin}/api`,
    authority: `${ENTRA_ORIGIN}/${values.tenantId}`,
    clientId: values.spaClientId,
    apiScope: values.apiScope,
    documentStoreScope: DOCUMENT_STORE_SCOPE,
    knownAuthorities: [new URL(ENTRA_ORIGIN).host],
  };
}

/** Writes `<dist>/config.json` and fills the CSP of `<dist>/staticwebapp.config.json` in place. */
export function writeWebDeployment(dist: string, values: DeploymentValues): void {
  const config = productionWebConfig(values);
  const swaFile = join(dist, 'staticwebapp.config.json');
  const swa = renderSwaConfig(readFileSync(swaFile, 'utf8'), productionOrigins(values));
  writeFileSync(join(dist, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(swaFile, swa);
}
