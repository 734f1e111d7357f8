//! Vector tiles (MVT, Web Mercator XYZ) of every registered layer, made on
//! request from the features the layer gives for the tile's box, and the WMTS
//! capabilities document listing them.

use axum::extract::{Path, Query, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use geo::MapCoordsInPlace;
use geo_kit::mvt::{Layer as MvtLayer, Tile};
use geo_kit::tile::{DEFAULT_BUFFER, DEFAULT_EXTENT, TileId, TileTransform};
use geo_types::{Geometry, Point};
use serde::Deserialize;

use super::layers::{Detail, Layers, MAX_ZOOM, MapLayer, ViewParams};
use crate::api::Origin;
use crate::api::blocking;
use crate::error::AppError;
use crate::state::AppState;
use crate::usercenter::session::Caller;

/// `GET /ows/cloudPlatform/wmts/{layer}/{z}/{x}/{y}.pbf[?viewparams=key:value;…]`: 200
/// with the tile, 204 when nothing falls in it, 304 when the client's copy is current.
pub async fn tile(
    State(state): State<AppState>,
    Path((layer, z, x, y)): Path<(String, u8, u32, String)>,
    RawQuery(query): RawQuery,
    caller: Option<Caller>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let params = view_params(query.as_deref().unwrap_or_default())
        .ok_or_else(|| AppError::bad_request("viewparams 应为 键:值;键:值"))?;
    let y: u32 = y
        .strip_suffix(".pbf")
        .and_then(|y| y.parse().ok())
        .ok_or_else(|| AppError::NotFound("瓦片地址应为 {z}/{x}/{y}.pbf".into()))?;
    let (zooms, per_caller) = state
        .layers
        .get(&layer)
        .map(|l| (l.info().zooms.clone(), l.info().per_caller))
        .ok_or_else(|| AppError::NotFound(format!("图层不存在：{layer}")))?;
    if !zooms.contains(&z) {
        return Err(AppError::NotFound(format!(
            "缩放级别超出范围（{}–{}）",
            zooms.start(),
            zooms.end()
        )));
    }
    let id = TileId::new(z, x, y).map_err(|e| AppError::NotFound(format!("瓦片不存在：{e}")))?;
    let layers = state.layers.clone();
    let bytes = blocking(move || {
        Ok(layers
            .get(&layer)
            .map(|l| render(l, id, caller.as_ref(), &params))
            .unwrap_or_default())
    })
    .await?;
    if bytes.is_empty() {
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    let etag = format!("\"{:016x}\"", etag_hash(&bytes));
    let headers_out = [
        (
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/vnd.mapbox-vector-tile"),
        ),
        (
            header::CACHE_CONTROL,
            // A caller's tile is revalidated every time (its ETag answers 304),
            // so the browser never shows it to the next account logged in.
            HeaderValue::from_static(if per_caller {
                "private, no-cache"
            } else {
                "public, max-age=3600"
            }),
        ),
        (
            header::ETAG,
            HeaderValue::from_str(&etag).map_err(|e| AppError::Internal(e.into()))?,
        ),
    ];
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        return Ok((StatusCode::NOT_MODIFIED, headers_out).into_response());
    }
    Ok((headers_out, bytes).into_response())
}

/// The `viewparams` of a query string (empty when it has none); `None` when they, or the
/// query, cannot be read.
pub fn view_params(query: &str) -> Option<ViewParams> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).ok()?;
    match pairs
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("viewparams"))
    {
        Some((_, v)) => ViewParams::parse(v),
        None => Some(ViewParams::default()),
    }
}

/// The encoded tile of a layer; empty when it holds no feature. Features
/// with a label point are drawn again, as that point, in a `label` layer.
pub fn render(
    layer: &dyn MapLayer,
    id: TileId,
    caller: Option<&Caller>,
    params: &ViewParams,
) -> Vec<u8> {
    let transform = TileTransform::new(id, DEFAULT_EXTENT, DEFAULT_BUFFER);
    let bounds = transform.buffered_bounds_lonlat();
    let names: Vec<&str> = layer.info().attributes.iter().map(|a| a.name).collect();
    let mut shapes = MvtLayer::new(layer.info().name, DEFAULT_EXTENT);
    let mut labels = MvtLayer::new("label", DEFAULT_EXTENT);
    for feature in layer.features(&bounds, Detail::Zoom(id.z), caller, params) {
        let feature_id = feature.id.parse::<u64>().ok();
        let label = feature
            .label
            .and_then(|c| transform.project_clipped(&Geometry::Point(Point(c))));
        // The properties go to the label as they are, and to the shape as they are when
        // there is no label: a tile of thousands of small features copies no text.
        let (for_shape, for_label) = match label {
            Some(_) => (feature.properties.clone(), feature.properties),
            None => (feature.properties, Vec::new()),
        };
        // Clip in degrees first (a lon/lat box is a box in Web Mercator too), so
        // only what falls in the tile is projected.
        if let Some(mut clipped) = feature.geometry.clip(&bounds) {
            clipped.map_coords_in_place(|c| transform.pixel(c));
            shapes.add_feature(feature_id, &clipped, names.iter().copied().zip(for_shape));
        }
        if let Some(g) = label {
            labels.add_feature(feature_id, &g, names.iter().copied().zip(for_label));
        }
    }
    let mut tile = Tile::new();
    for l in [shapes, labels] {
        if !l.is_empty() {
            // Names are distinct, so adding cannot fail.
            let _ = tile.add_layer(l);
        }
    }
    if tile.is_empty() {
        Vec::new()
    } else {
        tile.encode()
    }
}

