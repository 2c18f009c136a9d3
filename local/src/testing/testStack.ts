import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededAccounts } from '../directory.ts';
import { startStack, type Stack } from '../stack.ts';
import { acquireToken } from '../tokens.ts';
import { freeStackPorts } from './freePort.ts';

export type Caller = 'super' | 'staff' | 'extA' | 'extB' | 'extNone';

export const callerAccounts: Record<Caller, string> = {
  super: 'super@movers.test',
  staff: 'staff@movers.test',
  extA: 'ext-a@client-a.test',
  extB: 'ext-b@client-b.test',
  extNone: 'ext-none@client-c.test',
};

export interface TestStackInfo {
  apiOrigin: string;
  /** 'sources', or the folder of the shipped Functions package the dev host serves (npm test). */
  functionsFrom: string;
  web: Stack['web'];
  idp: Stack['idp'];
  settings: Record<string, string>;
  tokens: Record<Caller, string>;
  /** Delegated document-store (Graph) tokens of the same callers, for the brokering documents call. */
  documentStoreTokens: Record<Caller, string>;
  accounts: typeof seededAccounts;
  /** The run's data dir (the identity provider's signing key is there, for tests that forge tokens). */
  dataDir: string;
}

/** A whole local stack on free ports with a fresh data dir, for one test run. */
export async function startTestStack(webOrigins: string[] = ['http://localhost:5173']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'movers-test-'));
  const ports = await freeStackPorts();
  const stack = await startStack({ dataDir, ports, webOrigins, quiet: true });
  const tokens = {} as Record<Caller, string>;
  for (const [caller, account] of Object.entries(callerAccounts) as [Caller, string][]) {
    tokens[caller] = (await acquireToken({ ...stack.idp, account })).accessToken;
  }
  const documentStoreTokens = {} as Record<Caller, string>;
  for (const [caller, account] of Object.entries(callerAccounts) as [Caller, string][]) {
    documentStoreTokens[caller] = (
      await acquireToken({ ...stack.idp, scope: `openid profile offline_access ${stack.web.documentStoreScope}`, account })
    ).accessToken;
  }
  const info: TestStackInfo = {
    apiOrigin: stack.apiOrigin,
    functionsFrom: stack.functionsFrom,
    web: stack.web,
    idp: stack.idp,
    settings: stack.settings,
    tokens,
    documentStoreTokens,
    accounts: seededAccounts,
    dataDir,
  };
  return {
    info,
    stack,
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
