import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail "sent" through the Graph stand-in's sendMail. */
export interface LocalMail {
  id: string;
  from: string;
  sentAt: string;
  subject: string;
  body: string;
  to: string[];
}

/**
 * Where the Graph stand-in keeps the mail it is asked to send: in memory and in `mail.json` in the data
 * dir, so it survives restarts. A developer reads it at GET {graph stand-in}/_local/mail.
 */
export class Mailbox {
  private readonly mails: LocalMail[] = [];
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    this.file = dataDir ? join(dataDir, 'mail.json') : undefined;
    if (this.file && existsSync(this.file)) {
      try {
        this.mails.push(...(JSON.parse(readFileSync(this.file, 'utf8')) as LocalMail[]));
      } catch {
        // An unreadable file starts an empty mailbox.
      }
    }
  }

  all(): LocalMail[] {
    return [...this.mails];
  }

  add(mail: LocalMail): void {
    this.mails.push(mail);
    if (this.file) writeFileSync(this.file, JSON.stringify(this.mails, null, 2));
  }
}

/** Reads a Graph sendMail body into a mail; undefined when it lacks a subject or recipients. */
export function mailFromSendMail(from: string, body: unknown, id: string, now: Date): LocalMail | undefined {
  const message = (body as { message?: Record<string, unknown> } | null)?.message;
  if (!message || typeof message.subject !== 'string') return undefined;
  const to = Array.isArray(message.toRecipients)
    ? message.toRecipients.map((r) => (r as { emailAddress?: { address?: unknown } })?.emailAddress?.address).filter((a): a is string => typeof a === 'string')
    : [];
  if (to.length === 0) return undefined;
  const content = (message.body as { content?: unknown } | undefined)?.content;
  return { id, from, sentAt: now.toISOString(), subject: message.subject, body: typeof content === 'string' ? content : '', to };
}
