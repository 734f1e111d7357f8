//! GeoJSON (RFC 7946) as the OpenAPI document describes it, defined once for
//! every `/api` body and answer that carries geometry. The server reads and
//! writes GeoJSON with the `geojson` crate; these types only describe it
//! (`#[schema(value_type = …)]`), so that the web app gets real types.

use utoipa::openapi::schema::{OneOfBuilder, Ref};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// The `type` member of a Polygon.
#[derive(ToSchema)]
pub enum PolygonType {
    /// The only value.
    Polygon,
}

/// The `type` member of a MultiPolygon.
#[derive(ToSchema)]
pub enum MultiPolygonType {
    /// The only value.
    MultiPolygon,
}

/// The `type` member of a Feature.
#[derive(ToSchema)]
pub enum FeatureType {
    /// The only value.
    Feature,
}

/// The `type` member of a FeatureCollection.
#[derive(ToSchema)]
pub enum FeatureCollectionType {
    /// The only value.
    FeatureCollection,
}

/// A GeoJSON Polygon, WGS84: the outer ring, then the holes; each ring a
/// closed list of [longitude, latitude].
#[derive(ToSchema)]
pub struct Polygon {
    /// `Polygon`.
    #[schema(rename = "type", inline)]
    pub kind: PolygonType,
    /// The rings.
    pub coordinates: Vec<Vec<Vec<f64>>>,
}

/// A GeoJSON MultiPolygon, WGS84: polygons, each as a Polygon's coordinates.
#[derive(ToSchema)]
pub struct MultiPolygon {
    /// `MultiPolygon`.
    #[schema(rename = "type", inline)]
    pub kind: MultiPolygonType,
    /// The polygons.
    pub coordinates: Vec<Vec<Vec<Vec<f64>>>>,
}

/// A Polygon or a MultiPolygon.
pub struct Polygonal;

impl PartialSchema for Polygonal {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(Ref::from_schema_name(Polygon::name()))
            .item(Ref::from_schema_name(MultiPolygon::name()))
            .description(Some("A GeoJSON Polygon or MultiPolygon, WGS84."))
            .into()
    }
}

impl ToSchema for Polygonal {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((Polygon::name().into(), Polygon::schema()));
        schemas.push((MultiPolygon::name().into(), MultiPolygon::schema()));
    }
}

/// A GeoJSON Feature with a polygonal geometry and properties `P`.
#[derive(ToSchema)]
pub struct Feature<P> {
    /// `Feature`.
    #[schema(rename = "type", inline)]
    pub kind: FeatureType,
    /// The feature's id, when it has one (never null).
    #[schema(nullable = false)]
    pub id: Option<String>,
    /// Its geometry; null when it has none.
    #[schema(required = true)]
    pub geometry: Option<Polygonal>,
    /// Its attributes.
    #[schema(inline)]
    pub properties: P,
}

/// A GeoJSON FeatureCollection of polygonal features with properties `P`.
#[derive(ToSchema)]
pub struct FeatureCollection<P> {
    /// `FeatureCollection`.
    #[schema(rename = "type", inline)]
    pub kind: FeatureCollectionType,
    /// The features.
    pub features: Vec<Feature<P>>,
}

/// An area sent in a request: a Polygon or MultiPolygon, bare or as the
/// geometry of a Feature (whose properties are ignored).
pub struct SentArea;

impl PartialSchema for SentArea {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(Ref::from_schema_name(Polygon::name()))
            .item(Ref::from_schema_name(MultiPolygon::name()))
            .item(Ref::from_schema_name(SENT_FEATURE))
            .description(Some(
                "A GeoJSON Polygon or MultiPolygon (WGS84), bare or as a Feature's geometry.",
            ))
            .into()
    }
}

impl ToSchema for SentArea {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        Polygonal::schemas(schemas);
        schemas.push((SENT_FEATURE.into(), SentFeature::schema()));
    }
}

/// A Feature sent as an area: its properties are whatever the sender had.
type SentFeature = Feature<serde_json::Value>;

/// The schema name of [`SentFeature`] (a generic's own name leaves out its argument).
const SENT_FEATURE: &str = "AreaFeature";
