//! `rscloud import sites THEME FILE [--batch B]`: real infrastructure published as points,
//! turned into spots: steel plants of Global Energy Monitor's Global Iron and Steel Tracker
//! (theme `steelplant`) and wind and solar plants of WRI's Global Power Plant Database
//! (themes `windmill` and `pvland`), both CC BY 4.0. The table is told by its columns (the
//! GEM map file's `gem_plant_id`, …; the WRI China source table's `wri_plant_id`, …).
//!
//! Each point becomes a square site centred on it whose area grows with capacity (see
//! [`site_area_m2`]); the name, capacity and (steel) production route are kept, what the
//! table does not say (turbine count, panel area) stays empty, and the attribution with the
//! plant's id goes into `source`. Rows with nothing on the ground (GEM announced or
//! cancelled plants), of another fuel (WRI), without coordinates, or outside every imported
//! county (offshore, abroad) are skipped and counted; any other bad row refuses the file.

use std::path::Path;

use geo::GeodesicArea;
use geo_types::{Coord, LineString, MultiPolygon, Polygon};

use super::import::{MAX_SPOTS, SpotImportError, county_at, read_bounded};
use super::model::{Attrs, SpotRecord};
use super::theme::ThemeName;
use crate::region::index::RegionIndex;

/// The published tables a site can come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Global Energy Monitor, Global Iron and Steel Tracker (map file layout).
    Gem,
    /// WRI Global Power Plant Database, China source table.
    Wri,
}

impl Source {
    /// The attribution CC BY 4.0 asks for.
    pub const fn attribution(self) -> &'static str {
        match self {
            Self::Gem => "Global Energy Monitor, Global Iron and Steel Tracker, CC BY 4.0",
            Self::Wri => {
                "Global Energy Observatory, Google, KTH, Enipedia, WRI: Global Power Plant Database, CC BY 4.0"
            }
        }
    }

    /// The batch of a table's sites when none is given: the GEM map file of 2025-03-25
    /// (steel batches are dates), and the quarter the WRI China table was last changed in
    /// (2020-02-05; wind and PV batches are quarters).
    pub const fn default_batch(self) -> &'static str {
        match self {
            Self::Gem => "20250325",
            Self::Wri => "2020Q1",
        }
    }

    /// Whether the table's plants belong to `theme`: GEM's to steel, WRI's (by fuel) to wind
    /// and PV.
    fn feeds(self, theme: ThemeName) -> bool {
        matches!(
            (self, theme),
            (Self::Gem, ThemeName::Steelplant)
                | (Self::Wri, ThemeName::Windmill | ThemeName::Pvland)
        )
    }
}

/// One site read from a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    /// Where it is in the table (第 n 行).
    pub at: String,
    /// The table's plant id.
    pub id: String,
    /// Its name (GEM's Chinese name where it has one).
    pub name: String,
    /// Longitude, WGS84.
    pub lon: f64,
    /// Latitude, WGS84.
    pub lat: f64,
    /// MW (wind, solar) or thousand tonnes a year (steel); `None` when the table says 0 or
    /// nothing (GEM gives no capacity for retired plants).
    pub capacity: Option<f64>,
    /// Steel production route, in Chinese.
    pub route: Option<String>,
    /// The change category the table's status stands for.
    pub change: u8,
}

/// The sites of a table for a theme, and the rows left out with the reason.
#[derive(Debug)]
pub struct Sites {
    /// Which table it is.
    pub source: Source,
    /// The sites of the theme.
    pub sites: Vec<Site>,
    /// Rows left out: where, and why.
    pub skipped: Vec<(String, String)>,
}

/// Land a site takes per unit of capacity, m²: about 2 ha per MW of ground-mounted PV (panel
/// rows with their spacing), about 0.3 km² per MW for the spread of a wind farm's turbines,
/// about 1 km² per million tonnes a year of steel works.
const fn land_per_capacity(theme: ThemeName) -> f64 {
    match theme {
        ThemeName::Pvland => 20_000.0,
        ThemeName::Windmill => 300_000.0,
        _ => 1_000.0,
    }
}

/// The smallest site drawn (unknown or tiny capacity): 1 ha of PV, 1 km² of wind farm, 10 ha
/// of steel works.
const fn min_site_area(theme: ThemeName) -> f64 {
    match theme {
        ThemeName::Pvland => 10_000.0,
        ThemeName::Windmill => 1_000_000.0,
        _ => 100_000.0,
    }
}

