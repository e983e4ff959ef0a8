// Secrets kept in the database (TOTP seeds, identity-provider client secrets, SMTP passwords)
// are sealed with AES-256-GCM under one server key, so a copy of the database alone does not
// reveal them. The key comes from PORTAL_SECRET_KEY (32 bytes, base64) — required when several
// replicas share one PostgreSQL — or else from `<dataDir>/secret.key`, created on first use.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type SecretBox = {
  seal: (plain: string) => string;
  /** Throws when the value was not sealed with this key or was altered. */
  open: (sealed: string) => string;
  /** A MAC of `data` under the server key (HMAC-SHA256, base64url); `purpose` keeps one use's MACs from serving another. */
  sign: (purpose: string, data: string) => string;
};

const version = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== version || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    sign(purpose, data) {
      const purposeKey = createHmac('sha256', key).update(`sign:${purpose}`).digest();
      return createHmac('sha256', purposeKey).update(data).digest('base64url');
    },
  };
}

/** The server key: PORTAL_SECRET_KEY when set (validated by loadConfig), else a key file in the data directory. */
export function loadSecretKey(config: { secretKey: string | null; dataDir: string }): Buffer {
  if (config.secretKey) return Buffer.from(config.secretKey, 'base64');
  const file = join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // `wx`: two processes starting at once must not overwrite each other's key.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
