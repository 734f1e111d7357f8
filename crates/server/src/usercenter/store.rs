//! SQL of accounts, permissions, area ranges and sessions.

use rusqlite::{Connection, OptionalExtension, params};

/// What login needs of an account.
#[derive(Debug)]
pub struct LoginRow {
    /// User id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Argon2id PHC string.
    pub password_hash: String,
    /// 0 active, 1 disabled.
    pub status: i64,
    /// Login answers code 2 while set.
    pub must_change_password: bool,
}

/// The account a login name (username, telephone or e-mail) belongs to.
pub fn find_login(conn: &Connection, login: &str) -> rusqlite::Result<Option<LoginRow>> {
    conn.prepare_cached(
        "SELECT id, password_hash, status, must_change_password, username FROM user
         WHERE username = ?1 OR telephone = ?1 OR email = ?1 COLLATE NOCASE
         ORDER BY username = ?1 DESC LIMIT 1",
    )?
    .query_row([login], |r| {
        Ok(LoginRow {
            id: r.get(0)?,
            password_hash: r.get(1)?,
            status: r.get(2)?,
            must_change_password: r.get(3)?,
            username: r.get(4)?,
        })
    })
    .optional()
}

/// The username of the account whose `column` (username, telephone or email —
/// always one of ours, never input) equals `value`, ignoring case.
pub fn username_by(
    conn: &Connection,
    column: &'static str,
    value: &str,
) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached(&format!(
        "SELECT username FROM user WHERE {column} = ?1 COLLATE NOCASE"
    ))?
    .query_row([value], |r| r.get(0))
    .optional()
}

/// An account's own fields.
#[derive(Debug, Clone)]
pub struct UserRow {
    /// User id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// 0 person.
    pub account_type: i64,
    /// Mobile number, if any.
    pub telephone: Option<String>,
    /// E-mail, if any.
    pub email: Option<String>,
}

/// An account by id.
pub fn user(conn: &Connection, id: i64) -> rusqlite::Result<Option<UserRow>> {
    conn.prepare_cached(
        "SELECT id, username, account_type, telephone, email FROM user WHERE id = ?1",
    )?
    .query_row([id], |r| {
        Ok(UserRow {
            id: r.get(0)?,
            username: r.get(1)?,
            account_type: r.get(2)?,
            telephone: r.get(3)?,
            email: r.get(4)?,
        })
    })
    .optional()
}

/// Every permission code of an account: its roles' and its own, sorted.
pub fn permissions(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "SELECT permission_code FROM role_permission JOIN user_role USING (role_id) WHERE user_id = ?1
         UNION
         SELECT permission_code FROM user_permission WHERE user_id = ?1
         ORDER BY 1",
    )?
    .query_map([user_id], |r| r.get(0))?
    .collect()
}

/// An area range as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaRangeRow {
    /// Range id.
    pub id: i64,
    /// Range type; `regionId` is the one that grants regions.
    pub kind: String,
    /// Six-digit region code.
    pub region_id: String,
    /// 0 active.
    pub status: i64,
    /// 0 not deleted.
    pub is_delete: i64,
}

