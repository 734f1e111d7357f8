//! The plan areas as a map layer (`plan_area`), registered with ows so a year's needs are
//! served as vector tiles and WFS like every layer: `viewparams=year:2025` (default the plan
//! year's default), optionally `state:submitted`. A caller sees what the list shows them — a
//! manager every unit's areas, a unit its own; the anonymous nothing. Read from the database
//! for each request, since areas are drawn and change state all year.

use geo_kit::Envelope;
use geo_types::Geometry;

use super::machine::State;
use super::{PlanArea, fields, sees, store};
use crate::db::Db;
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, Value,
    ViewParams, bbox_meets,
};
use crate::usercenter::session::Caller;

/// Registers `plan_area`.
pub fn register(layers: &mut Layers, db: &Db) {
    layers.register(PlanAreaLayer { db: db.clone() });
}

struct PlanAreaLayer {
    db: Db,
}

/// What a plan area carries (tiles, WFS).
const ATTRIBUTES: &[Attribute] = &[
    Attribute::integer("id"),
    Attribute::text("name"),
    Attribute::text("unit_code"),
    Attribute::text("unit_name"),
    Attribute::integer("resolution"),
    Attribute::text("months"),
    Attribute::text("cjlx"),
    Attribute::integer("state"),
    Attribute::text("state_label"),
    Attribute::real("area_km2"),
];

/// What `plan_area` is.
const INFO: LayerInfo = LayerInfo::new(
    "plan_area",
    "采集计划需求范围",
    GeometryKind::Polygon,
    ATTRIBUTES,
)
.per_caller();

impl MapLayer for PlanAreaLayer {
    fn info(&self) -> &LayerInfo {
        &INFO
    }

    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        _: Detail,
        caller: Option<&Caller>,
        params: &ViewParams,
    ) -> Vec<Feature<'a>> {
        let Some(caller) = caller else {
            return Vec::new();
        };
        let Ok(year) = fields::plan_year(params.id("year")) else {
            return Vec::new();
        };
        let only: Option<State> = match params.get("state") {
            None => None,
            Some(s) => match crate::api::from_name(s) {
                Some(state) => Some(state),
                None => return Vec::new(),
            },
        };
        let Ok(rows) = self
            .db
            .call_blocking(move |c| store::areas_of_year(c, year))
        else {
            return Vec::new();
        };
        rows.iter()
            .filter(|r| {
                sees(caller, &r.facts.unit_code)
                    && only.is_none_or(|s| r.state == s)
                    && bbox_meets(&r.facts.geom, bbox)
            })
            .map(|r| {
                let area = PlanArea::of(r);
                Feature {
                    id: area.id.to_string(),
                    geometry: FeatureGeometry::Owned(Geometry::MultiPolygon(r.facts.geom.clone())),
                    label: None,
                    properties: vec![
                        Value::from(area.id),
                        Value::from(area.name),
                        Value::from(area.unit_code),
                        Value::from(area.unit_name),
                        Value::from(area.resolution),
                        Value::from(area.month_code),
                        Value::from(area.cjlx.as_str()),
                        Value::from(r.state.code()),
                        Value::from(area.state_label),
                        Value::from(area.area_km2),
                    ],
                }
            })
            .collect()
    }
}
