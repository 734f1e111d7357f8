//! SQL of the cart, orders and data requests.

use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params, params_from_iter};

use super::machine::Kind;
use crate::api::Paging;
use crate::normal::store::SceneRow;

/// One cart line: a scene id and when it was added.
#[derive(Debug, Clone, PartialEq)]
pub struct CartRow {
    /// Product id.
    pub scene_id: String,
    /// Unix seconds.
    pub added_at: i64,
}

/// Scenes in the user's cart.
pub fn cart_count(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM cart_item WHERE user_id = ?1")?
        .query_row([user_id], |r| r.get(0))
}

/// A page of the cart, newest first, with its total.
pub fn cart_page(
    conn: &Connection,
    user_id: i64,
    paging: Paging,
) -> rusqlite::Result<(Vec<CartRow>, i64)> {
    let rows = conn
        .prepare_cached(
            "SELECT scene_id, added_at FROM cart_item WHERE user_id = ?1
             ORDER BY added_at DESC, scene_id LIMIT ?2 OFFSET ?3",
        )?
        .query_map(params![user_id, paging.limit(), paging.offset()], |r| {
            Ok(CartRow {
                scene_id: r.get(0)?,
                added_at: r.get(1)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, cart_count(conn, user_id)?))
}

/// Every scene id in the cart, newest first.
pub fn cart_ids(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "SELECT scene_id FROM cart_item WHERE user_id = ?1 ORDER BY added_at DESC, scene_id",
    )?
    .query_map([user_id], |r| r.get(0))?
    .collect()
}

/// Which of `ids` are in the cart.
pub fn in_cart(conn: &Connection, user_id: i64, ids: &[String]) -> rusqlite::Result<Vec<String>> {
    let mut stmt =
        conn.prepare_cached("SELECT 1 FROM cart_item WHERE user_id = ?1 AND scene_id = ?2")?;
    let mut found = Vec::new();
    for id in ids {
        if stmt.exists(params![user_id, id])? {
            found.push(id.clone());
        }
    }
    Ok(found)
}

/// Puts `ids` (distinct, not yet in the cart) into the cart.
pub fn cart_insert(
    conn: &Connection,
    user_id: i64,
    ids: &[String],
    now: i64,
) -> rusqlite::Result<usize> {
    let mut stmt = conn.prepare_cached(
        "INSERT OR IGNORE INTO cart_item (user_id, scene_id, added_at) VALUES (?1, ?2, ?3)",
    )?;
    let mut added = 0;
    for id in ids {
        added += stmt.execute(params![user_id, id, now])?;
    }
    Ok(added)
}

/// Takes `ids` out of the cart; answers how many were there.
pub fn cart_remove(conn: &Connection, user_id: i64, ids: &[String]) -> rusqlite::Result<usize> {
    let mut stmt =
        conn.prepare_cached("DELETE FROM cart_item WHERE user_id = ?1 AND scene_id = ?2")?;
    let mut removed = 0;
    for id in ids {
        removed += stmt.execute(params![user_id, id])?;
    }
    Ok(removed)
}

/// An order or a data request as stored, with its item count and size.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordRow {
    /// Row id.
    pub id: i64,
    /// Order or request.
    pub kind: Kind,
    /// DD… / SQ…
    pub code: String,
    /// Owner.
    pub user_id: i64,
    /// Owner's name.
    pub username: String,
    /// Dictionary value.
    pub status: i64,
    /// What the data is for.
    pub purpose: String,
    /// ORDER_USAGE value.
    pub usage: String,
    /// ORDER_DELIVERY value.
    pub delivery: String,
    /// Why it was last rejected or withdrawn.
    pub reason: Option<String>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
    /// When it was delivered.
    pub delivered_at: Option<i64>,
    /// When its download links stop working.
    pub expires_at: Option<i64>,
    /// Scenes in it.
    pub items: i64,
    /// Their size, MB.
    pub size_mb: f64,
}

const RECORD: &str = "SELECT o.id, o.kind, o.code, o.user_id, o.username, o.status, o.purpose,
    o.usage, o.delivery, o.reason, o.created_at, o.updated_at, o.delivered_at, o.expires_at,
    (SELECT count(*) FROM order_item i WHERE i.order_id = o.id),
    (SELECT coalesce(sum(size_mb), 0) FROM order_item i WHERE i.order_id = o.id)
    FROM orders o";

fn record(r: &rusqlite::Row<'_>) -> rusqlite::Result<RecordRow> {
    Ok(RecordRow {
        id: r.get(0)?,
        kind: if r.get::<_, i64>(1)? == Kind::Request.code() {
            Kind::Request
        } else {
            Kind::Order
        },
        code: r.get(2)?,
        user_id: r.get(3)?,
        username: r.get(4)?,
        status: r.get(5)?,
        purpose: r.get(6)?,
        usage: r.get(7)?,
        delivery: r.get(8)?,
        reason: r.get(9)?,
        created_at: r.get(10)?,
        updated_at: r.get(11)?,
        delivered_at: r.get(12)?,
        expires_at: r.get(13)?,
        items: r.get(14)?,
        size_mb: r.get(15)?,
    })
}

