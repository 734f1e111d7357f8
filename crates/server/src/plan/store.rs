//! SQL of acquisition plans: the units' areas with their state and history, and the
//! published national plans with the areas each published.

use geo::BoundingRect;
use geo_types::{Geometry, MultiPolygon};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::machine::{Action, State};

/// The facts of an area as a save writes them.
#[derive(Debug, Clone)]
pub struct Facts {
    /// Plan year.
    pub plan_year: i64,
    /// The unit's region code.
    pub unit_code: String,
    /// The unit's name.
    pub unit_name: String,
    /// Name.
    pub name: String,
    /// Resolution class, 1–4.
    pub resolution: i64,
    /// `qb` or months, e.g. `3,4,5`.
    pub months: String,
    /// Acquisition type.
    pub cjlx: String,
    /// Purpose.
    pub purpose: String,
    /// Shape, WGS 84, inside the unit's range.
    pub geom: MultiPolygon<f64>,
    /// Its km².
    pub area_km2: f64,
}

/// An area as stored.
#[derive(Debug, Clone)]
pub struct AreaRow {
    /// Id.
    pub id: i64,
    /// Who made it.
    pub user_id: i64,
    /// Their login name.
    pub creator: String,
    /// What it is.
    pub facts: Facts,
    /// State.
    pub state: State,
    /// The reason of the last edit request or refusal.
    pub reason: Option<String>,
    /// The plan version that published it.
    pub version: Option<i64>,
    /// When made, unix seconds.
    pub created_at: i64,
    /// The last step: when.
    pub updated_at: i64,
    /// And by whom.
    pub updated_by: String,
}

/// One step of an area.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    /// The action's wire name.
    pub action: String,
    /// From this state.
    pub from: State,
    /// To this one.
    pub to: State,
    /// Who.
    pub actor: String,
    /// When, unix seconds.
    pub at: i64,
    /// The reason given.
    pub reason: Option<String>,
}

/// A published plan.
#[derive(Debug, Clone)]
pub struct PublicationRow {
    /// Id.
    pub id: i64,
    /// Plan year.
    pub plan_year: i64,
    /// Version within the year, from 1.
    pub version: i64,
    /// When, unix seconds.
    pub published_at: i64,
    /// The manager.
    pub publisher: String,
    /// Areas in it.
    pub areas: i64,
    /// Their km².
    pub area_km2: f64,
}

/// An area of a published plan, as it was published.
#[derive(Debug, Clone)]
pub struct PublishedArea {
    /// The area's id.
    pub area_id: i64,
    /// What it was.
    pub facts: Facts,
}

fn bad(what: &str) -> rusqlite::Error {
    rusqlite::Error::UserFunctionError(what.to_owned().into())
}

fn geom_at(r: &Row, i: usize) -> rusqlite::Result<MultiPolygon<f64>> {
    match geo_kit::gpkg::decode(r.get_ref(i)?.as_blob()?) {
        Ok(Geometry::MultiPolygon(mp)) => Ok(mp),
        _ => Err(bad("a plan area is not a multipolygon")),
    }
}

fn blob(geom: &MultiPolygon<f64>) -> Vec<u8> {
    geo_kit::gpkg::encode(&Geometry::MultiPolygon(geom.clone()), 4326)
}

/// The facts columns, in the order [`facts_at`] reads them from `base`.
const FACTS: &str =
    "plan_year, unit_code, unit_name, name, resolution, months, cjlx, purpose, geom, area_km2";

fn facts_at(r: &Row, base: usize) -> rusqlite::Result<Facts> {
    Ok(Facts {
        plan_year: r.get(base)?,
        unit_code: r.get(base + 1)?,
        unit_name: r.get(base + 2)?,
        name: r.get(base + 3)?,
        resolution: r.get(base + 4)?,
        months: r.get(base + 5)?,
        cjlx: r.get(base + 6)?,
        purpose: r.get(base + 7)?,
        geom: geom_at(r, base + 8)?,
        area_km2: r.get(base + 9)?,
    })
}

fn area_sql(filter: &str) -> String {
    format!(
        "SELECT id, user_id, creator, state, reason, version, created_at, updated_at, updated_by, {FACTS}
         FROM plan_area WHERE {filter} ORDER BY id"
    )
}

fn area_row(r: &Row) -> rusqlite::Result<AreaRow> {
    Ok(AreaRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        creator: r.get(2)?,
        state: State::of(r.get(3)?).ok_or_else(|| bad("unknown plan area state"))?,
        reason: r.get(4)?,
        version: r.get(5)?,
        created_at: r.get(6)?,
        updated_at: r.get(7)?,
        updated_by: r.get(8)?,
        facts: facts_at(r, 9)?,
    })
}