/// An account's active, not-deleted area ranges.
pub fn area_ranges(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<AreaRangeRow>> {
    conn.prepare_cached(
        "SELECT id, type, region_id, status, is_delete FROM area_range
         WHERE user_id = ?1 AND status = 0 AND is_delete = 0 ORDER BY region_id",
    )?
    .query_map([user_id], |r| {
        Ok(AreaRangeRow {
            id: r.get(0)?,
            kind: r.get(1)?,
            region_id: r.get(2)?,
            status: r.get(3)?,
            is_delete: r.get(4)?,
        })
    })?
    .collect()
}

/// A push node an account is related to.
#[derive(Debug, Clone)]
pub struct PushNodeRow {
    /// Node id.
    pub id: i64,
    /// Node name.
    pub name: String,
    /// Region the node serves.
    pub region_id: String,
}

/// The push nodes an account is related to.
pub fn push_nodes(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<PushNodeRow>> {
    conn.prepare_cached(
        "SELECT id, name, region_id FROM push_node JOIN user_push_node ON node_id = id WHERE user_id = ?1 ORDER BY id",
    )?
    .query_map([user_id], |r| Ok(PushNodeRow { id: r.get(0)?, name: r.get(1)?, region_id: r.get(2)? }))?
    .collect()
}

/// A push node and how many accounts are connected to it.
#[derive(Debug, Clone)]
pub struct PushNodeUse {
    /// The node.
    pub node: PushNodeRow,
    /// Accounts related to it.
    pub accounts: i64,
}

/// Every push node with its number of connected accounts, by region then name.
pub fn push_node_uses(conn: &Connection) -> rusqlite::Result<Vec<PushNodeUse>> {
    conn.prepare_cached(
        "SELECT id, name, region_id, count(user_id) FROM push_node
         LEFT JOIN user_push_node ON node_id = id
         GROUP BY id ORDER BY region_id, name, id",
    )?
    .query_map([], |r| {
        Ok(PushNodeUse {
            node: PushNodeRow {
                id: r.get(0)?,
                name: r.get(1)?,
                region_id: r.get(2)?,
            },
            accounts: r.get(3)?,
        })
    })?
    .collect()
}

/// An account related to a push node.
#[derive(Debug, Clone)]
pub struct NodeAccount {
    /// The node's id.
    pub node_id: i64,
    /// The account's id.
    pub user_id: i64,
    /// Its login name.
    pub username: String,
    /// 0 active, 1 disabled.
    pub status: i64,
}

/// Every account related to a push node, by node then login name.
pub fn push_node_accounts(conn: &Connection) -> rusqlite::Result<Vec<NodeAccount>> {
    conn.prepare_cached(
        "SELECT node_id, user.id, username, status FROM user_push_node
         JOIN user ON user.id = user_id ORDER BY node_id, username",
    )?
    .query_map([], |r| {
        Ok(NodeAccount {
            node_id: r.get(0)?,
            user_id: r.get(1)?,
            username: r.get(2)?,
            status: r.get(3)?,
        })
    })?
    .collect()
}

/// Adds a push node serving `region_id`; its id.
pub fn add_push_node(conn: &Connection, name: &str, region_id: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached("INSERT INTO push_node (name, region_id) VALUES (?1, ?2)")?
        .execute([name, region_id])?;
    Ok(conn.last_insert_rowid())
}

/// Relates an account to a push node (again is a no-op).
pub fn relate_push_node(conn: &Connection, user_id: i64, node_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT OR IGNORE INTO user_push_node (user_id, node_id) VALUES (?1, ?2)")?
        .execute([user_id, node_id])?;
    Ok(())
}

/// Is there any push node yet?
pub fn has_push_nodes(conn: &Connection) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM push_node)")?
        .query_row([], |r| r.get(0))
}

/// A live session.
#[derive(Debug)]
pub struct SessionRow {
    /// Whose session.
    pub user_id: i64,
    /// Display-screen sessions may only read.
    pub read_only: bool,
    /// The display screen whose session this is.
    pub screen_code: Option<u8>,
    /// Unix seconds it was created.
    pub created_at: i64,
    /// Unix seconds it expires unless renewed.
    pub expires_at: i64,
}

/// Stores a new session under the hash of its token; a display screen's may only read.
pub fn create_session(
    conn: &Connection,
    token_hash: &[u8],
    user_id: i64,
    screen_code: Option<u8>,
    now: i64,
    expires_at: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO session (token_hash, user_id, read_only, screen_code, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![token_hash, user_id, screen_code.is_some(), screen_code, now, expires_at])?;
    Ok(())
}

/// A live session with what a request needs of its account.
#[derive(Debug)]
pub struct CallerRow {
    /// The session.
    pub session: SessionRow,
    /// Login name.
    pub username: String,
    /// Permission codes, the roles' and the account's own, sorted.
    pub permissions: Vec<String>,
    /// Active, not-deleted area ranges, by region code.
    pub ranges: Vec<AreaRangeRow>,
    /// Role codes (`admin`, `monitor`, `person`), sorted.
    pub roles: Vec<String>,
    /// Ids of the push nodes the account is related to, sorted.
    pub push_nodes: Vec<i64>,
}

