/**
 * One rule for If-Match on every route (RFC 9110, section 13.1.1): `*` matches whatever version of the
 * record is current, so a change sent with it is made while the record exists (404 when it is gone);
 * any other value is an ETag the record must still have (412 otherwise). The pipeline requires the
 * header (428 without one); every store's condition and every comparison of versions goes through here.
 */
export const ANY_VERSION = '*';

/** The caller takes whatever version is current. */
export const anyVersion = (ifMatch: string | undefined): boolean => ifMatch === ANY_VERSION;

/** Whether the caller's If-Match names the stored version (`*`: any that exists). */
export const versionMatches = (ifMatch: string | undefined, current: string | undefined): boolean =>
  current !== undefined && (anyVersion(ifMatch) || ifMatch === current);

/** The Cosmos access condition of an If-Match: none for `*` (a replace or delete still needs the document). */
export const cosmosCondition = (ifMatch: string): { accessCondition?: { type: 'IfMatch'; condition: string } } =>
  anyVersion(ifMatch) ? {} : { accessCondition: { type: 'IfMatch', condition: ifMatch } };
