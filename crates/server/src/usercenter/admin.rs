//! Account administration shared by the `rscloud user` command and the demo
//! data: add users, set passwords, grant permissions or roles, set area ranges.

use rusqlite::Connection;

use super::{RANGE_TYPE_REGION, nodetype, password, perm, rules, store};
use crate::config::ScreenAccount;
use crate::error::AppError;

/// Why an administration step failed, in words for the command line.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// No such user.
    #[error("no user named {0}")]
    NoUser(String),
    /// No such permission or role code.
    #[error("{0} is neither a permission code (e.g. MOD_056) nor a role (admin, monitor, person)")]
    NoGrant(String),
    /// A region code is not six digits (or 156000000).
    #[error("{0} is not a region code (six digits, e.g. 420000)")]
    BadRegion(String),
    /// The username, password, telephone or e-mail breaks a rule.
    #[error("{0}")]
    Rule(String),
    /// The username, telephone or e-mail is taken.
    #[error("{value} is already taken")]
    Taken {
        /// Which: `username`, `telephone` or `email`.
        column: &'static str,
        /// The value.
        value: String,
    },
    /// The database failed.
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

impl From<AppError> for AdminError {
    fn from(e: AppError) -> Self {
        Self::Rule(e.to_string())
    }
}

/// A new account.
#[derive(Debug, Default)]
pub struct NewUser<'a> {
    /// Login name: 4–20 letters, digits or underscores.
    pub username: &'a str,
    /// Plain password (hashed here).
    pub password: &'a str,
    /// Mobile number.
    pub telephone: Option<&'a str>,
    /// E-mail.
    pub email: Option<&'a str>,
    /// One of `nodetype::ACCOUNT_TYPES` (0 person).
    pub account_type: i64,
    /// Ask for a new password at first login (login answers code 2).
    pub must_change_password: bool,
}

/// Adds an account; returns its id.
pub fn add_user(conn: &Connection, u: &NewUser<'_>) -> Result<i64, AdminError> {
    rules::username(u.username)?;
    if nodetype::of(u.account_type).is_none() {
        return Err(AdminError::Rule(format!(
            "账号类型不存在：{}",
            u.account_type
        )));
    }
    password::validate(u.password)?;
    if let Some(t) = u.telephone {
        rules::telephone(t)?;
    }
    if let Some(e) = u.email {
        rules::email(e)?;
    }
    let hash = password::hash(u.password)?;
    store::insert_user(conn, u, &hash).map_err(|e| {
        if crate::db::is_unique_violation(&e) {
            let (column, value) = taken_field(&e, u);
            AdminError::Taken {
                column,
                value: value.to_owned(),
            }
        } else {
            e.into()
        }
    })
}

/// Which of the unique fields a UNIQUE violation is about, and its value.
fn taken_field<'a>(err: &rusqlite::Error, u: &NewUser<'a>) -> (&'static str, &'a str) {
    let text = err.to_string();
    if text.contains("user.telephone") {
        ("telephone", u.telephone.unwrap_or_default())
    } else if text.contains("user.email") {
        ("email", u.email.unwrap_or_default())
    } else {
        ("username", u.username)
    }
}

/// The id of a user by name.
pub fn user_id(conn: &Connection, username: &str) -> Result<i64, AdminError> {
    store::user_id(conn, username)?.ok_or_else(|| AdminError::NoUser(username.into()))
}

/// Sets a new password and ends the user's sessions.
pub fn set_password(
    conn: &Connection,
    username: &str,
    new_password: &str,
) -> Result<(), AdminError> {
    let id = user_id(conn, username)?;
    password::validate(new_password)?;
    let hash = password::hash(new_password)?;
    store::set_password_hash(conn, id, &hash)?;
    store::delete_sessions_of(conn, id)?;
    Ok(())
}

/// What a code given to `grant` or `revoke` names.
enum Grant {
    Role(i64),
    Permission(String),
}

fn resolve_grant(conn: &Connection, code: &str) -> Result<Grant, AdminError> {
    if let Some(id) = store::role_id(conn, code)? {
        return Ok(Grant::Role(id));
    }
    if store::permission_exists(conn, code)? {
        Ok(Grant::Permission(code.to_owned()))
    } else {
        Err(AdminError::NoGrant(code.to_owned()))
    }
}

/// Grants permission codes or roles to a user.
pub fn grant(conn: &Connection, username: &str, codes: &[String]) -> Result<(), AdminError> {
    let id = user_id(conn, username)?;
    for code in codes {
        match resolve_grant(conn, code)? {
            Grant::Role(role) => store::add_user_role(conn, id, role)?,
            Grant::Permission(p) => store::add_user_permission(conn, id, &p)?,
        }
    }
    Ok(())
}

