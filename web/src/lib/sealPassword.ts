// Seals the login password to the server's X25519 key (spec §5: the password is encrypted
// before sending), in the format the server opens (crates/server/src/usercenter/seal.rs):
// base64(ephemeral public key[32] ‖ nonce[12] ‖ AES-256-GCM ciphertext and tag), with the key
// from HKDF-SHA256 over the X25519 shared secret. The captcha token is the associated data,
// so a captured sealed password is useless with any other (single-use) captcha. Registration
// and the forgotten-password form, which have no captcha of their own, seal with a fresh
// 32-character token of the form instead (captcha.ts `newSealingToken`) and send it along.
import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** What GET /api/usercenter/publickey says about the key. */
export interface SealingKey {
  algorithm: string;
  /** The server's X25519 public key, base64. */
  publicKey: string;
  /** The HKDF `info` string. */
  hkdfInfo: string;
}

/** The only scheme this page speaks; any other answer is a server this page does not know. */
const SEAL_ALGORITHM = 'X25519-HKDF-SHA256-AES256GCM';
const NONCE_BYTES = 12;
const KEY_BYTES = 32;

const utf8 = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** The AES key both sides derive; salt = ephemeral public key ‖ server public key. */
function sealKey(
  shared: Uint8Array,
  ephemeralPublic: Uint8Array,
  serverPublic: Uint8Array,
  info: string,
): Uint8Array {
  const salt = new Uint8Array([...ephemeralPublic, ...serverPublic]);
  return hkdf(sha256, shared, salt, utf8.encode(info), KEY_BYTES);
}

/** The sealed password for the login form; `captchaToken` must be the one sent with it. */
export function sealPassword(password: string, key: SealingKey, captchaToken: string): string {
  if (key.algorithm !== SEAL_ALGORITHM) {
    throw new Error(`unsupported password sealing ${key.algorithm}`);
  }
  const serverPublic = fromBase64(key.publicKey);
  // A fresh key pair per login: nothing on the page can open an earlier sealed password.
  const ephemeral = x25519.keygen();
  const shared = x25519.getSharedSecret(ephemeral.secretKey, serverPublic);
  const aesKey = sealKey(shared, ephemeral.publicKey, serverPublic, key.hkdfInfo);
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = gcm(aesKey, nonce, utf8.encode(captchaToken)).encrypt(utf8.encode(password));
  return toBase64(new Uint8Array([...ephemeral.publicKey, ...nonce, ...sealed]));
}
