import { startCosmos } from '../cosmos.ts';

// The local Cosmos emulator as the stack starts it (startCosmos with a data dir), alone in a process,
// for tests that end that process: node --import tsx cosmosProcess.ts <dataDir> [snapshotAfterBytes]
// Prints {"endpoint": …} once it serves; stops cleanly on SIGTERM.
const [dataDir, snapshotAfterBytes] = process.argv.slice(2);
const cosmos = await startCosmos({ port: 0, dataDir, snapshotAfterBytes: snapshotAfterBytes ? Number(snapshotAfterBytes) : undefined });
process.stdout.write(`${JSON.stringify({ endpoint: cosmos.endpoint })}\n`);
process.on('SIGTERM', () => cosmos.stop().then(() => process.exit(0)));