/// Takes permission codes or roles away from a user.
pub fn revoke(conn: &Connection, username: &str, codes: &[String]) -> Result<(), AdminError> {
    let id = user_id(conn, username)?;
    for code in codes {
        match resolve_grant(conn, code)? {
            Grant::Role(role) => store::remove_user_role(conn, id, role)?,
            Grant::Permission(p) => store::remove_user_permission(conn, id, &p)?,
        }
    }
    Ok(())
}

/// Gives a user `regionId` area ranges (active again if they had been removed).
pub fn add_ranges(conn: &Connection, username: &str, regions: &[String]) -> Result<(), AdminError> {
    let id = user_id(conn, username)?;
    for region in regions {
        let ok = region == "156000000"
            || (region.len() == 6 && region.bytes().all(|b| b.is_ascii_digit()));
        if !ok {
            return Err(AdminError::BadRegion(region.clone()));
        }
        store::add_area_range(conn, id, RANGE_TYPE_REGION, region)?;
    }
    Ok(())
}

/// Marks a user's area ranges deleted.
pub fn remove_ranges(
    conn: &Connection,
    username: &str,
    regions: &[String],
) -> Result<(), AdminError> {
    let id = user_id(conn, username)?;
    for region in regions {
        store::remove_area_range(conn, id, RANGE_TYPE_REGION, region)?;
    }
    Ok(())
}

/// A demo account: name, password, what it may do, where.
pub struct DemoUser {
    /// Login name.
    pub username: &'static str,
    /// Its password (demo only; printed at start).
    pub password: &'static str,
    /// What it is for.
    pub description: &'static str,
    grants: &'static [&'static str],
    ranges: &'static [&'static str],
}

/// The demo accounts `--demo` creates.
pub const DEMO_USERS: &[DemoUser] = &[
    DemoUser {
        username: "admin",
        password: "Admin12345",
        description: "系统管理员：全部权限，全国范围",
        grants: &["admin"],
        ranges: &["100000"],
    },
    DemoUser {
        username: "hubei",
        password: "Hubei12345",
        description: "湖北省用户：监测、购物车与意见反馈权限，湖北省范围",
        grants: &["monitor", "MOD_054", "MOD_054_DISPLAY"],
        ranges: &["420000"],
    },
    DemoUser {
        username: "screen",
        password: "Screen12345",
        description: "大屏展示账号：页面带 screenCode=1 或 2 时免密只读登录，全国范围",
        grants: &["monitor"],
        ranges: &["100000"],
    },
    DemoUser {
        username: "editor",
        password: "Editor12345",
        description: "内容编辑：发布新闻与页面内容",
        grants: &["editor"],
        ranges: &[],
    },
    DemoUser {
        username: "person",
        password: "Person12345",
        description: "个人用户：无模块权限",
        grants: &["person"],
        ranges: &[],
    },
];

/// The demo's push nodes (name, region, the demo account connected to it, if any):
/// clearly demo offices, so /about/province has something to show.
pub const DEMO_PUSH_NODES: &[(&str, &str, Option<&str>)] = &[
    ("湖北省推送节点（演示）", "420000", Some("hubei")),
    ("湖南省推送节点（演示）", "430000", None),
    ("河南省推送节点（演示）", "410000", None),
    ("广东省推送节点（演示）", "440000", None),
    ("四川省推送节点（演示）", "510000", None),
    ("浙江省推送节点（演示）", "330000", None),
];

/// The display screens of the demo: both codes log in as the `screen` account,
/// from this machine only, and see the monitoring pages over the whole country.
pub fn demo_screens() -> Vec<ScreenAccount> {
    let grants: Vec<String> = perm::MONITORING
        .iter()
        .flat_map(|(page, display)| [page.code.to_owned(), display.code.to_owned()])
        .collect();
    [1, 2]
        .map(|code| ScreenAccount {
            code,
            username: "screen".into(),
            networks: vec![
                ipnet::IpNet::from(std::net::IpAddr::from(std::net::Ipv4Addr::LOCALHOST)),
                ipnet::IpNet::from(std::net::IpAddr::from(std::net::Ipv6Addr::LOCALHOST)),
            ],
            key: None,
            grants: grants.clone(),
            ranges: vec![crate::region::tree::COUNTRY.into()],
        })
        .to_vec()
}

