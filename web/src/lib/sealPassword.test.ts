import { describe, expect, it } from 'vitest';
import { x25519 } from '@noble/curves/ed25519.js';
import { SEAL_INFO as INFO, openSealed as open } from '../test/seal';
import { sealPassword, type SealingKey } from './sealPassword';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

function serverKey() {
  const { secretKey, publicKey } = x25519.keygen();
  const key: SealingKey = {
    algorithm: 'X25519-HKDF-SHA256-AES256GCM',
    publicKey: btoa(String.fromCharCode(...publicKey)),
    hkdfInfo: INFO,
  };
  return { secretKey, key };
}

describe('sealPassword', () => {
  it('makes base64 of ephemeral key, nonce and ciphertext that the server key opens', () => {
    const { secretKey, key } = serverKey();
    const sealed = sealPassword('Hubei12345密码', key, TOKEN);
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    // 32 + 12 + UTF-8 length of the password (16 bytes) + 16-byte tag
    expect(atob(sealed)).toHaveLength(32 + 12 + 16 + 16);
    expect(open(sealed, secretKey, TOKEN)).toBe('Hubei12345密码');
  });

  it('binds the captcha token: another token does not open it', () => {
    const { secretKey, key } = serverKey();
    const sealed = sealPassword('Hubei12345', key, TOKEN);
    expect(() => open(sealed, secretKey, TOKEN.replace('a', 'b'))).toThrow();
  });

  it('uses a fresh key pair and nonce for every login', () => {
    const { key } = serverKey();
    expect(sealPassword('same', key, TOKEN)).not.toBe(sealPassword('same', key, TOKEN));
  });

  it('refuses a sealing scheme it does not know', () => {
    const { key } = serverKey();
    expect(() => sealPassword('pw', { ...key, algorithm: 'RSA' }, TOKEN)).toThrow(/RSA/);
  });
});
