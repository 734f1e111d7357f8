//! Accounts (`/api/usercenter/...`): captcha, sealed-password login, sessions,
//! user info and area ranges, and the guards every other module uses.

pub mod admin;
pub mod captcha;
pub mod guard;
mod login;
pub mod manage;
pub mod nodetype;
pub mod notify;
pub mod password;
pub mod perm;
mod personal;
mod profile;
mod pushnode;
pub mod ratelimit;
mod register;
mod reset;
pub mod rules;
pub mod screen;
pub mod seal;
pub mod session;
pub mod store;
pub mod verify;

use std::net::IpAddr;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::config::Config;
use crate::db::Db;
use crate::state::AppState;
use captcha::CaptchaStore;
use guard::Require;
use ratelimit::Limiter;
use seal::SealKey;

/// The area-range type that grants regions.
pub const RANGE_TYPE_REGION: &str = "regionId";
/// The role of administrators: accounts, ranges, orders, requests and the audit log.
pub const ADMIN_ROLE: &str = "admin";
/// The role that writes content (news, pages) from the editor's console.
pub const EDITOR_ROLE: &str = "editor";

/// Account state kept in memory beside the database.
pub struct Accounts {
    /// Captchas handed out and not yet used.
    pub captcha: CaptchaStore,
    /// The key login passwords are sealed to.
    pub seal: SealKey,
    /// Failed logins per account (user id), whichever name it was typed as.
    pub by_account: Limiter<i64>,
    /// Failed logins per client address.
    pub by_address: Limiter<IpAddr>,
    /// Existence checks of usernames, mobile numbers and e-mails per client address.
    pub lookups: Limiter<IpAddr>,
    /// Display-screen logins per client address.
    pub screen_logins: Limiter<IpAddr>,
    /// The mail server for e-mailed codes, when configured.
    pub mailer: Option<notify::Mailer>,
    /// Where text messages go.
    pub sms: Box<dyn notify::SmsSender>,
}

impl Accounts {
    /// Loads (or makes, on first start) the seal key and sets up the stores.
    pub async fn load(db: &Db, config: &Config) -> anyhow::Result<Self> {
        // A candidate is made every start but stored only on the first: the key
        // must survive restarts, or pages holding the old public key fail to log in.
        let (_, candidate) = SealKey::generate()
            .map_err(|e| anyhow::anyhow!("no randomness for the seal key: {e}"))?;
        let stored = db
            .call(move |c| store::save_server_key(c, "login_seal", &candidate))
            .await?;
        let bytes: [u8; 32] = stored
            .try_into()
            .map_err(|_| anyhow::anyhow!("the stored login seal key is not 32 bytes"))?;
        let captcha_fixed = config.captcha_fixed.clone();
        if captcha_fixed.is_some() {
            tracing::warn!(
                "RSCLOUD_CAPTCHA_FIXED is set: every captcha accepts one fixed code. Use only in automated tests!"
            );
        }
        Ok(Self {
            captcha: CaptchaStore::new(captcha_fixed),
            seal: SealKey::from_secret(bytes),
            by_account: Limiter::new(ratelimit::MAX_ACCOUNT_FAILURES),
            by_address: Limiter::new(ratelimit::MAX_ADDRESS_FAILURES),
            lookups: Limiter::new(ratelimit::MAX_ADDRESS_LOOKUPS),
            screen_logins: Limiter::new(ratelimit::MAX_SCREEN_LOGINS),
            mailer: config.smtp.as_ref().map(notify::Mailer::new).transpose()?,
            sms: Box::new(notify::OutboxSms::new(db.clone())),
        })
    }
}

/// The account routes: the caller's own details need a login; administration
/// needs an administrator; logging in, registering and resetting a password
/// are public (a password change proves the old password instead), and so is
/// logging out (an ended session included).
pub fn router() -> OpenApiRouter<AppState> {
    let own = OpenApiRouter::new()
        .routes(routes!(profile::detail))
        .routes(routes!(profile::area_ranges))
        .routes(routes!(personal::login_history))
        .routes(routes!(personal::change_telephone))
        .routes(routes!(personal::change_email))
        // The tables forms choose from and pages show (the caller's own account type and
        // roles in the personal centre): reading them needs a login, changing accounts
        // needs an administrator.
        .routes(routes!(manage::permissions))
        .routes(routes!(manage::roles))
        .routes(routes!(manage::node_types))
        .route_layer(Require::login());
    let administration = OpenApiRouter::new()
        .routes(routes!(manage::list_accounts, manage::create_account))
        .routes(routes!(manage::set_status))
        .routes(routes!(manage::set_roles))
        .routes(routes!(manage::set_permissions))
        .routes(routes!(manage::add_range))
        .routes(routes!(manage::remove_range))
        .routes(routes!(pushnode::push_node_users))
        .route_layer(Require::admin());
    OpenApiRouter::new()
        .merge(own)
        .merge(administration)
        .routes(routes!(pushnode::push_node_list))
        .routes(routes!(login::captcha))
        .routes(routes!(login::public_key))
        .routes(routes!(login::login))
        .routes(routes!(login::logout))
        .routes(routes!(screen::screen_login))
        .routes(routes!(register::valid_username))
        .routes(routes!(register::valid_email))
        .routes(routes!(register::valid_telephone))
        .routes(routes!(register::send_telephone))
        .routes(routes!(register::send_email))
        .routes(routes!(register::register))
        .routes(routes!(reset::forget_password))
        .routes(routes!(reset::change_password))
}