/// Creates the demo accounts that do not exist yet, in one transaction.
pub fn seed_demo(conn: &mut Connection) -> Result<(), AdminError> {
    let tx = conn.transaction()?;
    for d in DEMO_USERS {
        if store::user_id(&tx, d.username)?.is_some() {
            continue;
        }
        add_user(
            &tx,
            &NewUser {
                username: d.username,
                password: d.password,
                ..NewUser::default()
            },
        )?;
        let grants: Vec<String> = d.grants.iter().map(|s| s.to_string()).collect();
        grant(&tx, d.username, &grants)?;
        let ranges: Vec<String> = d.ranges.iter().map(|s| s.to_string()).collect();
        add_ranges(&tx, d.username, &ranges)?;
    }
    if !store::has_push_nodes(&tx)? {
        for (name, region, user) in DEMO_PUSH_NODES {
            let node = store::add_push_node(&tx, name, region)?;
            if let Some(id) = user.map(|u| store::user_id(&tx, u)).transpose()?.flatten() {
                store::relate_push_node(&tx, id, node)?;
            }
        }
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::db::memory as db;

    #[test]
    fn demo_users_get_their_roles_and_ranges_once() {
        let mut conn = db();
        seed_demo(&mut conn).expect("seed");
        seed_demo(&mut conn).expect("seed again is a no-op");
        let users = store::user_summaries(&conn).expect("list");
        let names: Vec<&str> = users.iter().map(|u| u.username.as_str()).collect();
        assert_eq!(names, ["admin", "editor", "hubei", "person", "screen"]);
        assert_eq!(users[1].roles, "editor");
        assert_eq!(users[2].roles, "monitor");
        assert_eq!(users[2].ranges, "420000");
        let hubei = user_id(&conn, "hubei").expect("id");
        let perms = super::super::store::permissions(&conn, hubei).expect("perms");
        assert!(perms.contains(&perm::MOD_056.code.to_owned()));
        assert!(perms.contains(&perm::MOD_061.code.to_owned()));
        assert!(perms.contains(&perm::MOD_054.code.to_owned()));
        let nodes = store::push_node_uses(&conn).expect("nodes");
        assert_eq!(nodes.len(), DEMO_PUSH_NODES.len(), "seeded once");
        let connected: Vec<&str> = nodes
            .iter()
            .filter(|n| n.accounts > 0)
            .map(|n| n.node.region_id.as_str())
            .collect();
        assert_eq!(connected, ["420000"]);
        let person = user_id(&conn, "person").expect("id");
        assert!(
            super::super::store::permissions(&conn, person)
                .expect("perms")
                .is_empty()
        );
    }

    #[test]
    fn grants_ranges_and_rules_are_checked() {
        let conn = db();
        add_user(
            &conn,
            &NewUser {
                username: "land_office",
                password: "Pass1234",
                ..NewUser::default()
            },
        )
        .expect("add");
        assert!(matches!(
            add_user(
                &conn,
                &NewUser {
                    username: "LAND_OFFICE",
                    password: "Pass1234",
                    ..NewUser::default()
                }
            ),
            Err(AdminError::Taken {
                column: "username",
                ..
            })
        ));
        assert!(matches!(
            add_user(
                &conn,
                &NewUser {
                    username: "x y",
                    password: "Pass1234",
                    ..NewUser::default()
                }
            ),
            Err(AdminError::Rule(_))
        ));
        assert!(matches!(
            grant(&conn, "land_office", &["MOD_999".into()]),
            Err(AdminError::NoGrant(_))
        ));
        grant(&conn, "land_office", &[perm::MOD_059.code.into()]).expect("grant");
        add_ranges(&conn, "land_office", &["420100".into()]).expect("range");
        assert!(matches!(
            add_ranges(&conn, "land_office", &["4201".into()]),
            Err(AdminError::BadRegion(_))
        ));
        remove_ranges(&conn, "land_office", &["420100".into()]).expect("remove");
        add_ranges(&conn, "land_office", &["420100".into()]).expect("range again");
        let id = user_id(&conn, "land_office").expect("id");
        assert_eq!(
            super::super::store::area_ranges(&conn, id)
                .expect("ranges")
                .len(),
            1
        );
        revoke(&conn, "land_office", &[perm::MOD_059.code.into()]).expect("revoke");
        assert!(
            super::super::store::permissions(&conn, id)
                .expect("perms")
                .is_empty()
        );
        assert!(matches!(
            grant(&conn, "nobody", &["admin".into()]),
            Err(AdminError::NoUser(_))
        ));
    }
}
