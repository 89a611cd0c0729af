import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { getConfig } from '../config';
import { log } from '../log';

/**
 * The VAPID key pair the shop signs its pushes with (RFC 8292). Production takes it from
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (push is off without them); development makes one pair per
 * checkout and keeps it in data/vapid-keys.json, so `next dev` has push with no set-up and the
 * browsers' subscriptions survive a restart.
 */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let devKeys: VapidDetails | null = null;

export function vapidDetails(): VapidDetails | null {
  const config = getConfig();
  if (config.push.vapid) return config.push.vapid;
  if (process.env.NODE_ENV === 'production' || process.env.NODE_ENV === 'test') return null;
  if (!devKeys) devKeys = developmentKeys(path.join(process.cwd(), 'data', 'vapid-keys.json'));
  return devKeys;
}

function developmentKeys(file: string): VapidDetails {
  const subject = 'mailto:no-reply@localhost';
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (saved.publicKey && saved.privateKey) return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  } catch {
    // None yet: made below.
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  log().info({ file }, 'development VAPID keys created');
  return { ...keys, subject };
}
