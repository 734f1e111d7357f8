// Opens a sealed password the way the server does (crates/server/src/usercenter/seal.rs),
// written out independently of src/features/auth/sealPassword.ts, for tests of what it sends.
import { gcm } from '@noble/ciphers/aes.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

export const SEAL_INFO = 'rscloud login password v1';

/** The password in `sealed`, when the associated data was `aad`; throws otherwise. */
export function openSealed(sealed: string, serverSecret: Uint8Array, aad: string): string {
  const raw = Uint8Array.from(atob(sealed), (char) => char.charCodeAt(0));
  const ephemeralPublic = raw.slice(0, 32);
  const nonce = raw.slice(32, 44);
  const serverPublic = x25519.getPublicKey(serverSecret);
  const shared = x25519.getSharedSecret(serverSecret, ephemeralPublic);
  const salt = new Uint8Array([...ephemeralPublic, ...serverPublic]);
  const key = hkdf(sha256, shared, salt, new TextEncoder().encode(SEAL_INFO), 32);
  const plain = gcm(key, nonce, new TextEncoder().encode(aad)).decrypt(raw.slice(44));
  return new TextDecoder().decode(plain);
}
