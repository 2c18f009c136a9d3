import { ensureBlobContainers } from '@movers/functions/src/platform/blob/client.ts';
import { ensureCosmos } from '@movers/functions/src/platform/cosmos/client.ts';
import { startDevHost } from '../devHost/devHost.ts';
import { loadFunctionsApp } from '../functionsApp.ts';

// The Functions app alone, as a new deployment starts: no seed, only the database and containers that
// infra/ creates in Azure, against the services the environment's settings name (those of a running
// stack). With FUNCTIONS_PACKAGE, the shipped package. Prints 'API <origin>' when it listens.
// Used by functions/test/api/newDeployment.test.ts with a database of its own (COSMOS_DATABASE).
await ensureCosmos();
await ensureBlobContainers();
const { app } = await loadFunctionsApp();
const host = await startDevHost({ port: Number(process.env.API_PORT ?? 0), app });
console.log(`API ${host.origin}`);
process.on('SIGTERM', () => void host.stop().then(() => process.exit(0)));