/// The session with this token hash, unexpired (idle `expires_at` after `now`,
/// created after `created_after`), of an active account, with the account's
/// name, permissions, area ranges, roles and push nodes: one query, since every authenticated
/// request asks it.
pub fn caller(
    conn: &Connection,
    token_hash: &[u8],
    now: i64,
    created_after: i64,
) -> rusqlite::Result<Option<CallerRow>> {
    conn.prepare_cached(
        "SELECT s.user_id, s.read_only, s.screen_code, s.created_at, s.expires_at, u.username,
           (SELECT json_group_array(code ORDER BY code) FROM (
              SELECT permission_code AS code FROM role_permission JOIN user_role USING (role_id)
              WHERE user_id = s.user_id
              UNION
              SELECT permission_code FROM user_permission WHERE user_id = s.user_id)),
           (SELECT json_group_array(json_array(id, type, region_id) ORDER BY region_id)
            FROM area_range WHERE user_id = s.user_id AND status = 0 AND is_delete = 0),
           (SELECT json_group_array(r.code ORDER BY r.code)
            FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = s.user_id),
           (SELECT json_group_array(node_id ORDER BY node_id)
            FROM user_push_node WHERE user_id = s.user_id)
         FROM session s JOIN user u ON u.id = s.user_id
         WHERE s.token_hash = ?1 AND s.expires_at > ?2 AND s.created_at > ?3 AND u.status = 0",
    )?
    .query_row(params![token_hash, now, created_after], |r| {
        let ranges: Vec<(i64, String, String)> = json_column(r, 7)?;
        Ok(CallerRow {
            session: SessionRow {
                user_id: r.get(0)?,
                read_only: r.get(1)?,
                screen_code: r.get(2)?,
                created_at: r.get(3)?,
                expires_at: r.get(4)?,
            },
            username: r.get(5)?,
            permissions: json_column(r, 6)?,
            ranges: ranges
                .into_iter()
                .map(|(id, kind, region_id)| AreaRangeRow {
                    id,
                    kind,
                    region_id,
                    status: 0,
                    is_delete: 0,
                })
                .collect(),
            roles: json_column(r, 8)?,
            push_nodes: json_column(r, 9)?,
        })
    })
    .optional()
}

/// A JSON column (a `json_group_array`) read as `T`.
fn json_column<T: serde::de::DeserializeOwned>(
    row: &rusqlite::Row<'_>,
    index: usize,
) -> rusqlite::Result<T> {
    let text: String = row.get(index)?;
    serde_json::from_str(&text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, Box::new(e))
    })
}

/// Moves a session's expiry.
pub fn renew_session(
    conn: &Connection,
    token_hash: &[u8],
    expires_at: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE session SET expires_at = ?2 WHERE token_hash = ?1")?
        .execute(params![token_hash, expires_at])?;
    Ok(())
}

/// Ends a session; true when there was one.
pub fn delete_session(conn: &Connection, token_hash: &[u8]) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM session WHERE token_hash = ?1")?
        .execute([token_hash])?
        > 0)
}

/// Removes expired sessions.
pub fn purge_sessions(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM session WHERE expires_at <= ?1")?
        .execute([now])
}

/// Stores a server key unless one exists; returns the one that is stored.
pub fn save_server_key(conn: &Connection, name: &str, secret: &[u8]) -> rusqlite::Result<Vec<u8>> {
    conn.execute(
        "INSERT OR IGNORE INTO server_key (name, secret) VALUES (?1, ?2)",
        params![name, secret],
    )?;
    conn.query_row(
        "SELECT secret FROM server_key WHERE name = ?1",
        [name],
        |r| r.get(0),
    )
}

/// Adds an account with an already hashed password; answers its id.
pub fn insert_user(
    conn: &Connection,
    u: &super::admin::NewUser<'_>,
    password_hash: &str,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO user (username, password_hash, telephone, email, account_type, must_change_password)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![u.username, password_hash, u.telephone, u.email, u.account_type, u.must_change_password],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The id of the account with this username.
pub fn user_id(conn: &Connection, username: &str) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT id FROM user WHERE username = ?1", [username], |r| {
        r.get(0)
    })
    .optional()
}

/// Stores a new password hash and clears the must-change flag.
pub fn set_password_hash(
    conn: &Connection,
    user_id: i64,
    password_hash: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE user SET password_hash = ?2, must_change_password = 0,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
        params![user_id, password_hash],
    )?;
    Ok(())
}

/// Ends every session of an account.
pub fn delete_sessions_of(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM session WHERE user_id = ?1", [user_id])?;
    Ok(())
}

/// The id of the role with this code.
pub fn role_id(conn: &Connection, code: &str) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT id FROM role WHERE code = ?1", [code], |r| r.get(0))
        .optional()
}

/// Is this a known permission code?
pub fn permission_exists(conn: &Connection, code: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM permission WHERE code = ?1)",
        [code],
        |r| r.get(0),
    )
}

/// Gives an account a role (no change if it has it).
pub fn add_user_role(conn: &Connection, user_id: i64, role_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR IGNORE INTO user_role (user_id, role_id) VALUES (?1, ?2)",
        params![user_id, role_id],
    )?;
    Ok(())
}

