//! Sessions: opaque random tokens handed out at login, stored only as SHA-256
//! hashes, with an idle expiry that slides while the session is used and an
//! absolute limit.
//!
//! One middleware (`resolve`) reads the `token` header of every request and, for
//! a live session, puts the [`Caller`] into the request; handlers and guards take
//! it from there. An unknown or expired token is simply an anonymous caller;
//! routes that need a login answer 401.

use std::collections::BTreeSet;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::{FromRequestParts, OptionalFromRequestParts, Request, State};
use axum::http::Method;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::{screen, store};
use crate::error::AppError;
use crate::state::AppState;

/// Longest token header accepted; anything longer is not one of ours.
const MAX_TOKEN_LEN: usize = 256;
/// No session outlives this, however busy.
const ABSOLUTE_LIFETIME_SECS: i64 = 7 * 24 * 3600;

/// The `token` header, when present and shaped like a token.
pub fn token_header(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get("token")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|t| {
            !t.is_empty() && t.len() <= MAX_TOKEN_LEN && t.bytes().all(|b| b.is_ascii_graphic())
        })
}

/// The logged-in account behind a request.
#[derive(Debug, Clone)]
pub struct Caller {
    /// User id.
    pub user_id: i64,
    /// Login name.
    pub username: String,
    /// Permission codes (roles' and own).
    pub permissions: BTreeSet<String>,
    /// Region codes of the active `regionId` area ranges.
    pub regions: Vec<String>,
    /// Role codes; a display screen's session holds none.
    pub roles: BTreeSet<String>,
    /// Ids of the push nodes the account receives for (`relatePushNodeInfo`), sorted; they
    /// are written only at set-up (the demo seed), never by a request.
    pub push_nodes: Vec<i64>,
    /// Display-screen sessions may only read.
    pub read_only: bool,
    /// The display screen whose session this is; its configuration narrowed
    /// `permissions` and `regions`.
    pub screen: Option<u8>,
    /// The session token, to end it at logout.
    pub token: String,
}

impl Caller {
    /// Does the caller hold this permission?
    pub fn has(&self, permission: &str) -> bool {
        self.permissions.contains(permission)
    }

    /// Is the caller an administrator (the `admin` role)?
    pub fn is_admin(&self) -> bool {
        self.roles.contains(super::ADMIN_ROLE)
    }

    /// Whether the caller edits content (the `editor` role).
    pub fn is_editor(&self) -> bool {
        self.roles.contains(super::EDITOR_ROLE)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Caller>()
            .cloned()
            .ok_or(AppError::Unauthorized)
    }
}

impl<S: Send + Sync> OptionalFromRequestParts<S> for Caller {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &S,
    ) -> Result<Option<Self>, Self::Rejection> {
        Ok(parts.extensions.get::<Caller>().cloned())
    }
}

