import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../dataDir.ts';
import { acquireToken } from '../tokens.ts';

// Prints only an access token for the account, for curl and API tests: npm run token -- staff@movers.test
const account = process.argv[2];
const file = join(dataDir(), 'stack.json');
if (!account) {
  console.error('usage: npm run token -- <account e-mail>');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error('the local stack is not running: start it with npm start');
  process.exit(1);
}
const { idp } = JSON.parse(readFileSync(file, 'utf8'));
try {
  const { accessToken } = await acquireToken({ ...idp, account });
  process.stdout.write(`${accessToken}\n`);
} catch (error) {
  const reason =
    (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
      ? 'the local stack is not running: start it with npm start'
      : (error as Error).message;
  console.error(`no token for ${account}: ${reason}`);
  process.exit(1);
}
