import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { setConfigForTests } from '../config';
import { buildAppUrl, sendMail } from './mailer';

/** Mail delivery through a real SMTP server started here, and into the outbox directory. */
let outbox: string;

beforeEach(() => {
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-mail-'));
});
afterEach(() => {
  fs.rmSync(outbox, { recursive: true, force: true });
  setConfigForTests(undefined);
});

test('without SMTP_URL each mail is an .eml file in the outbox', async () => {
  setConfigForTests({ smtpUrl: null, outboxDir: path.join(outbox, 'nested'), mailFrom: 'Lab shop <no-reply@lab.test>' });
  await sendMail({ to: 'anna@example.com', subject: 'Confirm your e-mail', text: 'Token: abc', html: '<p>Token: <b>abc</b></p>' });
  await sendMail({ to: 'bob@example.com', subject: 'Second', text: 'Hello' });
  const files = fs.readdirSync(path.join(outbox, 'nested')).sort();
  expect(files).toHaveLength(2);
  expect(files.every((f) => /^\d{4}-\d{2}-\d{2}T.*-[0-9a-f]{8}\.eml$/.test(f))).toBe(true);
  const all = files.map((f) => fs.readFileSync(path.join(outbox, 'nested', f), 'utf8')).join('\n');
  expect(all).toContain('To: anna@example.com');
  expect(all).toContain('From: Lab shop <no-reply@lab.test>');
  expect(all).toContain('Subject: Confirm your e-mail');
  expect(all).toContain('Token: abc');
  expect(all).toContain('text/html');
});

test('with SMTP_URL the mail reaches the SMTP server', async () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.server.address() as AddressInfo;
    setConfigForTests({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: outbox, mailFrom: 'Lab shop <no-reply@lab.test>' });
    await sendMail({ to: 'carol@example.com', subject: 'Reset your password', text: 'Open http://localhost/reset-password?token=t1' });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['carol@example.com']);
    expect(received[0]?.from).toBe('no-reply@lab.test');
    expect(received[0]?.data).toContain('Subject: Reset your password');
    expect(received[0]?.data).toContain('reset-password?token=t1');
    expect(fs.readdirSync(outbox)).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('buildAppUrl joins the configured app URL and a path', () => {
  setConfigForTests({ appUrl: 'https://shop.example.com' });
  expect(buildAppUrl('/confirm-email?token=a')).toBe('https://shop.example.com/confirm-email?token=a');
  expect(buildAppUrl('order/cart')).toBe('https://shop.example.com/order/cart');
});