/// Gives an account a permission of its own (no change if it has it).
pub fn add_user_permission(conn: &Connection, user_id: i64, code: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR IGNORE INTO user_permission (user_id, permission_code) VALUES (?1, ?2)",
        params![user_id, code],
    )?;
    Ok(())
}

/// Takes a role away from an account.
pub fn remove_user_role(conn: &Connection, user_id: i64, role_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM user_role WHERE user_id = ?1 AND role_id = ?2",
        params![user_id, role_id],
    )?;
    Ok(())
}

/// Takes a permission of its own away from an account.
pub fn remove_user_permission(conn: &Connection, user_id: i64, code: &str) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM user_permission WHERE user_id = ?1 AND permission_code = ?2",
        params![user_id, code],
    )?;
    Ok(())
}

/// Gives an account an area range, active again if it had been removed.
pub fn add_area_range(
    conn: &Connection,
    user_id: i64,
    kind: &str,
    region: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO area_range (user_id, type, region_id) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id, type, region_id) DO UPDATE SET status = 0, is_delete = 0",
        params![user_id, kind, region],
    )?;
    Ok(())
}

/// Marks an account's area range deleted.
pub fn remove_area_range(
    conn: &Connection,
    user_id: i64,
    kind: &str,
    region: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE area_range SET is_delete = 1 WHERE user_id = ?1 AND type = ?2 AND region_id = ?3",
        params![user_id, kind, region],
    )?;
    Ok(())
}

/// One line of `rscloud user list`.
#[derive(Debug)]
pub struct UserSummary {
    /// Login name.
    pub username: String,
    /// 0 active.
    pub status: i64,
    /// Role codes.
    pub roles: String,
    /// Permission codes granted directly.
    pub permissions: String,
    /// Active area ranges.
    pub ranges: String,
}

/// Every account with its roles, own permissions and ranges.
pub fn user_summaries(conn: &Connection) -> rusqlite::Result<Vec<UserSummary>> {
    conn.prepare(
        "SELECT u.username, u.status,
           (SELECT group_concat(r.code, ',') FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id),
           (SELECT group_concat(permission_code, ',') FROM user_permission WHERE user_id = u.id),
           (SELECT group_concat(region_id, ',') FROM area_range WHERE user_id = u.id AND status = 0 AND is_delete = 0)
         FROM user u ORDER BY u.username",
    )?
    .query_map([], |r| {
        Ok(UserSummary {
            username: r.get(0)?,
            status: r.get(1)?,
            roles: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
            permissions: r.get::<_, Option<String>>(3)?.unwrap_or_default(),
            ranges: r.get::<_, Option<String>>(4)?.unwrap_or_default(),
        })
    })?
    .collect()
}

/// A stored verification code.
#[derive(Debug)]
pub struct CodeRow {
    /// SHA-256 of channel, address and code.
    pub code_hash: Vec<u8>,
    /// Unix seconds it stops being valid.
    pub expires_at: i64,
    /// Wrong tries so far.
    pub attempts: i64,
}

/// The verification code of an address on a channel (`telephone` or `email`).
pub fn code(conn: &Connection, channel: &str, address: &str) -> rusqlite::Result<Option<CodeRow>> {
    conn.query_row(
        "SELECT code_hash, expires_at, attempts FROM verification_code WHERE channel = ?1 AND address = ?2",
        params![channel, address],
        |r| Ok(CodeRow { code_hash: r.get(0)?, expires_at: r.get(1)?, attempts: r.get(2)? }),
    )
    .optional()
}

/// Stores an address's new verification code in place of any earlier one, with no tries.
pub fn save_code(
    conn: &Connection,
    channel: &str,
    address: &str,
    code_hash: &[u8],
    expires_at: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO verification_code (channel, address, code_hash, expires_at, attempts) VALUES (?1, ?2, ?3, ?4, 0)
         ON CONFLICT (channel, address) DO UPDATE SET code_hash = ?3, expires_at = ?4, attempts = 0",
        params![channel, address, code_hash, expires_at],
    )?;
    Ok(())
}

/// Forgets an address's verification code.
pub fn delete_code(conn: &Connection, channel: &str, address: &str) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM verification_code WHERE channel = ?1 AND address = ?2",
        params![channel, address],
    )?;
    Ok(())
}

