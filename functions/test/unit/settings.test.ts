import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settings } from '../../src/platform/config/settings.ts';

const example = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'local.settings.example.json'), 'utf8')) as {
  Values: Record<string, string>;
  Host?: Record<string, unknown>;
};

describe('local.settings.example.json', () => {
  it('lists every setting the Functions code reads, with a local default', () => {
    const missing = settings.map((s) => s.name).filter((name) => !(name in example.Values));
    expect(missing).toEqual([]);
  });

  it('lists no setting the code does not know', () => {
    const runtime = new Set(['FUNCTIONS_WORKER_RUNTIME', 'AzureWebJobsStorage']);
    const known = new Set<string>(settings.map((s) => s.name));
    expect(Object.keys(example.Values).filter((k) => !known.has(k) && !runtime.has(k))).toEqual([]);
  });

  it("turns no host CORS on: CORS is the app's own (platform/http/cors.ts), as in Azure, where the platform's is off", () => {
    // `func start` would answer preflights itself from Host.CORS, and cross-origin calls would work locally
    // while Azure (no platform CORS) refused them; the app's answers must be the only CORS there is.
    const hostCors = Object.keys(example.Host ?? {}).filter((k) => /^cors/i.test(k));
    expect(hostCors).toEqual([]);
  });
});
