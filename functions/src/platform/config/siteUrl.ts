import { readSetting } from './config.ts';

/**
 * The site's address of a move: PORTAL_URL + path. The visitor sign-in mails link to it, and the label
 * sheet's seat links start with it.
 */
export const siteUrl = (path: string) => `${(readSetting('PORTAL_URL') ?? '/').replace(/\/?$/, '/')}${encodeURIComponent(path)}`;
