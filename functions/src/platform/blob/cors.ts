// Read by infra/ too (the data account's Blob CORS), so this file imports nothing.

/**
 * What the web origins may send Blob Storage from the browser: Put Block of a large move document with
 * its write-only SAS (the SAS says what may be written; CORS only lets the browser send it).
 */
export const blobUploadCors = {
  allowedMethods: ['PUT'],
  allowedHeaders: ['content-type', 'x-ms-version', 'x-ms-client-request-id'],
  exposedHeaders: ['x-ms-request-id'],
  maxAgeInSeconds: 3600,
} as const;
