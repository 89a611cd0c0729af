import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, type ParsedMail } from './mime';

export interface ReceivedMail extends ParsedMail {
  /** Envelope recipients (RCPT TO), lower case. */
  recipients: string[];
  receivedAt: number;
}

/** A real SMTP server that keeps every received message in memory. */
export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Recipients answered with a permanent 550 at RCPT TO (a mailbox that does not exist), lower case. */
  rejected: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'lab shop e2e sink',
    onAuth(_auth, _session, cb) {
      cb(null, { user: 'e2e' });
    },
    onRcptTo(address, _session, cb) {
      if (rejected.has(address.address.toLowerCase())) return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ ...parsed, recipients, receivedAt: Date.now() });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
