//! Display screens (spec §4): a page opened with `?screenCode=1|2` logs in
//! silently as the account configured for that code. Only from the screen's
//! configured networks or with its key, a limited number of times per address,
//! and the session sees only what the screen's configuration grants.

use std::collections::BTreeSet;
use std::net::IpAddr;

use axum::extract::State;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use super::store::{self, AreaRangeRow};
use super::{RANGE_TYPE_REGION, perm, ratelimit, session};
use crate::api::{ApiJson, ApiResult, ClientAddr, ClientIp, Envelope, ok};
use crate::config::{Config, ScreenAccount};
use crate::error::{AppError, ErrorEnvelope};
use crate::region::tree::{self, Level};
use crate::state::AppState;

/// Which display screen asks to log in.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenLogin {
    /// The page's `screenCode` query value (1 or 2).
    screen_code: u8,
    /// The page's `screenKey` query value, for screens outside the configured networks.
    #[serde(default)]
    screen_key: Option<String>,
}

/// Silent read-only login of a display screen: the account for the code is
/// configured on the server, so no password ever reaches the browser.
#[utoipa::path(
    post,
    path = "/api/usercenter/screen/login",
    tag = "usercenter",
    request_body = ScreenLogin,
    responses(
        (status = 200, description = "A read-only session token, seeing what the screen's configuration grants", body = Envelope<String>),
        (status = 400, description = "Not a screen code", body = ErrorEnvelope),
        (status = 403, description = "Neither from the screen's networks nor with its key", body = ErrorEnvelope),
        (status = 404, description = "No display account for this code", body = ErrorEnvelope),
        (status = 429, description = "Too many screen logins from this address", body = ErrorEnvelope),
    )
)]
pub async fn screen_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ClientAddr(addr): ClientAddr,
    ApiJson(form): ApiJson<ScreenLogin>,
) -> ApiResult<String> {
    // Every try counts, refused ones too: a key cannot be guessed at speed.
    state
        .accounts
        .screen_logins
        .admit_client(ip, ratelimit::TOO_MANY)?;
    let not_configured = || AppError::NotFound("未配置该大屏展示账号".into());
    let screen = configured(&state.config, form.screen_code).ok_or_else(not_configured)?;
    if !admits(screen, addr, form.screen_key.as_deref()) {
        return Err(AppError::Forbidden("该地址不允许大屏免密登录".into()));
    }
    let username = screen.username.clone();
    let row = state
        .db
        .call(move |c| store::find_login(c, &username))
        .await?;
    let row = row.filter(|r| r.status == 0).ok_or_else(not_configured)?;
    Ok(ok(
        session::open(&state, row.id, Some(form.screen_code)).await?
    ))
}

/// The configuration of a screen code.
pub fn configured(config: &Config, code: u8) -> Option<&ScreenAccount> {
    config.screens.iter().find(|s| s.code == code)
}

/// May this request log the screen in: from one of its networks, or with its key?
fn admits(screen: &ScreenAccount, ip: Option<IpAddr>, key: Option<&str>) -> bool {
    let from_network = ip.is_some_and(|ip| screen.networks.iter().any(|net| net.contains(&ip)));
    let with_key = match (&screen.key, key) {
        (Some(expected), Some(given)) => same_secret(expected, given),
        _ => false,
    };
    from_network || with_key
}

/// Compares secrets in constant time; hashing first makes the lengths equal,
/// so not even the length of the key leaks.
fn same_secret(expected: &str, given: &str) -> bool {
    let expected = Sha256::digest(expected.as_bytes());
    let given = Sha256::digest(given.as_bytes());
    expected.as_slice().ct_eq(given.as_slice()).into()
}

/// The permissions a screen's session holds: those of the account that the
/// screen grants; with no grants configured, only the account's `*_DISPLAY`
/// codes (the menu entries, no page).
pub fn permissions(screen: &ScreenAccount, account: BTreeSet<String>) -> BTreeSet<String> {
    account
        .into_iter()
        .filter(|p| {
            if screen.grants.is_empty() {
                perm::is_display(p)
            } else {
                screen.grants.contains(p)
            }
        })
        .collect()
}

