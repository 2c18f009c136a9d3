// Deploy step: `node --import tsx infra/src/writeWebConfig.ts web/dist`, after the build and `pulumi up`.
// Reads FUNCTION_APP_URL and BLOB_ENDPOINT (stack outputs), AUTH_TENANT_ID, SPA_CLIENT_ID, API_SCOPE.
import { writeWebDeployment } from './webConfig.ts';

const dist = process.argv[2];
if (!dist) throw new Error('usage: writeWebConfig.ts <web dist folder>');
writeWebDeployment(dist, {
  functionAppUrl: process.env.FUNCTION_APP_URL ?? '',
  tenantId: process.env.AUTH_TENANT_ID ?? '',
  spaClientId: process.env.SPA_CLIENT_ID ?? '',
  apiScope: process.env.API_SCOPE ?? '',
  blobEndpoint: process.env.BLOB_ENDPOINT ?? '',
});
console.log(`wrote ${dist}/config.json and the CSP of ${dist}/staticwebapp.config.json`);
