import { createHash } from 'node:crypto';
import { CHAT_LIMITS } from '@care/contract/chat';
import type { Language } from '@care/contract/locales';
import type { Role } from '@care/contract/statuses';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import type { Db } from '#app/db/client.ts';
import { users } from '#app/db/schema/users.ts';
import { sendMessage } from '#app/features/chat/chat.service.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { keepUploadsIf, recordFiles, type UploadLimits } from '#app/files/uploads.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { automaticMailKind } from './automatic-mail.ts';
import { refusedNote, storeAttachments } from './inbound-files.ts';
import type { ReplyTarget } from './reply-token.ts';
import { stripQuotedHistory, textOfHtml } from './reply-text.ts';

/**
 * A reply e-mail to a chat e-mail, added to the request's conversation as its author's messages (docs/decisions/063):
 * the text without the quoted history first, then one message per accepted attachment, all in one transaction
 * through the chat's own send (the same access rule, last_message_at, read marker and live `chat-message` event).
 */

export type InboundOutcome =
  | { kind: 'added'; messages: number; refusedFiles: number }
  | { kind: 'ignored'; reason: 'bounce' | 'auto-reply' | 'empty' | 'duplicate' }
  | { kind: 'dropped'; reason: 'inactive' | 'sender-mismatch' | 'no-access' };

export interface InboundDeps {
  db: Db;
  store: FileStore;
  limits: UploadLimits;
}

/** The envelope of the SMTP transaction (or what an IMAP job reads from the headers). */
export interface Envelope {
  /** MAIL FROM, '' for the null sender of a bounce. */
  from: string;
}

class Duplicate extends Error {}

/** The sender's client id of the e-mail's n-th message: the same for a redelivered copy (same Message-ID). */
function clientIdOf(messageId: string | undefined, index: number): string | undefined {
  if (!messageId) return undefined;
  const hex = createHash('sha256').update(`${messageId}#${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Text a person wrote, storable (no NUL, no lone surrogate) and within the chat's length. */
function storable(text: string): string {
  // A lone surrogate becomes U+FFFD and NUL goes: PostgreSQL text stores neither.
  const clean = text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replaceAll('\u0000', '');
  const max = CHAT_LIMITS.bodyMaxLength;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

interface Author {
  id: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  status: string;
}

const actorOf = (author: Author): Actor => ({
  id: author.id,
  // Not a session: the signed reply address stands in for it, for this one message.
  sessionId: 0,
  sessionExpiresAt: new Date(0),
  role: author.role,
  email: author.email,
  firstName: author.firstName,
  lastName: author.lastName,
  language: author.language,
  authorities: [],
});

export async function acceptReply(
  deps: InboundDeps,
  target: ReplyTarget,
  raw: Buffer,
  envelope: Envelope,
): Promise<InboundOutcome> {
  const email = await PostalMime.parse(raw);
  const automatic = automaticMailKind(email, envelope.from);
  if (automatic) return { kind: 'ignored', reason: automatic };

  const [author] = await deps.db.select().from(users).where(eq(users.id, target.userId));
  if (!author || author.status !== 'active') return { kind: 'dropped', reason: 'inactive' };
  // The token is the reply address of one person: a forwarded e-mail answered by someone else is not theirs.
  const from = email.from && 'address' in email.from ? email.from.address?.toLowerCase() : undefined;
  if (from !== author.email) return { kind: 'dropped', reason: 'sender-mismatch' };

  // The plain-text part when there is one (the sender's own text); else the HTML part, as text.
  const text = stripQuotedHistory(email.text ?? textOfHtml(email.html ?? ''));
  const files = await storeAttachments(deps.store, deps.limits, email.attachments);
  const note = refusedNote(author.language, files.refused);
  const body = storable([text, note].filter(Boolean).join('\n\n'));
  if (!body && files.uploads.length === 0) return { kind: 'ignored', reason: 'empty' };

  const actor = actorOf(author);
  let index = 0;
  const send = async (tx: Db, message: { body: string | null; fileId?: string }) => {
    const sent = await sendMessage(tx, actor, {
      serviceRequestId: target.requestId,
      ...message,
      clientId: clientIdOf(email.messageId, index++),
    });
    if (!sent.created) throw new Duplicate();
  };
  try {
    await keepUploadsIf(deps.store, files.uploads, () =>
      deps.db.transaction(async (tx) => {
        if (body) await send(tx, { body });
        for (const file of await recordFiles(tx, files.uploads, author.id)) {
          await send(tx, { body: null, fileId: file.id });
        }
      }),
    );
  } catch (error) {
    if (error instanceof Duplicate) return { kind: 'ignored', reason: 'duplicate' };
    // The chat's access rule: a customer only on their own request.
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      return { kind: 'dropped', reason: 'no-access' };
    throw error;
  }
  return { kind: 'added', messages: index, refusedFiles: files.refused.length };
}