/// The tile's ETag: FNV-1a over eight bytes at a time (then the last few one by one), so
/// that a tile of hundreds of kilobytes costs a multiplication per word, not per byte.
fn etag_hash(bytes: &[u8]) -> u64 {
    let step = |h: u64, v: u64| (h ^ v).wrapping_mul(0x0100_0000_01b3);
    let words = bytes.chunks_exact(8);
    let tail = words.remainder();
    let h = words.fold(0xcbf2_9ce4_8422_2325, |h, w| {
        step(h, u64::from_le_bytes(w.try_into().unwrap_or_default()))
    });
    tail.iter().fold(h, |h, &b| step(h, u64::from(b)))
}

/// The OGC query of the capabilities document.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub struct OwsQuery {
    service: Option<String>,
    request: Option<String>,
}

/// `GET /ows/cloudPlatform/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`.
pub async fn capabilities(
    State(state): State<AppState>,
    Origin(origin): Origin,
    Query(q): Query<OwsQuery>,
) -> Result<Response, AppError> {
    let is =
        |v: &Option<String>, want: &str| v.as_deref().is_some_and(|s| s.eq_ignore_ascii_case(want));
    if !(is(&q.service, "WMTS") && is(&q.request, "GetCapabilities")) {
        return Err(AppError::bad_request(
            "仅支持 SERVICE=WMTS&REQUEST=GetCapabilities",
        ));
    }
    let base = format!("{origin}/ows/cloudPlatform/wmts");
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/xml; charset=utf-8"),
        )],
        capabilities_xml(&state.layers, &base),
    )
        .into_response())
}

