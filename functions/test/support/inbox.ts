/**
 * The local stack's mail server (MailDev): the mails the reminders sent, read back from its REST
 * API, with their raw headers.
 */
const INBOX_URL = process.env.INBOX_URL ?? 'http://127.0.0.1:1080';

export interface ReceivedMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  /** The message's own header lines, as sent and unfolded (MailDev's JSON keeps only a few). */
  rawHeaders: string;
}

/** Every mail sent to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const all = (await (await fetch(`${INBOX_URL}/api/email`)).json()) as Omit<ReceivedMail, 'rawHeaders'>[];
  const mine = all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
  return Promise.all(
    mine.map(async (mail) => {
      const source = await (await fetch(`${INBOX_URL}/api/email/${mail.id}/source`)).text();
      // Long header lines are folded (RFC 5322): unfolded here, one line per header.
      const head = source.split(/\r?\n\r?\n/)[0] ?? '';
      return { ...mail, rawHeaders: head.replace(/\r?\n[ \t]+/g, ' ').replace(/\r\n/g, '\n') };
    }),
  );
}
