import { graphClient } from './client.ts';

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
