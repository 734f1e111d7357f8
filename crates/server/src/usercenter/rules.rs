//! The rules for what a person may choose as username, mobile number and e-mail.

use crate::error::AppError;

/// A username: 4–20 ASCII letters, digits or underscores.
pub fn username(name: &str) -> Result<(), AppError> {
    let len = name.chars().count();
    if !(4..=20).contains(&len) || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(AppError::bad_request("用户名须为4-20位字母、数字或下划线"));
    }
    Ok(())
}

/// A mainland mobile number: 11 digits starting 13–19.
pub fn telephone(number: &str) -> Result<(), AppError> {
    let b = number.as_bytes();
    let ok = b.len() == 11
        && b[0] == b'1'
        && (b'3'..=b'9').contains(&b[1])
        && b.iter().all(u8::is_ascii_digit);
    if ok {
        Ok(())
    } else {
        Err(AppError::bad_request("请输入正确的手机号码"))
    }
}

/// An e-mail address: one `@`, a dotted domain, no spaces, at most 254 characters.
pub fn email(address: &str) -> Result<(), AppError> {
    let ok = address.len() <= 254
        && !address.chars().any(char::is_whitespace)
        && address.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.split('.').count() >= 2
                && domain.split('.').all(|part| !part.is_empty())
        });
    if ok {
        Ok(())
    } else {
        Err(AppError::bad_request("请输入正确的邮箱地址"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        for good in ["abcd", "land_office_2024", "A1_b"] {
            assert!(username(good).is_ok(), "{good}");
        }
        for bad in [
            "abc",
            "a".repeat(21).as_str(),
            "有中文名",
            "has space",
            "dash-name",
        ] {
            assert!(username(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn mainland_mobile_numbers() {
        assert!(telephone("13800138000").is_ok());
        assert!(telephone("19912345678").is_ok());
        for bad in [
            "12800138000",
            "1380013800",
            "138001380001",
            "1380013800a",
            "+8613800138000",
        ] {
            assert_eq!(
                telephone(bad).expect_err(bad).to_string(),
                "请输入正确的手机号码"
            );
        }
    }

    #[test]
    fn email_addresses() {
        assert!(email("zhang.san@mnr.gov.cn").is_ok());
        for bad in ["plain", "@x.cn", "a@b", "a@b.", "a b@c.cn", "a@b@c.cn"] {
            assert_eq!(
                email(bad).expect_err(bad).to_string(),
                "请输入正确的邮箱地址"
            );
        }
    }
}