/// Counts a wrong try against an address's verification code.
pub fn count_code_attempt(conn: &Connection, channel: &str, address: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE verification_code SET attempts = attempts + 1 WHERE channel = ?1 AND address = ?2",
        params![channel, address],
    )?;
    Ok(())
}

/// Keeps a text message in the outbox of the default SMS provider.
pub fn queue_sms(conn: &Connection, telephone: &str, body: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sms_outbox (telephone, body) VALUES (?1, ?2)",
        [telephone, body],
    )?;
    Ok(())
}

/// A text message in the outbox.
#[derive(Debug)]
pub struct SmsRow {
    /// When it was queued, as stored.
    pub created_at: String,
    /// Mobile number.
    pub telephone: String,
    /// Text.
    pub body: String,
}

/// The outbox's newest `limit` text messages, newest first.
pub fn outbox(conn: &Connection, limit: i64) -> rusqlite::Result<Vec<SmsRow>> {
    conn.prepare("SELECT created_at, telephone, body FROM sms_outbox ORDER BY id DESC LIMIT ?1")?
        .query_map([limit], |r| {
            Ok(SmsRow {
                created_at: r.get(0)?,
                telephone: r.get(1)?,
                body: r.get(2)?,
            })
        })?
        .collect()
}

/// Records one login attempt of an existing account: `ok` when it opened a session.
pub fn insert_login_event(
    conn: &Connection,
    user_id: i64,
    at: i64,
    address: Option<&str>,
    ok: bool,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO login_event (user_id, at, address, ok) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![user_id, at, address, ok])?;
    Ok(())
}

/// One login attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginEventRow {
    /// Row id.
    pub id: i64,
    /// Unix seconds.
    pub at: i64,
    /// The client's address, when known.
    pub address: Option<String>,
    /// A session was opened.
    pub ok: bool,
}

