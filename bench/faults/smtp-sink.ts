import { SMTPServer } from 'smtp-server';

export type SinkMode = 'accept' | 'tempfail' | 'drop-after-data';

export interface ReceivedMail {
  messageId: string;
  to: string;
  subject: string;
  at: number;
  /** The connection was dropped after the whole message arrived, before the 250 reply. */
  dropped: boolean;
}

/**
 * A real SMTP server on loopback (smtp-server) standing in for the mail relay. It can be down (not
 * listening: connections refused), answer 451 to every message ('tempfail'), or take one message and drop
 * the connection before its reply ('drop-after-data': the sender cannot know it arrived).
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  mode: SinkMode = 'accept';
  /** How many messages the next drops apply to; the mode returns to 'accept' after them. */
  dropsLeft = 0;
  connectionErrors = 0;
  private server: SMTPServer | null = null;

  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server: SMTPServer = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const header = (name: string) =>
            new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim() ?? '';
          if (this.mode === 'tempfail') {
            const error = Object.assign(new Error('Try again later (fault bench)'), { responseCode: 451 });
            return callback(error);
          }
          const dropped = this.mode === 'drop-after-data' && this.dropsLeft > 0;
          this.received.push({
            messageId: header('Message-ID'),
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: header('Subject'),
            at: performance.now(),
            dropped,
          });
          if (!dropped) return callback();
          if (--this.dropsLeft === 0) this.mode = 'accept';
          // The connection goes away before the reply: the client sees an error for a message that arrived.
          for (const connection of server.connections) {
            const socket = (connection as unknown as { _socket?: { destroy(): void } })._socket;
            if ((connection as unknown as { session?: { id?: string } }).session?.id === session.id)
              socket?.destroy();
          }
        });
      },
    });
    // A sender killed mid-conversation resets its connection: that is the sender's fault, not the relay's.
    server.on('error', () => {
      this.connectionErrors += 1;
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Stops listening and ends open connections: new connections are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const connection of server.connections)
      (connection as unknown as { _socket?: { destroy(): void } })._socket?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Message-ID → copies received. */
  copies(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of this.received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
    return counts;
  }
}