/// A site's area, m². Land grows about in proportion to capacity (panels per MW, turbine
/// spacing per MW, furnaces and mills per tonne), so the area is linear in capacity and the
/// square's side grows with its square root.
pub fn site_area_m2(theme: ThemeName, capacity: Option<f64>) -> f64 {
    (capacity.unwrap_or(0.0) * land_per_capacity(theme)).max(min_site_area(theme))
}

/// Metres per degree of latitude.
const M_PER_DEGREE: f64 = 111_320.0;

/// A square of `area_m2` centred on a point, north up: the point gives no shape or
/// orientation, and a square is the least surprising stand-in.
pub fn square(lon: f64, lat: f64, area_m2: f64) -> MultiPolygon<f64> {
    let half = area_m2.sqrt() / 2.0;
    let dy = half / M_PER_DEGREE;
    let dx = half / (M_PER_DEGREE * lat.to_radians().cos().max(0.01));
    let c = |x: f64, y: f64| Coord {
        x: lon + x * dx,
        y: lat + y * dy,
    };
    let ring = vec![
        c(-1.0, -1.0),
        c(1.0, -1.0),
        c(1.0, 1.0),
        c(-1.0, 1.0),
        c(-1.0, -1.0),
    ];
    MultiPolygon(vec![Polygon::new(LineString(ring), Vec::new())])
}

/// A site's outline: the square of its theme and capacity.
pub fn footprint(theme: ThemeName, site: &Site) -> MultiPolygon<f64> {
    square(site.lon, site.lat, site_area_m2(theme, site.capacity))
}

/// GEM production methods in Chinese; others are kept as the table writes them.
fn route_zh(method: &str) -> String {
    match method {
        "Integrated (BF)" => "长流程（高炉-转炉）",
        "Integrated (DRI)" => "长流程（直接还原铁）",
        "Integrated (BF and DRI)" => "长流程（高炉与直接还原铁）",
        "Integrated (unknown)" => "长流程",
        "Ironmaking (BF)" => "炼铁（高炉）",
        "Electric" => "短流程（电炉）",
        "Oxygen" => "转炉炼钢",
        other => other,
    }
    .to_owned()
}

/// The change category of a GEM status, or why the plant is not on the ground.
fn gem_change(status: &str) -> Result<u8, &'static str> {
    match status {
        "operating" => Ok(0),
        "construction" => Ok(1),
        "retired" => Ok(2),
        // Idle or being phased out: standing, partly out of use.
        "operating-pre-retirement" | "mothballed" => Ok(3),
        "announced" | "cancelled" => Err("尚未建设（announced/cancelled）"),
        _ => Err("状态未知"),
    }
}

