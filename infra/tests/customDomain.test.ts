import { describe, expect, it } from 'vitest';
import { createInfrastructure } from '../src/program.ts';
import { runProgram, ofType, PROJECT } from './harness.ts';

// Separate file: vitest gives each file its own Pulumi runtime.
describe('custom domain and config validation', () => {
  it('adds the custom domain to the Static Web App and to the Function App CORS origins', async () => {
    const { resources } = await runProgram('prod', () => createInfrastructure(), {
      [`${PROJECT}:customDomain`]: 'movers.example.com',
      [`${PROJECT}:staticWebAppSku`]: 'Free',
    });
    const domains = ofType(resources, 'web:StaticSiteCustomDomain');
    expect(domains).toHaveLength(1);
    expect(domains[0]!.inputs.domainName).toBe('movers.example.com');
    const swa = ofType(resources, 'web:StaticSite')[0]!;
    expect(swa.inputs.sku).toEqual({ name: 'Free', tier: 'Free' });
    const app = ofType(resources, 'web:WebApp')[0]!;
    const settings = new Map((app.inputs.siteConfig.appSettings as { name: string; value: string }[]).map((s) => [s.name, s.value]));
    expect(settings.get('CORS_ALLOWED_ORIGINS')).toBe('https://swa-movers-prod.azurestaticapps.net,https://movers.example.com');
  });

  it('rejects an unknown env', async () => {
    await expect(runProgram('dev', () => createInfrastructure(), { [`${PROJECT}:env`]: 'staging' })).rejects.toThrow(/env must be one of/);
  });
});
