import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { dataDirOf, type Server } from './servers.ts';

export interface Mail {
  file: string;
  to: string[];
  subject: string;
  /** The Reply-To address, if the message has one (chat e-mails: the signed reply address). */
  replyTo?: string;
  text: string;
  /** Every http(s) address in the text part, in order. */
  links: string[];
}

const parsed = new Map<string, Mail>();

/** The .eml files the server wrote under DATA_DIR/mail (no SMTP_URL), oldest first, parsed once each. */
async function readMails(server: Server): Promise<Mail[]> {
  const dir = join(dataDirOf(server), 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: Mail[] = [];
  for (const name of files) {
    const file = join(dir, name);
    let mail = parsed.get(file);
    if (!mail) {
      const email = await PostalMime.parse(await readFile(file));
      const text = email.text ?? '';
      mail = {
        file,
        to: (email.to ?? []).map((address) => address.address ?? '').filter(Boolean),
        subject: email.subject ?? '',
        replyTo: email.replyTo?.[0]?.address,
        text,
        links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [],
      };
      parsed.set(file, mail);
    }
    mails.push(mail);
  }
  return mails;
}

export async function mailsTo(server: Server, address: string): Promise<Mail[]> {
  return (await readMails(server)).filter((mail) => mail.to.includes(address.toLowerCase()));
}

interface MailWait {
  /** Only messages with a link whose address holds this (e.g. '/reset-password/') count. */
  linkTo?: string;
  /** Which such message (1 = the first). */
  count?: number;
  timeout?: number;
}

/**
 * Waits until the server has written the `count`-th message to `address` that links to `linkTo` (the outbox worker
 * sends within a second or two) and returns it. Filtering by link keeps a journey from taking another message to the
 * same person, such as the daily guarantee reminder, for the one it waits for.
 */
export async function waitForMail(
  server: Server,
  address: string,
  { linkTo, count = 1, timeout = 20_000 }: MailWait = {},
): Promise<Mail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = (await mailsTo(server, address)).filter(
      (mail) => linkTo === undefined || mail.links.some((link) => link.includes(linkTo)),
    );
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) {
      const what = linkTo === undefined ? '' : ` linking to ${linkTo}`;
      throw new Error(
        `No mail #${count}${what} to ${address} under ${dataDirOf(server)}/mail within ${timeout} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The link of a message that points into the portal (confirmation, password reset). */
export function portalLink(mail: Mail, pathPart: string): URL {
  const link = mail.links.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`No ${pathPart} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return new URL(link);
}
