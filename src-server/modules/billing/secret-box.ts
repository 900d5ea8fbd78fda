import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets kept for a seller (a payment gateway's secret key) with AES-256-GCM, under a key
 * derived from the server's signing secret, so a copy of the database alone does not reveal them.
 * Each is bound to its owner (the user id is authenticated with it), so a sealed value copied onto
 * another account does not open. Sealed text: `v2.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface SecretBox {
  seal(plain: string, ownerId: string): string;
  open(sealed: string, ownerId: string): string;
}

const TAG_BYTES = 16;

export function secretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'ironsight', 'seller payment secrets v1', 32));
  return {
    seal(plain, ownerId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(ownerId, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v2', iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, ownerId) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v2' || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      // A tag shorter than 16 bytes is refused rather than checked on fewer bits.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(ownerId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
