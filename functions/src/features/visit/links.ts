import { type ContentLocale, VISIT_LINK_MINUTES } from '@movers/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { readSetting } from '../../platform/config/config.ts';
import { siteUrl } from '../../platform/config/siteUrl.ts';
import { container, readDoc, statusOf } from '../../platform/cosmos/client.ts';
import { sendTextMail } from '../../platform/graph/mail.ts';
import { linkMailText } from './linkMail.ts';

/**
 * Single-use sign-in links of the 'email only' scheme. The link's secret is 32 random bytes; only its
 * hash is stored ('visitLinks', TTL 15 minutes), so the store never holds a usable link. Redeeming
 * deletes the document on its ETag: of two redemptions at once, one wins.
 */
interface LinkDoc {
  id: string;
  moveId: string;
  email: string;
  expiresAt: string;
  ttl: number;
}

const links = () => container('visitLinks');
export const linkIdOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export async function createLink(moveId: string, email: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + VISIT_LINK_MINUTES * 60_000).toISOString();
  await links().items.create<LinkDoc>({ id: linkIdOf(secret), moveId, email, expiresAt, ttl: VISIT_LINK_MINUTES * 60 + 60 });
  return secret;
}

/** The e-mail the link was sent to, once: undefined for an unknown, used, expired or another move's link. */
export async function redeemLink(moveId: string, secret: string): Promise<string | undefined> {
  const id = linkIdOf(secret);
  const doc = await readDoc<LinkDoc>(links(), id, id);
  if (!doc || doc.moveId !== moveId) return undefined;
  try {
    await links()
      .item(id, id)
      .delete({ accessCondition: { type: 'IfMatch', condition: doc.etag! } });
  } catch (error) {
    if (statusOf(error) === 404 || statusOf(error) === 412) return undefined;
    throw error;
  }
  return Date.parse(doc.expiresAt) > Date.now() ? doc.email : undefined;
}

/** Mails the link (the secret in the fragment, so it reaches no server log); false when no sender is set. */
export async function mailLink(to: string, siteName: string, path: string, secret: string, language: ContentLocale): Promise<boolean> {
  const sender = readSetting('VISITOR_MAIL_SENDER');
  if (!sender || sender.toLowerCase() === 'disabled') return false;
  await sendTextMail({ from: sender, to, ...linkMailText(language, { site: siteName, url: `${siteUrl(path)}/link#${secret}` }) });
  return true;
}
