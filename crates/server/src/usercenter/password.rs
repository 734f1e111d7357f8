//! Password rules and hashing (argon2id, PHC strings). Passwords are never logged.

use std::sync::LazyLock;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use crate::error::AppError;

/// Checks the password rule: at least 8 characters, with letters and digits.
pub fn validate(password: &str) -> Result<(), AppError> {
    let n = password.chars().count();
    if n < 8 {
        return Err(AppError::bad_request("密码长度不能少于8位"));
    }
    if n > 64 {
        return Err(AppError::bad_request("密码长度不能超过64位"));
    }
    let letters = password.chars().any(|c| c.is_ascii_alphabetic());
    let digits = password.chars().any(|c| c.is_ascii_digit());
    if !(letters && digits) {
        return Err(AppError::bad_request("密码必须同时包含字母和数字"));
    }
    Ok(())
}

/// Hashes a password with argon2id and a random salt.
pub fn hash(password: &str) -> Result<String, AppError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| AppError::Internal(anyhow::anyhow!("argon2 hash failed: {e}")))
}

/// Checks a password against an account's hash, or, when there is no account,
/// against a throwaway hash so that the answer takes as long either way and
/// timing does not tell which names exist.
pub fn verify_or_dummy(password: &str, stored: Option<&str>) -> bool {
    static DUMMY: LazyLock<String> =
        LazyLock::new(|| hash("no such account 0").unwrap_or_default());
    match stored {
        Some(h) => verify(password, h),
        None => {
            verify(password, &DUMMY);
            false
        }
    }
}

/// Does the password match the stored hash? A malformed stored hash matches nothing.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_verifies_the_password_and_nothing_else() {
        let h = hash("landsat8Rocks").expect("hash");
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("landsat8Rocks", &h));
        assert!(!verify("landsat8rocks", &h));
        assert!(!verify("landsat8Rocks", "not a hash"));
        assert_ne!(hash("landsat8Rocks").expect("hash"), h, "salted");
    }

    #[test]
    fn rule_wants_eight_characters_with_letters_and_digits() {
        assert!(validate("abcd1234").is_ok());
        for (bad, msg) in [
            ("abc123", "密码长度不能少于8位"),
            ("abcdefgh", "密码必须同时包含字母和数字"),
            ("12345678", "密码必须同时包含字母和数字"),
        ] {
            assert_eq!(validate(bad).expect_err(bad).to_string(), msg);
        }
    }
}
