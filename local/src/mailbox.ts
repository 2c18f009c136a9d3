import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail "sent" through the Graph stand-in's sendMail. */
export interface LocalMail {
  id: string;
  from: string;
  sentAt: string;
  subject: string;
  body: string;
  to: string[];
  /** The attachments' names, types and sizes (their bytes are not kept); absent when there were none. */
  attachments?: { name: string; contentType: string; contentId: string | null; isInline: boolean; size: number }[];
}

/**
 * Where the Graph stand-in keeps the mail it is asked to send: in memory and in `mail.jsonl` in the data
 * dir (a line per mail, appended: thousands of seat letters cost a line each, not the whole file again),
 * so it survives restarts. A developer reads it at GET {graph stand-in}/_local/mail.
 */
export class Mailbox {
  private readonly mails: LocalMail[] = [];
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    this.file = dataDir ? join(dataDir, 'mail.jsonl') : undefined;
    if (this.file && existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        try {
          if (line.trim()) this.mails.push(JSON.parse(line) as LocalMail);
        } catch {
          // A line cut off by a crash is skipped.
        }
      }
    }
  }

  all(): LocalMail[] {
    return [...this.mails];
  }

  add(mail: LocalMail): void {
    this.mails.push(mail);
    if (this.file) appendFileSync(this.file, `${JSON.stringify(mail)}\n`);
  }
}

/** Reads a Graph sendMail body into a mail; undefined when it lacks a subject or recipients. */
/** The addresses a sendMail body's message is to. */
export function recipientsOf(body: unknown): string[] {
  const message = (body as { message?: Record<string, unknown> } | null | undefined)?.message;
  return Array.isArray(message?.toRecipients)
    ? message.toRecipients.map((r) => (r as { emailAddress?: { address?: unknown } })?.emailAddress?.address).filter((a): a is string => typeof a === 'string')
    : [];
}

export function mailFromSendMail(from: string, body: unknown, id: string, now: Date): LocalMail | undefined {
  const message = (body as { message?: Record<string, unknown> } | null)?.message;
  if (!message || typeof message.subject !== 'string') return undefined;
  const to = recipientsOf(body);
  if (to.length === 0) return undefined;
  const content = (message.body as { content?: unknown } | undefined)?.content;
  const mail: LocalMail = { id, from, sentAt: now.toISOString(), subject: message.subject, body: typeof content === 'string' ? content : '', to };
  if (Array.isArray(message.attachments) && message.attachments.length > 0) {
    mail.attachments = message.attachments.map((a: Record<string, unknown>) => ({
      name: String(a.name ?? ''),
      contentType: String(a.contentType ?? ''),
      contentId: typeof a.contentId === 'string' ? a.contentId : null,
      isInline: a.isInline === true,
      size: typeof a.contentBytes === 'string' ? Buffer.from(a.contentBytes, 'base64').length : 0,
    }));
  }
  return mail;
}
