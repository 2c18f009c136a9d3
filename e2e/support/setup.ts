import { afterEach } from 'vitest';
import { assertQuietConsole } from './browser.ts';
import { assertAnswersConform } from './openapi.ts';

// Every browser test ends with a quiet console: no error logged and no exception uncaught in its pages;
// and every answer its pages received from the API is one the served OpenAPI document declares.
afterEach(() => assertQuietConsole());
afterEach(() => assertAnswersConform());