/// A page of an account's login attempts, newest first, with the total.
pub fn login_events(
    conn: &Connection,
    user_id: i64,
    paging: crate::api::Paging,
) -> rusqlite::Result<(Vec<LoginEventRow>, i64)> {
    let total = conn
        .prepare_cached("SELECT count(*) FROM login_event WHERE user_id = ?1")?
        .query_row([user_id], |r| r.get(0))?;
    let rows = conn
        .prepare_cached(
            "SELECT id, at, address, ok FROM login_event WHERE user_id = ?1
             ORDER BY at DESC, id DESC LIMIT ?2 OFFSET ?3",
        )?
        .query_map(params![user_id, paging.limit(), paging.offset()], |r| {
            Ok(LoginEventRow {
                id: r.get(0)?,
                at: r.get(1)?,
                address: r.get(2)?,
                ok: r.get(3)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// Stores an account's new mobile number or e-mail; `column` is `telephone` or
/// `email` (always one of ours, never input). A value another account holds
/// fails with the UNIQUE constraint.
pub fn set_contact(
    conn: &Connection,
    user_id: i64,
    column: &'static str,
    value: &str,
) -> rusqlite::Result<()> {
    debug_assert!(matches!(column, "telephone" | "email"));
    conn.prepare_cached(&format!(
        "UPDATE user SET {column} = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1"
    ))?
    .execute(params![user_id, value])?;
    Ok(())
}

/// What the administrators' account list filters by.
#[derive(Debug, Default, Clone)]
pub struct AccountFilter {
    /// Part of the username, mobile number or e-mail (LIKE wildcards are literal).
    pub keyword: Option<String>,
    /// 0 active, 1 disabled.
    pub status: Option<i64>,
    /// Holders of this role code.
    pub role: Option<String>,
}

/// An area range in the account list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct RangeRef {
    /// Range id (for removing it).
    pub id: i64,
    /// Region code.
    pub region_id: String,
}

/// One account as administrators see it.
#[derive(Debug, Clone)]
pub struct AccountRow {
    /// User id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Account type (see `usercenter::nodetype`).
    pub account_type: i64,
    /// Mobile number.
    pub telephone: Option<String>,
    /// E-mail.
    pub email: Option<String>,
    /// 0 active, 1 disabled.
    pub status: i64,
    /// Role codes, sorted.
    pub roles: Vec<String>,
    /// Permission codes granted to the account itself, sorted.
    pub permissions: Vec<String>,
    /// Active `regionId` ranges, by region code.
    pub ranges: Vec<RangeRef>,
    /// When it was made, as stored (ISO 8601, UTC).
    pub created_at: String,
    /// Unix seconds of its last successful login.
    pub last_login_at: Option<i64>,
}

/// A page of accounts matching `filter`, by id, with the total: two queries,
/// roles, permissions and ranges gathered as JSON in the first.
pub fn accounts(
    conn: &Connection,
    filter: &AccountFilter,
    paging: crate::api::Paging,
) -> rusqlite::Result<(Vec<AccountRow>, i64)> {
    let pattern = filter
        .keyword
        .as_deref()
        .map(|k| format!("%{}%", crate::db::escape_like(k)));
    const WHERE: &str = "WHERE (?1 IS NULL OR u.username LIKE ?1 ESCAPE '\\'
                                OR u.telephone LIKE ?1 ESCAPE '\\' OR u.email LIKE ?1 ESCAPE '\\')
                           AND (?2 IS NULL OR u.status = ?2)
                           AND (?3 IS NULL OR EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id
                                                      WHERE ur.user_id = u.id AND r.code = ?3))";
    let args = params![pattern, filter.status, filter.role];
    let total = conn
        .prepare_cached(&format!("SELECT count(*) FROM user u {WHERE}"))?
        .query_row(args, |r| r.get(0))?;
    let rows = conn
        .prepare_cached(&format!(
            "SELECT u.id, u.username, u.account_type, u.telephone, u.email, u.status, u.created_at,
               (SELECT json_group_array(r.code ORDER BY r.code)
                FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id),
               (SELECT json_group_array(permission_code ORDER BY permission_code)
                FROM user_permission WHERE user_id = u.id),
               (SELECT json_group_array(json_object('id', id, 'region_id', region_id) ORDER BY region_id)
                FROM area_range WHERE user_id = u.id AND type = '{region}' AND status = 0 AND is_delete = 0),
               (SELECT max(at) FROM login_event WHERE user_id = u.id AND ok = 1)
             FROM user u {WHERE} ORDER BY u.id LIMIT ?4 OFFSET ?5",
            region = super::RANGE_TYPE_REGION,
        ))?
        .query_map(
            params![
                pattern,
                filter.status,
                filter.role,
                paging.limit(),
                paging.offset()
            ],
            |r| {
                Ok(AccountRow {
                    id: r.get(0)?,
                    username: r.get(1)?,
                    account_type: r.get(2)?,
                    telephone: r.get(3)?,
                    email: r.get(4)?,
                    status: r.get(5)?,
                    created_at: r.get(6)?,
                    roles: json_column(r, 7)?,
                    permissions: json_column(r, 8)?,
                    ranges: json_column(r, 9)?,
                    last_login_at: r.get(10)?,
                })
            },
        )?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// An account's status (0 active, 1 disabled); `None` when there is no such account.
pub fn user_status(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT status FROM user WHERE id = ?1")?
        .query_row([user_id], |r| r.get(0))
        .optional()
}

/// Sets an account's status (0 active, 1 disabled).
pub fn set_status(conn: &Connection, user_id: i64, status: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE user SET status = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
    )?
    .execute(params![user_id, status])?;
    Ok(())
}

/// An account's role codes, sorted.
pub fn user_roles(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = ?1 ORDER BY r.code",
    )?
    .query_map([user_id], |r| r.get(0))?
    .collect()
}

/// The permission codes granted to an account itself (not through a role), sorted.
pub fn user_own_permissions(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "SELECT permission_code FROM user_permission WHERE user_id = ?1 ORDER BY permission_code",
    )?
    .query_map([user_id], |r| r.get(0))?
    .collect()
}

/// Replaces an account's roles by these role ids.
pub fn replace_user_roles(
    conn: &Connection,
    user_id: i64,
    role_ids: &[i64],
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM user_role WHERE user_id = ?1")?
        .execute([user_id])?;
    for role in role_ids {
        add_user_role(conn, user_id, *role)?;
    }
    Ok(())
}

/// Replaces the permission codes granted to an account itself.
pub fn replace_user_permissions(
    conn: &Connection,
    user_id: i64,
    codes: &[String],
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM user_permission WHERE user_id = ?1")?
        .execute([user_id])?;
    for code in codes {
        add_user_permission(conn, user_id, code)?;
    }
    Ok(())
}

/// A role with its permission codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleRow {
    /// Role code, e.g. `admin`.
    pub code: String,
    /// Chinese name.
    pub name: String,
    /// Its permission codes, sorted.
    pub permissions: Vec<String>,
}

