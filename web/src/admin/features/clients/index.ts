// What other features may use of clients: the shared reads of clients and countries.
export { useClient, useClients, useCountries } from './api.ts';
export { clientChanged } from './api.ts';
export { useLikelyCountries } from './likelyCountries.ts';