/// Seconds since 1970.
pub fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A fresh token: 32 random bytes, base64url.
pub fn new_token() -> Result<String, AppError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("no randomness: {e}")))?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// What is stored for a token.
pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Opens a session for an account (for a display screen: read-only, narrowed
/// to the screen's configuration) and returns its token.
pub async fn open(state: &AppState, user_id: i64, screen: Option<u8>) -> Result<String, AppError> {
    let token = new_token()?;
    let hash = token_hash(&token);
    let now = now_secs();
    let expires = now + state.config.session_idle_minutes * 60;
    state
        .db
        .call(move |c| {
            store::purge_sessions(c, now)?;
            store::create_session(c, &hash, user_id, screen, now, expires)
        })
        .await?;
    Ok(token)
}

/// Ends the session of a token.
pub async fn close(state: &AppState, token: &str) -> Result<(), AppError> {
    let hash = token_hash(token);
    state
        .db
        .call(move |c| store::delete_session(c, &hash))
        .await?;
    Ok(())
}

/// Middleware: resolves the `token` header to a [`Caller`], renewing the session
/// when half its idle time has passed (so a busy session costs few writes).
pub async fn resolve(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let (mut parts, body) = req.into_parts();
    if let Some(token) = token_header(&parts).map(str::to_owned) {
        match lookup(&state, token).await {
            Ok(Some(caller)) => {
                if caller.read_only && writes(&parts) {
                    return AppError::Forbidden("大屏展示账号仅可查看数据".into()).into_response();
                }
                parts.extensions.insert(caller);
            }
            Ok(None) => {}
            Err(e) => return e.into_response(),
        }
    }
    next.run(Request::from_parts(parts, body)).await
}

/// Would this request change data? A display screen's session may only read (and log out).
fn writes(parts: &Parts) -> bool {
    let reads = matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
    !reads && parts.uri.path() != LOGOUT_PATH
}

/// The logout route, open to read-only sessions too.
pub const LOGOUT_PATH: &str = "/api/usercenter/userinfo/logout";

/// The caller behind a token. One query per request: no cache, because
/// `rscloud user grant|revoke|passwd` change accounts from another process
/// and a cache here would keep honouring what they took away. The session's
/// expiry is written only when half its idle time has passed.
async fn lookup(state: &AppState, token: String) -> Result<Option<Caller>, AppError> {
    let idle = state.config.session_idle_minutes * 60;
    let hash = token_hash(&token);
    let found = state
        .db
        .call(move |c| live_caller(c, &hash, now_secs(), idle))
        .await?;
    let Some(store::CallerRow {
        session,
        username,
        permissions,
        ranges,
        roles,
        push_nodes,
    }) = found
    else {
        return Ok(None);
    };
    let mut permissions: BTreeSet<String> = permissions.into_iter().collect();
    let mut ranges = ranges;
    let mut roles: BTreeSet<String> = roles.into_iter().collect();
    if let Some(code) = session.screen_code {
        // A screen no longer configured has nothing left to show.
        let Some(screen) = screen::configured(&state.config, code) else {
            return Ok(None);
        };
        permissions = screen::permissions(screen, permissions);
        ranges = screen::ranges(screen, ranges);
        roles.clear();
    }
    let regions = ranges
        .into_iter()
        .filter(|r| r.kind == super::RANGE_TYPE_REGION)
        .map(|r| r.region_id)
        .collect();
    Ok(Some(Caller {
        user_id: session.user_id,
        username,
        permissions,
        regions,
        roles,
        push_nodes,
        read_only: session.read_only,
        screen: session.screen_code,
        token,
    }))
}

/// The live session of a token hash with its account (one query), renewing
/// the session when less than half of `idle` seconds is left.
fn live_caller(
    conn: &Connection,
    hash: &[u8],
    now: i64,
    idle: i64,
) -> rusqlite::Result<Option<store::CallerRow>> {
    let found = store::caller(conn, hash, now, now - ABSOLUTE_LIFETIME_SECS)?;
    if let Some(row) = &found {
        let session = &row.session;
        if session.expires_at - now < idle / 2 {
            let renewed = (now + idle).min(session.created_at + ABSOLUTE_LIFETIME_SECS);
            store::renew_session(conn, hash, renewed)?;
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    fn parts(header: Option<&str>) -> Parts {
        let mut req = Request::builder();
        if let Some(h) = header {
            req = req.header("token", h);
        }
        req.body(()).expect("request").into_parts().0
    }

    /// Runs `f` on `conn` and answers how many SQL statements it ran.
    fn statements_run<T>(conn: &mut Connection, f: impl FnOnce(&Connection) -> T) -> (T, usize) {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let count = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&count);
        conn.trace_v2(
            rusqlite::trace::TraceEventCodes::SQLITE_TRACE_STMT,
            Some(move |_: rusqlite::trace::TraceEvent<'_>| {
                seen.fetch_add(1, Ordering::Relaxed);
            }),
        )
        .expect("trace");
        let out = f(conn);
        conn.trace_v2(
            rusqlite::trace::TraceEventCodes::empty(),
            None::<fn(rusqlite::trace::TraceEvent<'_>)>,
        )
        .expect("untrace");
        (out, count.load(Ordering::Relaxed))
    }

    #[test]
    fn a_token_resolves_to_its_account_in_one_query() {
        let mut conn = crate::db::memory();
        super::super::admin::seed_demo(&mut conn).expect("seed");
        let hubei = store::user_id(&conn, "hubei")
            .expect("query")
            .expect("hubei");
        let (now, idle) = (1_000_000, 3600);
        let hash = token_hash("t");
        store::create_session(&conn, &hash, hubei, None, now, now + idle).expect("session");

        let (found, statements) =
            statements_run(&mut conn, |c| live_caller(c, &hash, now + 10, idle));
        let row = found.expect("query").expect("live");
        assert_eq!(statements, 1, "a fresh session costs one query");
        assert_eq!(row.username, "hubei");
        assert!(
            row.permissions.iter().any(|p| p == "MOD_056"),
            "{:?}",
            row.permissions
        );
        let regions: Vec<&str> = row.ranges.iter().map(|r| r.region_id.as_str()).collect();
        assert_eq!(regions, ["420000"]);

        // Past half its idle time, the one query is followed by the renewal.
        let late = now + idle - 10;
        let (found, statements) = statements_run(&mut conn, |c| live_caller(c, &hash, late, idle));
        assert!(found.expect("query").is_some());
        assert_eq!(statements, 2);
        let (found, statements) = statements_run(&mut conn, |c| live_caller(c, &hash, late, idle));
        assert!(found.expect("query").is_some());
        assert_eq!(statements, 1, "a renewed session costs one query again");

        assert!(
            live_caller(&conn, &token_hash("other"), now, idle)
                .expect("query")
                .is_none()
        );
        let long = token_hash("long");
        let far = now + 2 * ABSOLUTE_LIFETIME_SECS;
        store::create_session(&conn, &long, hubei, None, now, far).expect("session");
        let past = now + ABSOLUTE_LIFETIME_SECS + 1;
        assert!(
            live_caller(&conn, &long, past, idle)
                .expect("query")
                .is_none(),
            "no session outlives the absolute limit, whatever its idle expiry"
        );
    }

    #[test]
    fn token_header_is_read_and_junk_is_ignored() {
        assert_eq!(token_header(&parts(Some(" abc123 "))), Some("abc123"));
        assert_eq!(token_header(&parts(None)), None);
        assert_eq!(token_header(&parts(Some(""))), None);
        assert_eq!(token_header(&parts(Some("has space"))), None);
        assert_eq!(token_header(&parts(Some(&"x".repeat(300)))), None);
    }

    #[test]
    fn tokens_are_random_and_only_their_hash_is_kept() {
        let a = new_token().expect("token");
        let b = new_token().expect("token");
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(token_hash(&a).len(), 32);
        assert_ne!(token_hash(&a), token_hash(&b));
    }
}