/// One record of `kind`.
pub fn record_of(conn: &Connection, kind: Kind, id: i64) -> rusqlite::Result<Option<RecordRow>> {
    conn.prepare_cached(&format!("{RECORD} WHERE o.id = ?1 AND o.kind = ?2"))?
        .query_row(params![id, kind.code()], record)
        .optional()
}

/// What a list of records is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Only this owner's (the personal centre); `None` for everyone's (administration).
    pub user_id: Option<i64>,
    /// Only in this status.
    pub status: Option<i64>,
    /// Created at or after (unix seconds).
    pub from: Option<i64>,
    /// Created at or before (unix seconds).
    pub to: Option<i64>,
    /// Code or owner name containing this.
    pub keyword: Option<String>,
}

const WHERE: &str = "WHERE o.kind = ?1 AND (?2 IS NULL OR o.user_id = ?2)
    AND (?3 IS NULL OR o.status = ?3) AND (?4 IS NULL OR o.created_at >= ?4)
    AND (?5 IS NULL OR o.created_at <= ?5)
    AND (?6 IS NULL OR o.code LIKE ?6 ESCAPE '\\' OR o.username LIKE ?6 ESCAPE '\\')";

/// `%text%` for LIKE, with LIKE's wildcards in `text` taken literally.
fn containing(text: &str) -> String {
    format!("%{}%", crate::db::escape_like(text))
}

/// The values of `WHERE`'s ?1–?6 for records of `kind` matching `filter`.
fn where_values(kind: Kind, filter: &Filter) -> Vec<Value> {
    vec![
        kind.code().into(),
        filter.user_id.into(),
        filter.status.into(),
        filter.from.into(),
        filter.to.into(),
        filter.keyword.as_deref().map(containing).into(),
    ]
}

/// A page of records of `kind`, newest first, with the total matching.
pub fn page(
    conn: &Connection,
    kind: Kind,
    filter: &Filter,
    paging: Paging,
) -> rusqlite::Result<(Vec<RecordRow>, i64)> {
    let values = where_values(kind, filter);
    let total = conn
        .prepare_cached(&format!("SELECT count(*) FROM orders o {WHERE}"))?
        .query_row(params_from_iter(&values), |r| r.get(0))?;
    let page = [paging.limit().into(), paging.offset().into()];
    let rows = conn
        .prepare_cached(&format!(
            "{RECORD} {WHERE} ORDER BY o.created_at DESC, o.id DESC LIMIT ?7 OFFSET ?8"
        ))?
        .query_map(params_from_iter(values.iter().chain(&page)), record)?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// The ids of every record matching, newest first.
pub fn ids(conn: &Connection, kind: Kind, filter: &Filter) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(&format!(
        "SELECT o.id FROM orders o {WHERE} ORDER BY o.created_at DESC, o.id DESC"
    ))?
    .query_map(params_from_iter(&where_values(kind, filter)), |r| r.get(0))?
    .collect()
}

/// How many of the user's records of `kind` are in each status.
pub fn counts(conn: &Connection, kind: Kind, user_id: i64) -> rusqlite::Result<Vec<(i64, i64)>> {
    conn.prepare_cached(
        "SELECT status, count(*) FROM orders WHERE kind = ?1 AND user_id = ?2
         GROUP BY status ORDER BY status",
    )?
    .query_map(params![kind.code(), user_id], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?
    .collect()
}

/// A new order or request.
#[derive(Debug)]
pub struct NewRecord<'a> {
    /// Order or request.
    pub kind: Kind,
    /// Owner.
    pub user_id: i64,
    /// Owner's name.
    pub username: &'a str,
    /// What the data is for.
    pub purpose: &'a str,
    /// ORDER_USAGE value.
    pub usage: &'a str,
    /// ORDER_DELIVERY value.
    pub delivery: &'a str,
    /// The scenes, facts as they are now.
    pub scenes: &'a [SceneRow],
    /// Code date, `YYYYMMDD` Beijing time.
    pub day: &'a str,
    /// Unix seconds.
    pub now: i64,
}

