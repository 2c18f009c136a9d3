import { afterEach } from 'vitest';
import { assertQuietConsole } from './browser.ts';

// Every browser test ends with a quiet console: no error logged and no exception uncaught in its pages.
afterEach(() => assertQuietConsole());
