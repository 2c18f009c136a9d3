import { startStack } from '../stack.ts';
import { freeStackPorts } from '../testing/freePort.ts';

// The local stack without the web server, in a process of its own, for figures about the API process
// alone (the bench's document upload). Prints one line `READY {json}` with the API origin and the
// identity provider's settings; SIGTERM stops it.
const dataDir = process.env.DATA_DIR!;
const ports = await freeStackPorts();
const stack = await startStack({ dataDir, ports, webOrigins: ['http://localhost:5173'], quiet: true });
console.log(`READY ${JSON.stringify({ apiOrigin: stack.apiOrigin, idp: stack.idp })}`);
process.on('SIGTERM', () => {
  void stack.stop().then(() => process.exit(0));
});
