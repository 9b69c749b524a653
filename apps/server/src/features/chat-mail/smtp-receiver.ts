import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Env } from '#app/config/env.ts';
import { acceptReply, type InboundDeps, type InboundOutcome } from './inbound.service.ts';
import { tokenOfAddress, verifyReplyToken, type ReplyTarget } from './reply-token.ts';

/**
 * The portal's SMTP receiver for answers to chat e-mails (docs/decisions/063, docs/operations.md "Replies by
 * e-mail"). It accepts only recipients `<reply local>+<valid token>@<reply domain>`: anything else — another
 * address, a forged or expired token — is refused at RCPT TO (550), so the sender's own server tells them and no
 * message is ever taken in for nobody. Plain SMTP without AUTH: it stands behind the MX or relay that forwards
 * the reply domain to it, which does TLS and spam filtering.
 */

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

export interface InboundSmtpOptions {
  host: string;
  port: number;
  now?: () => Date;
  onOutcome: (outcome: InboundOutcome | { kind: 'refused'; reason: string }, target?: ReplyTarget) => void;
  onError: (error: unknown) => void;
}

/** Base64 makes attachments a third larger; headers and text parts get a megabyte. */
const messageBytesFor = (maxRequestBytes: number) => Math.ceil(maxRequestBytes * 1.4) + 1024 * 1024;

type Session = SMTPServerSession & { target?: ReplyTarget };

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

export async function startInboundSmtp(
  deps: InboundDeps,
  env: Pick<Env, 'MAIL_REPLY_ADDRESS' | 'MAIL_REPLY_SECRET'>,
  { host, port, now = () => new Date(), onOutcome, onError }: InboundSmtpOptions,
): Promise<InboundSmtp> {
  const base = env.MAIL_REPLY_ADDRESS!;
  const secret = env.MAIL_REPLY_SECRET!;
  const size = messageBytesFor(deps.limits.maxRequestBytes);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size,
    socketTimeout: 60_000,
    onRcptTo(address, session: Session, callback) {
      const token = tokenOfAddress(base, address.address);
      const check = token === null ? null : verifyReplyToken(secret, token, now());
      if (!check?.ok) {
        onOutcome({ kind: 'refused', reason: check ? `token ${check.reason}` : 'not a reply address' });
        return callback(smtpError('No such recipient', 550));
      }
      // One reply, one conversation: a second reply address in the same transaction is not taken.
      if (session.target && session.target.requestId !== check.target.requestId) {
        return callback(smtpError('One reply address per message', 452));
      }
      session.target = check.target;
      callback();
    },
    onData(stream, session: Session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError('Message too large', 552));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        acceptReply(deps, session.target!, Buffer.concat(chunks), { from }).then(
          (outcome) => {
            onOutcome(outcome, session.target);
            callback();
          },
          (error: unknown) => {
            onError(error);
            // A temporary failure: the sender's server tries again later (the database may be back by then).
            callback(smtpError('Try again later', 451));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.on('error', onError);
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