/// Every role with its permissions, by id.
pub fn roles(conn: &Connection) -> rusqlite::Result<Vec<RoleRow>> {
    conn.prepare_cached(
        "SELECT r.code, r.name,
           (SELECT json_group_array(permission_code ORDER BY permission_code)
            FROM role_permission WHERE role_id = r.id)
         FROM role r ORDER BY r.id",
    )?
    .query_map([], |r| {
        Ok(RoleRow {
            code: r.get(0)?,
            name: r.get(1)?,
            permissions: json_column(r, 2)?,
        })
    })?
    .collect()
}

/// An area range with its owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedRange {
    /// Whose range.
    pub user_id: i64,
    /// The range.
    pub range: AreaRangeRow,
}

/// An area range by id, whatever its state.
pub fn area_range_by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<OwnedRange>> {
    conn.prepare_cached(
        "SELECT user_id, id, type, region_id, status, is_delete FROM area_range WHERE id = ?1",
    )?
    .query_row([id], |r| {
        Ok(OwnedRange {
            user_id: r.get(0)?,
            range: AreaRangeRow {
                id: r.get(1)?,
                kind: r.get(2)?,
                region_id: r.get(3)?,
                status: r.get(4)?,
                is_delete: r.get(5)?,
            },
        })
    })
    .optional()
}

/// The id of an account's area range of this type and region, whatever its state.
pub fn area_range_id(
    conn: &Connection,
    user_id: i64,
    kind: &str,
    region: &str,
) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT id FROM area_range WHERE user_id = ?1 AND type = ?2 AND region_id = ?3",
    )?
    .query_row(params![user_id, kind, region], |r| r.get(0))
    .optional()
}

