import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free port that keeps every message it receives (for mail tests). It can
 * misbehave like a real one: `refuse` closes every connection at once (as a server that is down),
 * `stall` accepts the connection and never greets, and `rejectRecipients` answers 550 for those
 * addresses; `mode('up')` brings it back.
 */
export type SmtpMode = 'up' | 'refuse' | 'stall';

export interface SmtpSink {
  url: string;
  messages: { to: string[]; data: string }[];
  /** Switches the behaviour for new connections. */
  mode(next: SmtpMode): void;
  /** Addresses answered with a permanent 550 at RCPT TO. */
  rejectRecipients: Set<string>;
  close(): Promise<void>;
}

/** `delayMs`: each message is accepted only after this long (a busy server, for runs that must be caught mid-way). */
export async function startSmtpSink(opts: { delayMs?: number } = {}): Promise<SmtpSink> {
  const messages: SmtpSink['messages'] = [];
  const rejectRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipients.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        const accept = () => {
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), data: data.replace(/\r\n/g, '\n') });
          callback();
        };
        if (opts.delayMs) setTimeout(accept, opts.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const inner = (server.server.address() as AddressInfo).port;

  // The port the shop talks to: passes connections through, refuses them, or holds them silent.
  let current: SmtpMode = 'up';
  const open = new Set<net.Socket>();
  const front = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    if (current === 'refuse') return client.destroy();
    if (current === 'stall') return;
    const upstream = net.connect(inner, '127.0.0.1');
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectRecipients,
    mode(next) {
      current = next;
      if (next !== 'up') for (const s of open) s.destroy();
    },
    async close() {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
