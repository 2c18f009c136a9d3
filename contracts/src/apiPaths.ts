/** API paths under the API base (which ends in /api). One function per call of the spec. */
const enc = encodeURIComponent;

export const apiPaths = {
  countries: () => '/v1/countries',
  clients: () => '/v1/clients',
  client: (clientId: string) => `/v1/clients/${enc(clientId)}`,
  me: () => '/v1/users/me',
  myPhoto: (size = '120x120') => `/v1/users/me/photo/${size}`,
};