/// Writes a record with its items and its first history entry; answers its
/// id and code. Call it inside a transaction.
pub fn insert(conn: &Connection, new: &NewRecord<'_>) -> rusqlite::Result<(i64, String)> {
    let id: i64 = conn
        .prepare_cached("SELECT coalesce(max(id), 0) + 1 FROM orders")?
        .query_row([], |r| r.get(0))?;
    let code = format!("{}{}{:06}", new.kind.prefix(), new.day, id);
    conn.prepare_cached(
        "INSERT INTO orders (id, kind, code, user_id, username, status, purpose, usage, delivery,
                             created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
    )?
    .execute(params![
        id,
        new.kind.code(),
        code,
        new.user_id,
        new.username,
        new.kind.first(),
        new.purpose,
        new.usage,
        new.delivery,
        new.now
    ])?;
    let mut item = conn.prepare_cached(
        "INSERT INTO order_item (order_id, scene_id, file_name, satellite, sensor, acquired_at,
                                 cloud, size_mb)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for s in new.scenes {
        item.execute(params![
            id,
            s.scene_id,
            s.file_name,
            s.satellite,
            s.sensor,
            s.acquired_at,
            s.cloud,
            s.size_mb
        ])?;
    }
    event(
        conn,
        &Event {
            order_id: id,
            from: None,
            to: new.kind.first(),
            actor_id: new.user_id,
            actor: new.username,
            note: None,
            at: new.now,
        },
    )?;
    Ok((id, code))
}

/// One history entry to write.
#[derive(Debug)]
pub struct Event<'a> {
    /// The record.
    pub order_id: i64,
    /// Status before; `None` at submission.
    pub from: Option<i64>,
    /// Status after.
    pub to: i64,
    /// Who.
    pub actor_id: i64,
    /// Their name.
    pub actor: &'a str,
    /// The reason given, if any.
    pub note: Option<&'a str>,
    /// Unix seconds.
    pub at: i64,
}

fn event(conn: &Connection, e: &Event<'_>) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO order_event (order_id, from_status, to_status, actor_id, actor, note, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        e.order_id, e.from, e.to, e.actor_id, e.actor, e.note, e.at
    ])?;
    Ok(())
}

/// Moves a record from `e.from` to `e.to` and writes the history entry;
/// answers false, writing nothing, when the record is no longer in `e.from`.
/// A rejection's or withdrawal's note becomes the record's reason; a delivery
/// sets when its links expire. Call it inside a transaction.
pub fn transition(
    conn: &Connection,
    e: &Event<'_>,
    sets_reason: bool,
    expires_at: Option<i64>,
) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached(
            "UPDATE orders SET status = ?2, updated_at = ?3,
                reason = CASE WHEN ?4 THEN ?5 ELSE reason END,
                delivered_at = CASE WHEN ?6 IS NOT NULL THEN ?3 ELSE delivered_at END,
                expires_at = coalesce(?6, expires_at)
             WHERE id = ?1 AND status = ?7",
        )?
        .execute(params![
            e.order_id,
            e.to,
            e.at,
            sets_reason,
            e.note,
            expires_at,
            e.from
        ])?;
    if changed == 1 {
        event(conn, e)?;
    }
    Ok(changed == 1)
}

/// One entry of a record's history.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRow {
    /// Status before; `None` at submission.
    pub from: Option<i64>,
    /// Status after.
    pub to: i64,
    /// Who.
    pub actor: String,
    /// The reason given.
    pub note: Option<String>,
    /// Unix seconds.
    pub at: i64,
}

/// A record's history, oldest first.
pub fn events(conn: &Connection, order_id: i64) -> rusqlite::Result<Vec<EventRow>> {
    conn.prepare_cached(
        "SELECT from_status, to_status, actor, note, at FROM order_event
         WHERE order_id = ?1 ORDER BY id",
    )?
    .query_map([order_id], |r| {
        Ok(EventRow {
            from: r.get(0)?,
            to: r.get(1)?,
            actor: r.get(2)?,
            note: r.get(3)?,
            at: r.get(4)?,
        })
    })?
    .collect()
}

/// One item of a record.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemRow {
    /// Row id (named in download links).
    pub id: i64,
    /// Product id.
    pub scene_id: String,
    /// Product file name.
    pub file_name: String,
    /// Satellite.
    pub satellite: String,
    /// Sensor.
    pub sensor: String,
    /// Unix seconds.
    pub acquired_at: i64,
    /// Percent.
    pub cloud: f64,
    /// MB.
    pub size_mb: Option<f64>,
    /// The delivered file, relative to the delivery folder.
    pub product_path: Option<String>,
}

const ITEM: &str = "SELECT id, scene_id, file_name, satellite, sensor, acquired_at, cloud,
    size_mb, product_path FROM order_item";

fn item(r: &rusqlite::Row<'_>) -> rusqlite::Result<ItemRow> {
    Ok(ItemRow {
        id: r.get(0)?,
        scene_id: r.get(1)?,
        file_name: r.get(2)?,
        satellite: r.get(3)?,
        sensor: r.get(4)?,
        acquired_at: r.get(5)?,
        cloud: r.get(6)?,
        size_mb: r.get(7)?,
        product_path: r.get(8)?,
    })
}

