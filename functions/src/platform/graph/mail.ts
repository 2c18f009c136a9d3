import { readSetting } from '../config/config.ts';
import { graphClient } from './client.ts';

/**
 * The mailbox mail to visitors is sent from (VISITOR_MAIL_SENDER), or undefined when mail is turned off:
 * unset, empty or 'disabled' (the default of a new deployment).
 */
export function mailSender(): string | undefined {
  const sender = readSetting('VISITOR_MAIL_SENDER')?.trim();
  return !sender || sender.toLowerCase() === 'disabled' ? undefined : sender;
}

/** A plain-text e-mail sent from a mailbox of the tenant through Graph `sendMail` (needs Mail.Send); not kept in Sent Items. */
export async function sendTextMail(mail: { from: string; to: string; subject: string; lines: string[] }): Promise<void> {
  await (await graphClient()).api(`/users/${encodeURIComponent(mail.from)}/sendMail`).post({
    message: {
      subject: mail.subject,
      body: { contentType: 'Text', content: mail.lines.join('\n') },
      toRecipients: [{ emailAddress: { address: mail.to } }],
    },
    saveToSentItems: false,
  });
}

/** An image in the mail's HTML, addressed there as `cid:{contentId}` (mail clients show no data: URLs). */
export interface InlineImage {
  contentId: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * An HTML e-mail with inline images through Graph `sendMail`. The caller escapes what it puts in the
 * HTML. Throttling (429) is left to the caller once the client's own retry is spent: see `retryAfterOf`.
 */
export async function sendHtmlMail(mail: { from: string; to: string; subject: string; html: string; images: InlineImage[] }): Promise<void> {
  await (await graphClient()).api(`/users/${encodeURIComponent(mail.from)}/sendMail`).post({
    message: {
      subject: mail.subject,
      body: { contentType: 'HTML', content: mail.html },
      toRecipients: [{ emailAddress: { address: mail.to } }],
      attachments: mail.images.map((image) => ({
        '@odata.type': '#microsoft.graph.fileAttachment',
        name: image.name,
        contentType: image.contentType,
        contentBytes: Buffer.from(image.bytes).toString('base64'),
        contentId: image.contentId,
        isInline: true,
      })),
    },
    saveToSentItems: false,
  });
}

/** Seconds a throttled Graph call (429, 503) asks to wait (its Retry-After), else undefined. */
export function retryAfterOf(error: unknown): number | undefined {
  const { statusCode, headers } = (error ?? {}) as { statusCode?: number; headers?: Headers };
  if (statusCode !== 429 && statusCode !== 503) return undefined;
  const seconds = Number(headers?.get?.('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 10;
}