/// An area by id.
pub fn area(conn: &Connection, id: i64) -> rusqlite::Result<Option<AreaRow>> {
    conn.prepare_cached(&area_sql("id = ?1"))?
        .query_row([id], area_row)
        .optional()
}

/// Every area of a year, by id.
pub fn areas_of_year(conn: &Connection, year: i64) -> rusqlite::Result<Vec<AreaRow>> {
    conn.prepare_cached(&area_sql("plan_year = ?1"))?
        .query_map([year], area_row)?
        .collect()
}

/// How many areas a unit has in a year.
pub fn count_of_unit(conn: &Connection, year: i64, unit: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM plan_area WHERE plan_year = ?1 AND unit_code = ?2")?
        .query_row(params![year, unit], |r| r.get(0))
}

fn bbox(geom: &MultiPolygon<f64>) -> [f64; 4] {
    geom.bounding_rect()
        .map_or([0.0; 4], |b| [b.min().x, b.min().y, b.max().x, b.max().y])
}

fn history(
    conn: &Connection,
    id: i64,
    action: Action,
    (from, to): (State, State),
    (actor_id, actor): (i64, &str),
    at: i64,
    reason: Option<&str>,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO plan_area_history (area_id, action, from_state, to_state, actor_id, actor, at, reason)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        id,
        action.as_str(),
        from.code(),
        to.code(),
        actor_id,
        actor,
        at,
        reason
    ])?;
    Ok(())
}

/// Writes a new draft and its first step; its id. Call it on a transaction.
pub fn insert(conn: &Connection, f: &Facts, actor: (i64, &str), now: i64) -> rusqlite::Result<i64> {
    let [x0, y0, x1, y1] = bbox(&f.geom);
    conn.prepare_cached(
        "INSERT INTO plan_area (plan_year, unit_code, unit_name, user_id, creator, name, resolution,
         months, cjlx, purpose, geom, area_km2, min_lon, min_lat, max_lon, max_lat, state,
         created_at, updated_at, updated_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?18, ?5)",
    )?
    .execute(params![
        f.plan_year,
        f.unit_code,
        f.unit_name,
        actor.0,
        actor.1,
        f.name,
        f.resolution,
        f.months,
        f.cjlx,
        f.purpose,
        blob(&f.geom),
        f.area_km2,
        x0,
        y0,
        x1,
        y1,
        State::Draft.code(),
        now
    ])?;
    let id = conn.last_insert_rowid();
    history(
        conn,
        id,
        Action::Save,
        (State::Draft, State::Draft),
        actor,
        now,
        None,
    )?;
    Ok(id)
}

/// Replaces a draft's facts (its year and unit stay) and records the step. Call it on a
/// transaction that checked the state.
pub fn update(
    conn: &Connection,
    id: i64,
    f: &Facts,
    actor: (i64, &str),
    now: i64,
) -> rusqlite::Result<()> {
    let [x0, y0, x1, y1] = bbox(&f.geom);
    conn.prepare_cached(
        "UPDATE plan_area SET name = ?2, resolution = ?3, months = ?4, cjlx = ?5, purpose = ?6,
         geom = ?7, area_km2 = ?8, min_lon = ?9, min_lat = ?10, max_lon = ?11, max_lat = ?12,
         updated_at = ?13, updated_by = ?14 WHERE id = ?1",
    )?
    .execute(params![
        id,
        f.name,
        f.resolution,
        f.months,
        f.cjlx,
        f.purpose,
        blob(&f.geom),
        f.area_km2,
        x0,
        y0,
        x1,
        y1,
        now,
        actor.1
    ])?;
    history(
        conn,
        id,
        Action::Save,
        (State::Draft, State::Draft),
        actor,
        now,
        None,
    )
}

/// Moves an area `from` a state `to` another by `action` and records the step; the reason
/// given replaces the stored one. Call it on a transaction that checked the state.
pub fn step(
    conn: &Connection,
    id: i64,
    action: Action,
    (from, to): (State, State),
    reason: Option<&str>,
    actor: (i64, &str),
    now: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE plan_area SET state = ?2, reason = coalesce(?3, reason), updated_at = ?4,
         updated_by = ?5 WHERE id = ?1",
    )?
    .execute(params![id, to.code(), reason, now, actor.1])?;
    history(conn, id, action, (from, to), actor, now, reason)
}