/// A page of a record's items, in acquisition order, with the total.
pub fn items_page(
    conn: &Connection,
    order_id: i64,
    paging: Paging,
) -> rusqlite::Result<(Vec<ItemRow>, i64)> {
    let total = conn
        .prepare_cached("SELECT count(*) FROM order_item WHERE order_id = ?1")?
        .query_row([order_id], |r| r.get(0))?;
    let rows = conn
        .prepare_cached(&format!(
            "{ITEM} WHERE order_id = ?1 ORDER BY acquired_at, id LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![order_id, paging.limit(), paging.offset()], item)?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// Every item of a record, in acquisition order.
pub fn items(conn: &Connection, order_id: i64) -> rusqlite::Result<Vec<ItemRow>> {
    conn.prepare_cached(&format!(
        "{ITEM} WHERE order_id = ?1 ORDER BY acquired_at, id"
    ))?
    .query_map([order_id], item)?
    .collect()
}

/// One item of one record.
pub fn item_of(
    conn: &Connection,
    order_id: i64,
    item_id: i64,
) -> rusqlite::Result<Option<ItemRow>> {
    conn.prepare_cached(&format!("{ITEM} WHERE order_id = ?1 AND id = ?2"))?
        .query_row(params![order_id, item_id], item)
        .optional()
}

/// Records where each item's delivered file is. Call it inside the delivery's transaction.
pub fn set_products(conn: &Connection, products: &[(i64, String)]) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached("UPDATE order_item SET product_path = ?2 WHERE id = ?1")?;
    for (id, path) in products {
        stmt.execute(params![id, path])?;
    }
    Ok(())
}

/// A download link's record: its kind, status and when its links expire.
pub fn link_state(
    conn: &Connection,
    order_id: i64,
) -> rusqlite::Result<Option<(i64, Option<i64>)>> {
    conn.prepare_cached("SELECT status, expires_at FROM orders WHERE id = ?1 AND kind = ?2")?
        .query_row(params![order_id, Kind::Order.code()], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(id: &str) -> SceneRow {
        SceneRow {
            size_mb: Some(100.0),
            ..crate::normal::store::tests::scene(id, 114.0)
        }
    }

    fn user(conn: &mut Connection, name: &str) -> i64 {
        crate::usercenter::admin::seed_demo(conn).expect("seed");
        crate::usercenter::admin::user_id(conn, name).expect("user")
    }

    #[test]
    fn adding_a_scene_twice_keeps_one_line() {
        let mut conn = crate::db::memory();
        let u = user(&mut conn, "hubei");
        let ids = vec!["A".to_owned(), "B".to_owned()];
        assert_eq!(cart_insert(&conn, u, &ids, 1).expect("add"), 2);
        assert_eq!(cart_insert(&conn, u, &ids, 2).expect("add"), 0);
        assert_eq!(cart_count(&conn, u).expect("count"), 2);
        assert_eq!(
            in_cart(&conn, u, &["B".into(), "C".into()]).expect("in"),
            ["B"]
        );
        assert_eq!(
            cart_remove(&conn, u, &["A".into(), "Z".into()]).expect("rm"),
            1
        );
        assert_eq!(cart_ids(&conn, u).expect("ids"), ["B"]);
    }

    #[test]
    fn a_transition_from_a_status_the_record_has_left_writes_nothing() {
        let mut conn = crate::db::memory();
        let u = user(&mut conn, "hubei");
        let scenes = [scene("A"), scene("B")];
        let (id, code) = insert(
            &conn,
            &NewRecord {
                kind: Kind::Order,
                user_id: u,
                username: "hubei",
                purpose: "年度变更调查",
                usage: "1",
                delivery: "1",
                scenes: &scenes,
                day: "20261126",
                now: 100,
            },
        )
        .expect("insert");
        assert_eq!(code, format!("DD20261126{id:06}"));
        let row = record_of(&conn, Kind::Order, id)
            .expect("read")
            .expect("row");
        assert_eq!((row.items, row.size_mb, row.status), (2, 200.0, 0));
        assert!(record_of(&conn, Kind::Request, id).expect("read").is_none());

        let approve = Event {
            order_id: id,
            from: Some(0),
            to: 1,
            actor_id: u,
            actor: "admin",
            note: None,
            at: 200,
        };
        assert!(transition(&conn, &approve, false, None).expect("move"));
        assert!(!transition(&conn, &approve, false, None).expect("again"));
        let history = events(&conn, id).expect("events");
        assert_eq!(history.len(), 2, "the refused move left no entry");
        assert_eq!((history[1].from, history[1].to), (Some(0), 1));
    }
}
