//! The login password travels sealed to the server's X25519 key, so it is never
//! readable on the wire even over plain http.
//!
//! Format (base64, standard alphabet, padded) of `eph_pk[32] ‖ nonce[12] ‖ ciphertext‖tag[16]`:
//! - the page makes an ephemeral X25519 key pair and computes `shared = X25519(eph_sk, server_pk)`;
//! - `key = HKDF-SHA256(ikm = shared, salt = eph_pk ‖ server_pk, info = "rscloud login password v1")`, 32 bytes;
//! - `ciphertext = AES-256-GCM(key, nonce, password as UTF-8, aad = the captcha token)`.
//!
//! Binding the captcha token as associated data makes a captured sealed password
//! useless with any other (single-use) captcha.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hkdf::Hkdf;
use sha2::Sha256;
use x25519_dalek::{PublicKey, StaticSecret};

/// The HKDF `info` string; a new format gets a new version here.
pub const HKDF_INFO: &[u8] = b"rscloud login password v1";
const NONCE_LEN: usize = 12;
const TAG_LEN: usize = 16;
/// Longest sealed password accepted (base64 characters): far above any real password.
const MAX_SEALED_LEN: usize = 1024;

/// Why a sealed password could not be opened.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SealError {
    /// Not base64, too short or too long.
    #[error("sealed password is malformed")]
    Malformed,
    /// Wrong key, wrong captcha token, or tampered bytes.
    #[error("sealed password does not open")]
    Forged,
}

/// The server's long-lived key pair.
pub struct SealKey {
    secret: StaticSecret,
    public: PublicKey,
}

impl SealKey {
    /// A key pair from its 32 secret bytes.
    pub fn from_secret(bytes: [u8; 32]) -> Self {
        let secret = StaticSecret::from(bytes);
        let public = PublicKey::from(&secret);
        Self { secret, public }
    }

    /// A fresh random key pair; returns it with its secret bytes for storage.
    pub fn generate() -> Result<(Self, [u8; 32]), getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        Ok((Self::from_secret(bytes), bytes))
    }

    /// The public key, base64, as the page needs it.
    pub fn public_base64(&self) -> String {
        STANDARD.encode(self.public.as_bytes())
    }

    /// Opens a sealed password made for `aad` (the captcha token).
    pub fn open(&self, sealed: &str, aad: &str) -> Result<String, SealError> {
        if sealed.len() > MAX_SEALED_LEN {
            return Err(SealError::Malformed);
        }
        let raw = STANDARD
            .decode(sealed.trim())
            .map_err(|_| SealError::Malformed)?;
        if raw.len() < 32 + NONCE_LEN + TAG_LEN {
            return Err(SealError::Malformed);
        }
        let (eph, rest) = raw.split_at(32);
        let (nonce, ciphertext) = rest.split_at(NONCE_LEN);
        let mut eph_bytes = [0u8; 32];
        eph_bytes.copy_from_slice(eph);
        let eph_pk = PublicKey::from(eph_bytes);
        let shared = self.secret.diffie_hellman(&eph_pk);
        if !shared.was_contributory() {
            return Err(SealError::Forged);
        }
        let cipher = cipher_for(shared.as_bytes(), eph_pk.as_bytes(), self.public.as_bytes());
        let nonce = Nonce::try_from(nonce).map_err(|_| SealError::Malformed)?;
        let plain = cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: ciphertext,
                    aad: aad.as_bytes(),
                },
            )
            .map_err(|_| SealError::Forged)?;
        String::from_utf8(plain).map_err(|_| SealError::Malformed)
    }
}

fn cipher_for(shared: &[u8; 32], eph_pk: &[u8; 32], server_pk: &[u8; 32]) -> Aes256Gcm {
    let mut salt = [0u8; 64];
    salt[..32].copy_from_slice(eph_pk);
    salt[32..].copy_from_slice(server_pk);
    let mut key = [0u8; 32];
    // 32 bytes is far below HKDF-SHA256's 8160-byte limit, so expand cannot fail.
    let _ = Hkdf::<Sha256>::new(Some(&salt), shared).expand(HKDF_INFO, &mut key);
    Aes256Gcm::new(&key.into())
}

/// Seals a password the way the page does; for tests and command-line clients.
pub fn seal(server_public_base64: &str, password: &str, aad: &str) -> Result<String, SealError> {
    let server = STANDARD
        .decode(server_public_base64)
        .map_err(|_| SealError::Malformed)?;
    let server: [u8; 32] = server.try_into().map_err(|_| SealError::Malformed)?;
    let (eph, _) = SealKey::generate().map_err(|_| SealError::Malformed)?;
    let shared = eph.secret.diffie_hellman(&PublicKey::from(server));
    let cipher = cipher_for(shared.as_bytes(), eph.public.as_bytes(), &server);
    let mut nonce = [0u8; NONCE_LEN];
    getrandom::fill(&mut nonce).map_err(|_| SealError::Malformed)?;
    let ciphertext = cipher
        .encrypt(
            &Nonce::from(nonce),
            Payload {
                msg: password.as_bytes(),
                aad: aad.as_bytes(),
            },
        )
        .map_err(|_| SealError::Malformed)?;
    let mut out = Vec::with_capacity(32 + NONCE_LEN + ciphertext.len());
    out.extend_from_slice(eph.public.as_bytes());
    out.extend_from_slice(&nonce);
    out.extend_from_slice(&ciphertext);
    Ok(STANDARD.encode(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_password_opens_only_with_its_captcha_token() {
        let (key, _) = SealKey::generate().expect("random");
        let sealed = seal(&key.public_base64(), "Secret123中文", "tokenA").expect("seal");
        assert_eq!(key.open(&sealed, "tokenA"), Ok("Secret123中文".into()));
        assert_eq!(key.open(&sealed, "tokenB"), Err(SealError::Forged));
    }

    #[test]
    fn tampered_or_foreign_or_garbage_input_is_refused() {
        let (key, _) = SealKey::generate().expect("random");
        let (other, _) = SealKey::generate().expect("random");
        let sealed = seal(&other.public_base64(), "pw", "t").expect("seal");
        assert_eq!(key.open(&sealed, "t"), Err(SealError::Forged));
        let mut raw = STANDARD
            .decode(seal(&key.public_base64(), "pw", "t").expect("seal"))
            .expect("b64");
        let last = raw.len() - 1;
        raw[last] ^= 1;
        assert_eq!(key.open(&STANDARD.encode(raw), "t"), Err(SealError::Forged));
        assert_eq!(key.open("not base64!", "t"), Err(SealError::Malformed));
        assert_eq!(
            key.open(&STANDARD.encode([0u8; 20]), "t"),
            Err(SealError::Malformed)
        );
        assert_eq!(key.open(&"A".repeat(5000), "t"), Err(SealError::Malformed));
    }

    #[test]
    fn all_zero_ephemeral_key_is_refused() {
        let (key, _) = SealKey::generate().expect("random");
        let sealed = STANDARD.encode([0u8; 32 + NONCE_LEN + TAG_LEN + 4]);
        assert_eq!(key.open(&sealed, "t"), Err(SealError::Forged));
    }

    #[test]
    fn key_round_trips_through_its_secret_bytes() {
        let (key, bytes) = SealKey::generate().expect("random");
        assert_eq!(
            SealKey::from_secret(bytes).public_base64(),
            key.public_base64()
        );
    }
}