/// Removes an area (its history goes with it).
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM plan_area WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Every step of an area, oldest first.
pub fn steps(conn: &Connection, id: i64) -> rusqlite::Result<Vec<HistoryRow>> {
    conn.prepare_cached(
        "SELECT action, from_state, to_state, actor, at, reason FROM plan_area_history
         WHERE area_id = ?1 ORDER BY id",
    )?
    .query_map([id], |r| {
        let state = |i: usize| {
            r.get::<_, i64>(i)
                .and_then(|c| State::of(c).ok_or_else(|| bad("unknown plan area state")))
        };
        Ok(HistoryRow {
            action: r.get(0)?,
            from: state(1)?,
            to: state(2)?,
            actor: r.get(3)?,
            at: r.get(4)?,
            reason: r.get(5)?,
        })
    })?
    .collect()
}

/// Publishes a year's plan: every submitted area becomes published in version n+1, which
/// holds every published area of the year as it is now. `None` (and nothing written) when no
/// area is submitted. Call it on an immediate transaction.
pub fn publish(
    conn: &Connection,
    year: i64,
    actor: (i64, &str),
    now: i64,
) -> rusqlite::Result<Option<PublicationRow>> {
    let submitted: Vec<i64> = conn
        .prepare_cached("SELECT id FROM plan_area WHERE plan_year = ?1 AND state = ?2 ORDER BY id")?
        .query_map(params![year, State::Submitted.code()], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    if submitted.is_empty() {
        return Ok(None);
    }
    let version: i64 = conn
        .prepare_cached(
            "SELECT coalesce(max(version), 0) + 1 FROM plan_publication WHERE plan_year = ?1",
        )?
        .query_row([year], |r| r.get(0))?;
    for id in &submitted {
        step(
            conn,
            *id,
            Action::Publish,
            (State::Submitted, State::Published),
            None,
            actor,
            now,
        )?;
        conn.prepare_cached("UPDATE plan_area SET version = ?2 WHERE id = ?1")?
            .execute(params![id, version])?;
    }
    let (areas, area_km2): (i64, f64) = conn
        .prepare_cached(
            "SELECT count(*), coalesce(sum(area_km2), 0) FROM plan_area WHERE plan_year = ?1 AND state = ?2",
        )?
        .query_row(params![year, State::Published.code()], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
    conn.prepare_cached(
        "INSERT INTO plan_publication (plan_year, version, published_at, publisher_id, publisher, areas, area_km2)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![year, version, now, actor.0, actor.1, areas, area_km2])?;
    let id = conn.last_insert_rowid();
    conn.prepare_cached(&format!(
        "INSERT INTO plan_publication_area (publication_id, area_id, {FACTS_SNAPSHOT})
         SELECT ?1, id, {FACTS_SNAPSHOT} FROM plan_area WHERE plan_year = ?2 AND state = ?3"
    ))?
    .execute(params![id, year, State::Published.code()])?;
    publication(conn, id)
}

/// The facts columns a publication keeps (its year is the publication's).
const FACTS_SNAPSHOT: &str =
    "unit_code, unit_name, name, resolution, months, cjlx, purpose, geom, area_km2";

const PUBLICATION: &str =
    "SELECT id, plan_year, version, published_at, publisher, areas, area_km2 FROM plan_publication";

fn publication_row(r: &Row) -> rusqlite::Result<PublicationRow> {
    Ok(PublicationRow {
        id: r.get(0)?,
        plan_year: r.get(1)?,
        version: r.get(2)?,
        published_at: r.get(3)?,
        publisher: r.get(4)?,
        areas: r.get(5)?,
        area_km2: r.get(6)?,
    })
}

/// A publication by id.
pub fn publication(conn: &Connection, id: i64) -> rusqlite::Result<Option<PublicationRow>> {
    conn.prepare_cached(&format!("{PUBLICATION} WHERE id = ?1"))?
        .query_row([id], publication_row)
        .optional()
}

/// A year's publications, newest first.
pub fn publications(conn: &Connection, year: i64) -> rusqlite::Result<Vec<PublicationRow>> {
    conn.prepare_cached(&format!(
        "{PUBLICATION} WHERE plan_year = ?1 ORDER BY version DESC"
    ))?
    .query_map([year], publication_row)?
    .collect()
}

/// The latest published version of a year and its areas, if the year has one.
pub fn latest(conn: &Connection, year: i64) -> rusqlite::Result<Option<(i64, Vec<PublishedArea>)>> {
    Ok(match publications(conn, year)?.into_iter().next() {
        Some(p) => Some((p.version, published_areas(conn, p.id)?)),
        None => None,
    })
}

/// A unit's rating of a plan year.
#[derive(Debug, Clone)]
pub struct FeedbackRow {
    /// Plan year.
    pub plan_year: i64,
    /// The unit's region code.
    pub unit_code: String,
    /// The unit's name.
    pub unit_name: String,
    /// 1–5.
    pub rating: i64,
    /// Comments.
    pub comment: String,
    /// Who gave it (login name).
    pub author: String,
    /// When, unix seconds.
    pub updated_at: i64,
}

/// Every unit's rating of a year.
pub fn feedback_of_year(conn: &Connection, year: i64) -> rusqlite::Result<Vec<FeedbackRow>> {
    conn.prepare_cached(
        "SELECT plan_year, unit_code, unit_name, rating, comment, author, updated_at
         FROM plan_feedback WHERE plan_year = ?1 ORDER BY unit_code",
    )?
    .query_map([year], |r| {
        Ok(FeedbackRow {
            plan_year: r.get(0)?,
            unit_code: r.get(1)?,
            unit_name: r.get(2)?,
            rating: r.get(3)?,
            comment: r.get(4)?,
            author: r.get(5)?,
            updated_at: r.get(6)?,
        })
    })?
    .collect()
}

/// Gives or changes a unit's rating of a year.
pub fn rate(conn: &Connection, f: &FeedbackRow, user_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO plan_feedback (plan_year, unit_code, unit_name, rating, comment, user_id,
                                    author, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (plan_year, unit_code) DO UPDATE SET unit_name = excluded.unit_name,
           rating = excluded.rating, comment = excluded.comment, user_id = excluded.user_id,
           author = excluded.author, updated_at = excluded.updated_at",
    )?
    .execute(params![
        f.plan_year,
        f.unit_code,
        f.unit_name,
        f.rating,
        f.comment,
        user_id,
        f.author,
        f.updated_at
    ])?;
    Ok(())
}

/// The areas of a publication, as published.
pub fn published_areas(conn: &Connection, id: i64) -> rusqlite::Result<Vec<PublishedArea>> {
    conn.prepare_cached(&format!(
        "SELECT a.area_id, p.plan_year, a.{} FROM plan_publication_area a
         JOIN plan_publication p ON p.id = a.publication_id
         WHERE a.publication_id = ?1 ORDER BY a.area_id",
        FACTS_SNAPSHOT.replace(", ", ", a.")
    ))?
    .query_map([id], |r| {
        Ok(PublishedArea {
            area_id: r.get(0)?,
            facts: facts_at(r, 1)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{Rect, coord};

    fn facts(year: i64, unit: &str) -> Facts {
        let geom = MultiPolygon(vec![
            Rect::new(coord! {x: 114.0, y: 30.0}, coord! {x: 114.1, y: 30.1}).to_polygon(),
        ]);
        Facts {
            plan_year: year,
            unit_code: unit.into(),
            unit_name: "湖北省".into(),
            name: "武汉".into(),
            resolution: 1,
            months: "qb".into(),
            cjlx: "sc".into(),
            purpose: String::new(),
            area_km2: geo_kit::coverage::area_km2(&geom),
            geom,
        }
    }

    #[test]
    fn publishing_snapshots_every_published_area_and_numbers_versions() {
        let conn = crate::db::memory();
        let me = (1, "hubei");
        let a = insert(&conn, &facts(2025, "420000"), me, 10).expect("a");
        let b = insert(&conn, &facts(2025, "420000"), me, 10).expect("b");
        let _draft = insert(&conn, &facts(2025, "420000"), me, 10).expect("draft");
        assert!(publish(&conn, 2025, (2, "admin"), 20).expect("p").is_none());
        step(
            &conn,
            a,
            Action::Submit,
            (State::Draft, State::Submitted),
            None,
            me,
            11,
        )
        .expect("s");
        let v1 = publish(&conn, 2025, (2, "admin"), 20)
            .expect("p")
            .expect("v1");
        assert_eq!((v1.version, v1.areas), (1, 1));
        step(
            &conn,
            b,
            Action::Submit,
            (State::Draft, State::Submitted),
            None,
            me,
            21,
        )
        .expect("s");
        let v2 = publish(&conn, 2025, (2, "admin"), 30)
            .expect("p")
            .expect("v2");
        assert_eq!((v2.version, v2.areas), (2, 2));
        let ids: Vec<i64> = published_areas(&conn, v2.id)
            .expect("areas")
            .iter()
            .map(|p| p.area_id)
            .collect();
        assert_eq!(ids, [a, b]);
        assert_eq!(published_areas(&conn, v1.id).expect("areas").len(), 1);
        let row = area(&conn, a).expect("read").expect("a");
        assert_eq!((row.state, row.version), (State::Published, Some(1)));
        let steps: Vec<String> = steps(&conn, a)
            .expect("h")
            .into_iter()
            .map(|h| h.action)
            .collect();
        assert_eq!(steps, ["save", "submit", "publish"]);
        assert_eq!(publications(&conn, 2025).expect("list")[0].version, 2);
    }
}
