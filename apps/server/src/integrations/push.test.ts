import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadVapidKeys } from './push';

describe('loadVapidKeys', () => {
  it('makes a key pair once in DATA_DIR and keeps it, so subscribed browsers stay subscribed', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gona-vapid-'));
    const first = loadVapidKeys({ vapidKeys: null, dataDir });
    expect(loadVapidKeys({ vapidKeys: null, dataDir })).toEqual(first);
    expect(statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    // The pair is one web-push can sign with.
    expect(() =>
      webpush.getVapidHeaders(
        'https://fcm.googleapis.com',
        'mailto:support@gona.ng',
        first.publicKey,
        first.privateKey,
        'aes128gcm',
      ),
    ).not.toThrow();
  });

  it('uses the configured pair when there is one', () => {
    const configured = { publicKey: 'B'.repeat(87), privateKey: 'A'.repeat(43) };
    const dataDir = mkdtempSync(join(tmpdir(), 'gona-vapid-'));
    expect(loadVapidKeys({ vapidKeys: configured, dataDir })).toBe(configured);
  });
});