/// Reads a GEM or WRI table's sites of `theme`; `file` names the table in messages.
pub fn read_sites(theme: ThemeName, file: &Path, bytes: &[u8]) -> Result<Sites, SpotImportError> {
    let whole = |m: String| SpotImportError::file(file, m);
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let headers = reader
        .headers()
        .map_err(|e| whole(format!("CSV 无法解析：{e}")))?
        .clone();
    let column = |name: &str| headers.iter().position(|h| h == name);
    let source = if column("gem_plant_id").is_some() {
        Source::Gem
    } else if column("wri_plant_id").is_some() {
        Source::Wri
    } else {
        return Err(whole(
            "不是 GEM 全球钢铁厂追踪（gem_plant_id）或 WRI 全球电厂数据库（wri_plant_id）的 CSV"
                .into(),
        ));
    };
    if !source.feeds(theme) {
        return Err(whole(format!(
            "{} 的点位不属于{}（GEM 钢铁厂用于 steelplant，WRI 风电、光伏用于 windmill、pvland）",
            match source {
                Source::Gem => "GEM",
                Source::Wri => "WRI",
            },
            theme.theme().title
        )));
    }
    let required = |name: &str| column(name).ok_or_else(|| whole(format!("CSV 缺少 {name} 列")));
    let (id, lat, lon) = match source {
        Source::Gem => (
            required("gem_plant_id")?,
            required("lat")?,
            required("lon")?,
        ),
        Source::Wri => (
            required("wri_plant_id")?,
            required("lat")?,
            required("lon")?,
        ),
    };
    let mut out = Sites {
        source,
        sites: Vec::new(),
        skipped: Vec::new(),
    };
    for record in reader.records() {
        let record = record.map_err(|e| whole(format!("CSV 无法解析：{e}")))?;
        let at = format!("第 {} 行", record.position().map_or(0, csv::Position::line));
        if out.sites.len() + out.skipped.len() >= MAX_SPOTS {
            return Err(whole(format!("超过 {} 行，已拒绝", MAX_SPOTS)));
        }
        let get = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or_default();
        let bad = |m: String| SpotImportError::record(file, &at, m);
        let number = |name: &str| -> Result<Option<f64>, SpotImportError> {
            let t = get(column(name));
            if t.is_empty() {
                return Ok(None);
            }
            match t.parse::<f64>() {
                Ok(n) if n.is_finite() && n >= 0.0 => Ok(Some(n)),
                _ => Err(bad(format!("{name} {t} 不是非负数"))),
            }
        };
        let (change, capacity, name, route) = match source {
            Source::Gem => {
                let status = get(column("status"));
                let change = match gem_change(status) {
                    Ok(c) => c,
                    Err(why) => {
                        out.skipped.push((at, why.to_owned()));
                        continue;
                    }
                };
                let capacity = if change == 1 {
                    number("construction_crude_steel_capacity_ttpa")?
                } else {
                    number("operating_crude_steel_capacity_ttpa")?
                        .filter(|c| *c > 0.0)
                        .map_or_else(|| number("operating_iron_capacity_ttpa"), |c| Ok(Some(c)))?
                };
                let name = [get(column("name_zh")), get(column("name_en"))]
                    .into_iter()
                    .find(|n| !n.is_empty())
                    .unwrap_or_default();
                let method = get(column("production_method"));
                let route = (!method.is_empty()).then(|| route_zh(method));
                (change, capacity, name, route)
            }
            Source::Wri => {
                let fuel = get(column("fuel"));
                let wanted = if theme == ThemeName::Windmill {
                    "Wind"
                } else {
                    "Solar"
                };
                if fuel != wanted {
                    out.skipped
                        .push((at, format!("燃料为 {fuel}，不属于本专题")));
                    continue;
                }
                (0, number("capacity_mw")?, get(column("name")), None)
            }
        };
        let (lat_text, lon_text) = (get(Some(lat)), get(Some(lon)));
        if lat_text.is_empty() || lon_text.is_empty() {
            out.skipped.push((at, "没有坐标".into()));
            continue;
        }
        let (Ok(y), Ok(x)) = (lat_text.parse::<f64>(), lon_text.parse::<f64>()) else {
            return Err(bad(format!("坐标 ({lon_text}, {lat_text}) 不是数字")));
        };
        if !((-180.0..=180.0).contains(&x) && (-85.0..=85.0).contains(&y)) {
            return Err(bad(format!("坐标 ({x}, {y}) 不是经纬度")));
        }
        if name.chars().count() > 200 {
            return Err(bad("名称超过 200 个字".into()));
        }
        out.sites.push(Site {
            id: get(Some(id)).to_owned(),
            name: name.to_owned(),
            lon: x,
            lat: y,
            capacity: capacity.filter(|c| *c > 0.0),
            route,
            change,
            at,
        });
    }
    Ok(out)
}

/// A site as a spot of `theme`'s `batch` in `county`, from the file `file_name`.
pub fn spot(
    theme: ThemeName,
    source: Source,
    site: &Site,
    batch: &str,
    county: String,
    file_name: &str,
) -> SpotRecord {
    let geom = footprint(theme, site);
    let mut attrs = Attrs {
        name: Some(site.name.clone()).filter(|n| !n.is_empty()),
        ..Attrs::default()
    };
    if theme == ThemeName::Steelplant {
        attrs.capacity_kt = site.capacity;
        attrs.route = site.route.clone();
    } else {
        attrs.capacity_mw = site.capacity;
    }
    SpotRecord {
        theme,
        batch: batch.to_owned(),
        tblx: None,
        xzqdm: county,
        file_name: file_name.to_owned(),
        area_m2: geom.geodesic_area_unsigned(),
        geom,
        change: site.change,
        before_image: None,
        after_image: None,
        attrs,
        source: Some(format!("{}（{}）", source.attribution(), site.id)),
        demo: false,
    }
}

/// A table's sites as spots, and the rows left out.
#[derive(Debug)]
pub struct SiteSpots {
    /// The spots, in table order.
    pub spots: Vec<SpotRecord>,
    /// Rows left out: where, and why.
    pub skipped: Vec<(String, String)>,
}