/// The area ranges a screen's session sees: the overlap of the regions the
/// screen names with the account's own region ranges, each the smaller of the
/// two (a screen naming 湖北 on a country-wide account sees 湖北; one naming
/// the country on a 湖北 account sees 湖北). No regions named: none.
pub fn ranges(screen: &ScreenAccount, account: Vec<AreaRangeRow>) -> Vec<AreaRangeRow> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for row in account.iter().filter(|r| r.kind == RANGE_TYPE_REGION) {
        for named in &screen.ranges {
            let region = if within(named, &row.region_id) {
                named
            } else if within(&row.region_id, named) {
                &row.region_id
            } else {
                continue;
            };
            if seen.insert(region.clone()) {
                out.push(AreaRangeRow {
                    region_id: region.clone(),
                    ..row.clone()
                });
            }
        }
    }
    out.sort_by(|a, b| a.region_id.cmp(&b.region_id));
    out
}

/// Is region `inner` inside region `outer` (or the same)? By code: the country
/// holds all, a province `xx0000` the codes starting `xx`, a city `xxxx00` those
/// starting `xxxx`.
fn within(inner: &str, outer: &str) -> bool {
    let shared = match tree::level_of(outer) {
        Level::Country => return true,
        Level::Province => 2,
        Level::City => 4,
        Level::County => 6,
    };
    inner.len() == 6 && outer.len() == 6 && inner[..shared] == outer[..shared]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usercenter::perm::{MOD_056, MOD_056_DISPLAY, MOD_061};

    fn screen(grants: &[&str], ranges: &[&str]) -> ScreenAccount {
        ScreenAccount {
            code: 1,
            username: "screen".into(),
            networks: vec!["10.0.0.0/8".parse().expect("net")],
            key: Some("sixteen-chars-key".into()),
            grants: grants.iter().map(|s| s.to_string()).collect(),
            ranges: ranges.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn row(id: i64, region: &str) -> AreaRangeRow {
        AreaRangeRow {
            id,
            kind: RANGE_TYPE_REGION.into(),
            region_id: region.into(),
            status: 0,
            is_delete: 0,
        }
    }

    fn codes(rows: &[AreaRangeRow]) -> Vec<&str> {
        rows.iter().map(|r| r.region_id.as_str()).collect()
    }

    #[test]
    fn a_screen_is_admitted_from_its_networks_or_with_its_key_only() {
        let s = screen(&[], &[]);
        let inside = Some("10.2.3.4".parse().expect("ip"));
        let outside = Some("192.0.2.1".parse().expect("ip"));
        assert!(admits(&s, inside, None));
        assert!(admits(&s, outside, Some("sixteen-chars-key")));
        assert!(!admits(&s, outside, None));
        assert!(!admits(&s, outside, Some("sixteen-chars-kez")));
        assert!(!admits(&s, None, Some("")));
    }

    #[test]
    fn permissions_are_the_grants_the_account_holds_or_only_display_codes() {
        let account: BTreeSet<String> = [MOD_056, MOD_056_DISPLAY, MOD_061]
            .map(|p| p.code.to_owned())
            .into();
        // MOD_099 is no code at all: a screen cannot be configured into more than its account holds.
        let granted = permissions(&screen(&[MOD_056.code, "MOD_099"], &[]), account.clone());
        assert_eq!(granted, BTreeSet::from([MOD_056.code.to_owned()]));
        let default = permissions(&screen(&[], &[]), account);
        assert_eq!(default, BTreeSet::from([MOD_056_DISPLAY.code.to_owned()]));
    }

    #[test]
    fn ranges_are_the_overlap_of_named_regions_and_the_accounts_own() {
        let country = vec![row(1, "100000")];
        let named = screen(&[], &["420000", "110000"]);
        assert_eq!(
            codes(&ranges(&named, country.clone())),
            ["110000", "420000"]
        );
        let hubei = vec![row(2, "420000")];
        assert_eq!(
            codes(&ranges(&screen(&[], &["100000"]), hubei.clone())),
            ["420000"]
        );
        assert_eq!(
            codes(&ranges(&screen(&[], &["420100"]), hubei.clone())),
            ["420100"]
        );
        assert!(ranges(&screen(&[], &["430000"]), hubei).is_empty());
        assert!(
            ranges(&screen(&[], &[]), country).is_empty(),
            "nothing named, nothing seen"
        );
    }
}
