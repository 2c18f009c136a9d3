export { countryRoutes } from './routes.ts';
export { countryById, listCountries } from './countries.data.ts';
export { withKnownCountry } from './knownCountry.ts';