/// A table's sites as spots: reads, checks the batch (default the table's, see
/// [`Source::default_batch`]) and finds each site's county among the imported regions.
pub fn read(
    path: &Path,
    theme: ThemeName,
    batch: Option<&str>,
    regions: &RegionIndex,
) -> Result<SiteSpots, SpotImportError> {
    let whole = |m: String| SpotImportError::file(path, m);
    let bytes = read_bounded(path)?;
    let table = read_sites(theme, path, &bytes)?;
    let batch = batch.unwrap_or(table.source.default_batch());
    let kind = theme.theme().batches;
    if kind.type_name(batch).is_none() {
        return Err(whole(format!("批次 {batch} 不是本专题的批次形式")));
    }
    if regions.is_empty() {
        return Err(whole(
            "尚未导入行政区（rscloud import regions），无法确定点位所在区县".into(),
        ));
    }
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut skipped = table.skipped;
    let mut spots = Vec::with_capacity(table.sites.len());
    for site in &table.sites {
        match county_at(regions, site.lon, site.lat) {
            Some(county) => spots.push(spot(theme, table.source, site, batch, county, &file_name)),
            None => skipped.push((
                site.at.clone(),
                "不在任何已导入的区县内（海上或境外）".into(),
            )),
        }
    }
    Ok(SiteSpots { spots, skipped })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_square_grows_in_area_with_capacity_and_keeps_its_centre() {
        let small = square(114.3, 30.6, 1_000_000.0);
        let big = square(114.3, 30.6, 4_000_000.0);
        let (a, b) = (small.geodesic_area_unsigned(), big.geodesic_area_unsigned());
        assert!((a / 1_000_000.0 - 1.0).abs() < 0.01, "{a}");
        assert!((b / a - 4.0).abs() < 0.01, "{b} vs {a}");
        let centre = geo::Centroid::centroid(&big).expect("centre");
        assert!((centre.x() - 114.3).abs() < 1e-9 && (centre.y() - 30.6).abs() < 1e-9);
        assert_eq!(site_area_m2(ThemeName::Pvland, Some(50.0)), 1_000_000.0);
        assert_eq!(site_area_m2(ThemeName::Steelplant, None), 100_000.0);
    }

    #[test]
    fn gem_statuses_are_change_categories_and_unbuilt_plants_are_skipped() {
        let csv = "gem_plant_id,name_en,name_zh,status,production_method,operating_crude_steel_capacity_ttpa,operating_iron_capacity_ttpa,construction_crude_steel_capacity_ttpa,lat,lon\n\
                   P1,A,甲,operating,Electric,0,800,0,30.6,114.3\n\
                   P2,B,,construction,Integrated (BF),0,0,3000,30.5,114.2\n\
                   P3,C,丙,announced,Electric,0,0,0,30.4,114.1\n\
                   P4,D,丁,retired,Integrated (BF),0,0,0,30.3,114.0\n";
        let sites =
            read_sites(ThemeName::Steelplant, Path::new("gem.csv"), csv.as_bytes()).expect("read");
        let got: Vec<_> = sites
            .sites
            .iter()
            .map(|s| (s.name.as_str(), s.change, s.capacity, s.route.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                ("甲", 0, Some(800.0), Some("短流程（电炉）")),
                ("B", 1, Some(3000.0), Some("长流程（高炉-转炉）")),
                ("丁", 2, None, Some("长流程（高炉-转炉）")),
            ]
        );
        assert_eq!(
            sites.skipped,
            [(
                "第 4 行".to_owned(),
                "尚未建设（announced/cancelled）".to_owned()
            )]
        );
        let wrong = read_sites(ThemeName::Windmill, Path::new("gem.csv"), csv.as_bytes())
            .expect_err("GEM is not wind");
        assert!(wrong.to_string().contains("不属于风电设施监测"), "{wrong}");
    }

    #[test]
    fn a_wri_row_of_another_fuel_is_skipped_and_a_bad_coordinate_refuses_the_table() {
        let header = "wri_plant_id,name,fuel,capacity_mw,lat,lon\n";
        let csv = format!(
            "{header}1,Wind A,Wind,49.5,44.1,122.4\n2,Coal B,Coal,600,30,114\n3,Wind C,Wind,30,,\n"
        );
        let sites =
            read_sites(ThemeName::Windmill, Path::new("wri.csv"), csv.as_bytes()).expect("read");
        assert_eq!(sites.sites.len(), 1);
        assert_eq!(sites.sites[0].capacity, Some(49.5));
        let reasons: Vec<&str> = sites.skipped.iter().map(|(_, r)| r.as_str()).collect();
        assert_eq!(reasons, ["燃料为 Coal，不属于本专题", "没有坐标"]);
        let bad = format!("{header}1,Wind A,Wind,49.5,north,122.4\n");
        let err = read_sites(ThemeName::Windmill, Path::new("wri.csv"), bad.as_bytes())
            .expect_err("bad latitude");
        assert_eq!(
            err.to_string(),
            "wri.csv：第 2 行：坐标 (122.4, north) 不是数字"
        );
    }
}
