//! Verification codes sent to a mobile number or e-mail address, for
//! registration, password reset and a new contact address: six digits, ten minutes, five tries,
//! one code per address per minute, stored only as a hash.

use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::session::now_secs;
use super::{Accounts, rules, store};
use crate::db::Db;
use crate::error::AppError;

/// How long a code is valid.
const TTL_SECS: i64 = 10 * 60;
/// How soon the same address may get a new code.
const RESEND_SECS: i64 = 60;
/// Wrong tries before a code is void.
const MAX_ATTEMPTS: i64 = 5;

/// Where a code goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// A text message to a mobile number.
    Telephone,
    /// An e-mail.
    Email,
}

impl Channel {
    /// The channel's name: stored with its codes, and the user column holding
    /// this kind of address.
    pub fn column(self) -> &'static str {
        match self {
            Channel::Telephone => "telephone",
            Channel::Email => "email",
        }
    }

    /// Checks an address's form for this channel.
    pub fn validate(self, address: &str) -> Result<(), AppError> {
        match self {
            Channel::Telephone => rules::telephone(address),
            Channel::Email => rules::email(address),
        }
    }

    /// The 409 message when an account already uses the address.
    pub fn taken_message(self) -> &'static str {
        match self {
            Channel::Telephone => "该手机号已被注册",
            Channel::Email => "该邮箱已被注册",
        }
    }
}

/// What a code is for; it shows in the message the person receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// Creating an account.
    Register,
    /// Setting a new password.
    Reset,
    /// Binding a logged-in account to a new mobile number or e-mail: the code
    /// goes to the new address, which no account may hold yet.
    Change,
}

fn hash(channel: Channel, address: &str, code: &str) -> Vec<u8> {
    Sha256::digest(format!("{}:{address}:{code}", channel.column())).to_vec()
}

fn random_code() -> Result<String, AppError> {
    let mut b = [0u8; 4];
    getrandom::fill(&mut b)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("no randomness: {e}")))?;
    Ok(format!("{:06}", u32::from_le_bytes(b) % 1_000_000))
}

/// Makes a code for an address and sends it.
pub async fn send(
    db: &Db,
    accounts: &Accounts,
    channel: Channel,
    address: &str,
    purpose: Purpose,
) -> Result<(), AppError> {
    // Nothing is stored for a channel that cannot deliver: a code nobody received
    // would only block the next try for a minute.
    if channel == Channel::Email && accounts.mailer.is_none() {
        return Err(AppError::Unavailable(
            "邮件服务未配置，请使用手机号验证".into(),
        ));
    }
    let code = random_code()?;
    let now = now_secs();
    let (addr, digest) = (address.to_owned(), hash(channel, address, &code));
    let stored = db
        .call(move |c| {
            let tx = c.transaction()?;
            let last = store::code(&tx, channel.column(), &addr)?;
            if last.is_some_and(|code| code.expires_at - TTL_SECS + RESEND_SECS > now) {
                return Ok(false);
            }
            store::save_code(&tx, channel.column(), &addr, &digest, now + TTL_SECS)?;
            tx.commit()?;
            Ok(true)
        })
        .await?;
    if !stored {
        return Err(AppError::TooManyRequests(
            "验证码发送过于频繁，请60秒后再试".into(),
        ));
    }
    let what = match purpose {
        Purpose::Register => "注册账号",
        Purpose::Reset => "重置密码",
        Purpose::Change => match channel {
            Channel::Telephone => "绑定新手机号",
            Channel::Email => "绑定新邮箱",
        },
    };
    let text = format!(
        "【自然资源卫星遥感云服务平台】您正在{what}，验证码为 {code}，10分钟内有效。如非本人操作，请忽略。"
    );
    let sent = match (channel, &accounts.mailer) {
        (Channel::Email, Some(mailer)) => {
            mailer.send(address, &format!("验证码：{what}"), text).await
        }
        _ => accounts.sms.send(address, &text).await,
    };
    if sent.is_err() {
        // The code never arrived: forget it so the person may ask again at once.
        let addr = address.to_owned();
        db.call(move |c| store::delete_code(c, channel.column(), &addr))
            .await?;
    }
    sent
}

/// Checks a code; a right one is used up, a wrong one counts against the five tries.
pub async fn consume(db: &Db, channel: Channel, address: &str, code: &str) -> Result<(), AppError> {
    let now = now_secs();
    let (addr, digest) = (address.to_owned(), hash(channel, address, code.trim()));
    let ok = db
        .call(move |c| {
            let Some(stored) = store::code(c, channel.column(), &addr)? else {
                return Ok(false);
            };
            if stored.expires_at <= now || stored.attempts >= MAX_ATTEMPTS {
                return Ok(false);
            }
            if stored.code_hash == digest {
                store::delete_code(c, channel.column(), &addr)?;
                return Ok(true);
            }
            store::count_code_attempt(c, channel.column(), &addr)?;
            Ok(false)
        })
        .await?;
    if ok {
        Ok(())
    } else {
        Err(AppError::bad_request("验证码错误或已失效，请重新获取"))
    }
}