/// Marks an area range deleted by id.
pub fn remove_area_range_by_id(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE area_range SET is_delete = 1 WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Paging;

    fn seeded() -> Connection {
        let mut conn = crate::db::memory();
        super::super::admin::seed_demo(&mut conn).expect("seed");
        conn
    }

    fn id_of(conn: &Connection, name: &str) -> i64 {
        user_id(conn, name).expect("query").expect("user")
    }

    fn page(num: u32, size: u32) -> Paging {
        Paging::of(Some(num), Some(size)).expect("paging")
    }

    #[test]
    fn login_history_is_per_account_newest_first_and_paged() {
        let conn = seeded();
        let (hubei, person) = (id_of(&conn, "hubei"), id_of(&conn, "person"));
        insert_login_event(&conn, hubei, 100, Some("10.0.0.1"), false).expect("insert");
        insert_login_event(&conn, hubei, 200, Some("10.0.0.1"), true).expect("insert");
        insert_login_event(&conn, hubei, 300, None, true).expect("insert");
        insert_login_event(&conn, person, 400, None, true).expect("insert");
        let (rows, total) = login_events(&conn, hubei, page(1, 2)).expect("page");
        assert_eq!(total, 3);
        assert_eq!(
            rows.iter().map(|r| (r.at, r.ok)).collect::<Vec<_>>(),
            [(300, true), (200, true)]
        );
        let (rows, _) = login_events(&conn, hubei, page(2, 2)).expect("page 2");
        assert_eq!(rows.len(), 1);
        assert_eq!(
            (rows[0].at, rows[0].ok, rows[0].address.as_deref()),
            (100, false, Some("10.0.0.1"))
        );
    }

    #[test]
    fn the_account_list_filters_gathers_and_escapes_wildcards() {
        let conn = seeded();
        let hubei = id_of(&conn, "hubei");
        add_user_permission(&conn, hubei, "MOD_061").expect("grant");
        insert_login_event(&conn, hubei, 500, None, true).expect("login");
        insert_login_event(&conn, hubei, 900, None, false).expect("failed login");
        set_status(&conn, id_of(&conn, "person"), 1).expect("disable");

        let all = AccountFilter::default();
        let (rows, total) = accounts(&conn, &all, page(1, 20)).expect("list");
        assert_eq!(total, 5);
        let row = rows.iter().find(|r| r.username == "hubei").expect("hubei");
        assert_eq!(row.roles, ["monitor"]);
        assert_eq!(row.permissions, ["MOD_054", "MOD_054_DISPLAY", "MOD_061"]);
        assert_eq!(row.ranges.len(), 1);
        assert_eq!(row.ranges[0].region_id, "420000");
        assert_eq!(
            row.last_login_at,
            Some(500),
            "the last successful login, not the last attempt"
        );

        let by = |filter: AccountFilter| {
            let (rows, total) = accounts(&conn, &filter, page(1, 20)).expect("list");
            assert_eq!(total as usize, rows.len());
            rows.into_iter().map(|r| r.username).collect::<Vec<_>>()
        };
        let keyword = |k: &str| AccountFilter {
            keyword: Some(k.into()),
            ..AccountFilter::default()
        };
        assert_eq!(by(keyword("UBE")), ["hubei"]);
        // `_` and `%` are literal characters, not wildcards.
        assert!(by(keyword("_")).is_empty());
        assert!(by(keyword("%")).is_empty());
        let disabled = AccountFilter {
            status: Some(1),
            ..AccountFilter::default()
        };
        assert_eq!(by(disabled), ["person"]);
        let monitors = AccountFilter {
            role: Some("monitor".into()),
            ..AccountFilter::default()
        };
        assert_eq!(by(monitors), ["hubei", "screen"]);
        let (second, total) = accounts(&conn, &all, page(2, 3)).expect("page 2");
        assert_eq!((second.len(), total), (2, 5));
    }

    #[test]
    fn roles_and_own_permissions_are_replaced_not_added() {
        let conn = seeded();
        let hubei = id_of(&conn, "hubei");
        let admin_role = role_id(&conn, "admin").expect("query").expect("admin");
        let person_role = role_id(&conn, "person").expect("query").expect("person");
        replace_user_roles(&conn, hubei, &[person_role, admin_role]).expect("roles");
        assert_eq!(
            user_roles(&conn, hubei).expect("roles"),
            ["admin", "person"]
        );
        replace_user_roles(&conn, hubei, &[]).expect("none");
        assert!(user_roles(&conn, hubei).expect("roles").is_empty());

        replace_user_permissions(&conn, hubei, &["MOD_061".into(), "MOD_054".into()])
            .expect("perms");
        replace_user_permissions(&conn, hubei, &["MOD_061".into()]).expect("perms");
        assert_eq!(
            user_own_permissions(&conn, hubei).expect("own"),
            ["MOD_061"]
        );
        assert_eq!(permissions(&conn, hubei).expect("all"), ["MOD_061"]);
    }

    #[test]
    fn roles_list_their_permissions() {
        let conn = seeded();
        let roles = roles(&conn).expect("roles");
        let codes: Vec<&str> = roles.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes, ["admin", "monitor", "person", "editor"]);
        assert_eq!(roles[0].permissions.len(), super::super::perm::ALL.len());
        assert!(
            roles[1]
                .permissions
                .iter()
                .all(|p| !p.starts_with("MOD_054"))
        );
        assert!(roles[2].permissions.is_empty());
        // Editing content is a role, not a page permission.
        assert!(roles[3].permissions.is_empty());
    }

    #[test]
    fn a_range_found_by_id_can_be_removed_and_added_again_under_its_id() {
        let conn = seeded();
        let person = id_of(&conn, "person");
        add_area_range(&conn, person, "regionId", "420100").expect("add");
        let id = area_range_id(&conn, person, "regionId", "420100")
            .expect("query")
            .expect("id");
        let found = area_range_by_id(&conn, id).expect("query").expect("range");
        assert_eq!((found.user_id, found.range.is_delete), (person, 0));
        remove_area_range_by_id(&conn, id).expect("remove");
        assert!(area_ranges(&conn, person).expect("ranges").is_empty());
        add_area_range(&conn, person, "regionId", "420100").expect("again");
        assert_eq!(
            area_range_id(&conn, person, "regionId", "420100").expect("query"),
            Some(id)
        );
        assert_eq!(area_ranges(&conn, person).expect("ranges").len(), 1);
    }

    #[test]
    fn a_contact_another_account_holds_violates_the_unique_constraint() {
        let conn = seeded();
        let (hubei, person) = (id_of(&conn, "hubei"), id_of(&conn, "person"));
        set_contact(&conn, hubei, "telephone", "13800000001").expect("set");
        set_contact(&conn, person, "email", "p@example.cn").expect("set");
        let err = set_contact(&conn, person, "telephone", "13800000001").expect_err("taken");
        assert!(crate::db::is_unique_violation(&err));
        let err = set_contact(&conn, hubei, "email", "P@EXAMPLE.CN").expect_err("taken");
        assert!(
            crate::db::is_unique_violation(&err),
            "e-mails compare without case"
        );
        assert_eq!(user_status(&conn, hubei).expect("status"), Some(0));
        assert_eq!(user_status(&conn, 9999).expect("status"), None);
    }
}