/// The WMTS 1.0.0 capabilities: each layer, in the WebMercatorQuad matrix set.
pub fn capabilities_xml(layers: &Layers, base: &str) -> String {
    // Scale denominators of WebMercatorQuad (OGC 17-083r2): 559082264.0287178 / 2^z.
    let matrices: String = (0..=MAX_ZOOM)
        .map(|z| {
            let n = 1u32 << z;
            format!(
                "<TileMatrix><ows:Identifier>{z}</ows:Identifier><ScaleDenominator>{:.10}</ScaleDenominator>\
                 <TopLeftCorner>-20037508.3427892 20037508.3427892</TopLeftCorner><TileWidth>256</TileWidth>\
                 <TileHeight>256</TileHeight><MatrixWidth>{n}</MatrixWidth><MatrixHeight>{n}</MatrixHeight></TileMatrix>",
                559_082_264.028_717_8 / f64::from(n)
            )
        })
        .collect();
    let layers: String = layers
        .iter()
        .map(|layer| {
            let (name, title) = (layer.info().name, super::xml_escape(layer.info().title));
            let zooms = layer.info().zooms.clone();
            // A layer served at fewer zooms than the matrix set says which.
            let limits = if zooms == (0..=MAX_ZOOM) {
                String::new()
            } else {
                let each: String = zooms
                    .map(|z| {
                        let last = (1u32 << z) - 1;
                        format!(
                            "<TileMatrixLimits><TileMatrix>{z}</TileMatrix><MinTileRow>0</MinTileRow><MaxTileRow>{last}</MaxTileRow>\
                             <MinTileCol>0</MinTileCol><MaxTileCol>{last}</MaxTileCol></TileMatrixLimits>"
                        )
                    })
                    .collect();
                format!("<TileMatrixSetLimits>{each}</TileMatrixSetLimits>")
            };
            format!(
                "<Layer><ows:Title>{title}</ows:Title><ows:Identifier>{name}</ows:Identifier>\
                 <ows:WGS84BoundingBox><ows:LowerCorner>-180 -85.051129</ows:LowerCorner><ows:UpperCorner>180 85.051129</ows:UpperCorner></ows:WGS84BoundingBox>\
                 <Style isDefault=\"true\"><ows:Identifier>default</ows:Identifier></Style>\
                 <Format>application/vnd.mapbox-vector-tile</Format>\
                 <TileMatrixSetLink><TileMatrixSet>WebMercatorQuad</TileMatrixSet>{limits}</TileMatrixSetLink>\
                 <ResourceURL format=\"application/vnd.mapbox-vector-tile\" resourceType=\"tile\" template=\"{base}/{name}/{{TileMatrix}}/{{TileCol}}/{{TileRow}}.pbf\"/></Layer>"
            )
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
<ows:ServiceIdentification><ows:Title>rscloud cloudPlatform</ows:Title><ows:ServiceType>OGC WMTS</ows:ServiceType><ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
<Contents>{layers}<TileMatrixSet><ows:Identifier>WebMercatorQuad</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS><WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>{matrices}</TileMatrixSet></Contents>
</Capabilities>
"#
    )
}

#[cfg(test)]
mod tests {
    use geo_kit::Envelope;
    use geo_kit::mvt::decode::decode;

    use super::*;
    use crate::ows::layers::{Attribute, Feature, FeatureGeometry, GeometryKind, LayerInfo};
    use crate::usercenter::guard::region_in_ranges;

    /// A layer as the monitoring layers will be: points, each in a region,
    /// shown only to callers whose area ranges cover that region.
    struct Sites;

    /// What `site` is.
    const SITES: LayerInfo = LayerInfo::new(
        "site",
        "站点",
        GeometryKind::Point,
        &[Attribute::text("region")],
    )
    .per_caller()
    .zooms(2..=12);

    impl MapLayer for Sites {
        fn info(&self) -> &LayerInfo {
            &SITES
        }

        fn features<'a>(
            &'a self,
            _: &Envelope,
            _: Detail,
            caller: Option<&Caller>,
            _: &ViewParams,
        ) -> Vec<Feature<'a>> {
            let Some(caller) = caller else {
                return Vec::new();
            };
            [("420111", 114.4, 30.5), ("430102", 113.0, 28.2)]
                .into_iter()
                .filter(|(region, ..)| region_in_ranges(region, &caller.regions))
                .map(|(region, x, y)| Feature {
                    id: region.to_owned(),
                    geometry: FeatureGeometry::Owned(Geometry::Point(Point::new(x, y))),
                    label: None,
                    properties: vec![region.into()],
                })
                .collect()
        }
    }

    fn caller(regions: &[&str]) -> Caller {
        Caller {
            user_id: 1,
            username: "u".into(),
            permissions: Default::default(),
            regions: regions.iter().map(|s| s.to_string()).collect(),
            roles: Default::default(),
            push_nodes: Vec::new(),
            read_only: false,
            screen: None,
            token: "t".into(),
        }
    }

    #[test]
    fn a_registered_layer_is_drawn_for_each_caller_as_it_decides() {
        // The z4 tile over central China holds both sites.
        let id = TileId::containing(114.0, 29.0, 4);
        let mut layers = Layers::default();
        layers.register(Sites);
        let site = layers.get("site").expect("registered");
        let none = ViewParams::default();
        assert!(
            render(site, id, None, &none).is_empty(),
            "anonymous: nothing"
        );
        let regions = |c: &Caller| -> Vec<String> {
            let tile = decode(&render(site, id, Some(c), &none)).expect("MVT");
            let layer = tile.layer("site").expect("the layer, by its name");
            layer
                .features
                .iter()
                .filter_map(|f| f.property("region").map(|v| format!("{v:?}")))
                .collect()
        };
        let hubei = regions(&caller(&["420000"]));
        assert_eq!(hubei.len(), 1);
        assert!(hubei[0].contains("420111"), "{hubei:?}");
        assert_eq!(regions(&caller(&["100000"])).len(), 2);
    }

    #[test]
    fn a_tiles_etag_changes_with_any_byte_of_it() {
        // 19 bytes: two whole words and a tail of three.
        let tile: Vec<u8> = (0..19).collect();
        let base = etag_hash(&tile);
        for i in 0..tile.len() {
            let mut changed = tile.clone();
            changed[i] ^= 1;
            assert_ne!(etag_hash(&changed), base, "byte {i}");
        }
        assert_ne!(etag_hash(&tile[..18]), base, "one byte shorter");
        assert_eq!(etag_hash(&tile), base, "the same bytes, the same tag");
    }

    #[test]
    fn capabilities_list_registered_layers_and_the_zooms_of_a_narrower_one() {
        let mut layers = Layers::default();
        layers.register(Sites);
        let xml = capabilities_xml(&layers, "http://h/ows/cloudPlatform/wmts");
        assert!(xml.contains("<ows:Identifier>site</ows:Identifier>"));
        assert!(xml.contains(r#"template="http://h/ows/cloudPlatform/wmts/site/{TileMatrix}/{TileCol}/{TileRow}.pbf""#));
        let limits = xml.matches("<TileMatrixLimits>").count();
        assert_eq!(limits, 11, "zooms 2 to 12");
        assert!(xml.contains(
            "<TileMatrix>2</TileMatrix><MinTileRow>0</MinTileRow><MaxTileRow>3</MaxTileRow>"
        ));
    }
}
