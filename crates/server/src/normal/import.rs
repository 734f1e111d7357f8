//! `rscloud import scenes FILE`: scene metadata from a GeoJSON FeatureCollection,
//! one Polygon footprint per feature with the properties `sceneId`, `fileName`,
//! `satellite` and `sensor` (catalogue values), `acquiredAt` (RFC 3339),
//! `cloud` (percent) and optionally `resolution`, `productLevel`, `path`, `row`,
//! `quicklook`, `sizeMb`, `online`; or from a CSV file whose header names the
//! same fields plus `footprint`, a WKT POLYGON. Both go through one check per
//! scene; the error names the feature or record. A CSV file is read record by
//! record as the scenes are written (`store::insert_checked`), so a file of
//! millions of scenes is never held whole; the writer's transaction makes
//! the import all or nothing.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use geo::orient::{Direction, Orient};
use geo_types::Geometry;
use serde_json::{Map, Value};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::store::SceneRow;
use crate::catalogue;

/// Why a scene file was refused; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum SceneImportError {
    /// The file is unreadable or not a FeatureCollection.
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// One feature is unusable.
    #[error("{file}: feature {index} ({id}): {message}")]
    Feature {
        /// The file.
        file: String,
        /// Zero-based position.
        index: usize,
        /// Its scene id, if it has one.
        id: String,
        /// What is wrong.
        message: String,
    },
}

/// The scenes of a file, each read and checked when it is taken.
pub type Scenes = Box<dyn Iterator<Item = Result<SceneRow, SceneImportError>>>;

/// The scenes of a CSV (by its `.csv` extension) or GeoJSON file; an
/// unreadable file or header is refused here, a bad scene when it is taken.
pub fn read(path: &Path) -> Result<Scenes, SceneImportError> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
    {
        let scenes = CsvScenes::open(path)?;
        Ok(Box::new(read_ahead(scenes.file.clone(), scenes)))
    } else {
        read_geojson(path)
    }
}

/// Scenes read and checked ahead on a thread of their own, while the caller
/// writes the ones before: the two take about as long. They are handed over
/// in batches (one hand-over a scene costs more than reading it), at most
/// `BATCHES` waiting; the thread ends after the last scene, or when the
/// caller stops taking them.
fn read_ahead(
    file: String,
    mut scenes: impl Iterator<Item = Result<SceneRow, SceneImportError>> + Send + 'static,
) -> impl Iterator<Item = Result<SceneRow, SceneImportError>> {
    const BATCH: usize = 512;
    const BATCHES: usize = 4;
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<_>>(BATCHES);
    let spawned = std::thread::Builder::new()
        .name("scene-reader".into())
        .spawn(move || {
            loop {
                let batch: Vec<_> = scenes.by_ref().take(BATCH).collect();
                if batch.is_empty() || tx.send(batch).is_err() {
                    return;
                }
            }
        });
    let failed = spawned.err().map(|e| SceneImportError::File {
        file,
        message: format!("cannot start reading: {e}"),
    });
    failed.map(Err).into_iter().chain(rx.into_iter().flatten())
}

/// A scene's properties as either format gives them.
trait Properties {
    /// A text, trimmed; `None` when absent, empty or not a text.
    fn text(&self, key: &str) -> Option<String>;
    /// A number; `None` when absent or not a number.
    fn number(&self, key: &str) -> Option<f64>;
    /// A whole number; `None` when absent or not a whole number.
    fn integer(&self, key: &str) -> Option<i64>;
    /// A yes or no; `None` when absent.
    fn flag(&self, key: &str) -> Option<bool>;
}

impl Properties for Map<String, Value> {
    fn text(&self, key: &str) -> Option<String> {
        self.get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    }

    fn number(&self, key: &str) -> Option<f64> {
        self.get(key).and_then(Value::as_f64)
    }

    fn integer(&self, key: &str) -> Option<i64> {
        self.get(key).and_then(Value::as_i64)
    }

    fn flag(&self, key: &str) -> Option<bool> {
        self.get(key).and_then(Value::as_bool)
    }
}

/// CSV columns read as numbers (whole numbers stay whole, as `path` and `row` need).
const NUMBERS: [&str; 5] = ["cloud", "resolution", "path", "row", "sizeMb"];

/// The longest CSV record read, in bytes: a scene's footprint of thousands of
/// vertices fits many times over; a file without line ends is refused at
/// this size rather than read whole into memory.
const MAX_RECORD: u64 = 1 << 20;

/// Bytes the CSV reader reads ahead of the record it parses.
const CSV_BUFFER: usize = 1 << 16;

/// A CSV number as JSON would hold it: whole, or finite (`Null` otherwise:
/// JSON has no infinities), or `None` when the text is not a number.
enum Number {
    Whole(i64),
    Real(f64),
    Null,
}

fn number(value: &str) -> Option<Number> {
    if let Ok(whole) = value.parse::<i64>() {
        return Some(Number::Whole(whole));
    }
    let real = value.parse::<f64>().ok()?;
    Some(if real.is_finite() {
        Number::Real(real)
    } else {
        Number::Null
    })
}

/// One CSV record read as the GeoJSON feature it stands for: a property is
/// the last non-empty column of its name; `online` is true for true, 1 or
/// yes; the `NUMBERS` are numbers and the rest texts.
struct CsvRecord<'a> {
    headers: &'a [String],
    record: &'a csv::StringRecord,
}

impl CsvRecord<'_> {
    fn value(&self, key: &str) -> Option<&str> {
        (0..self.headers.len())
            .rev()
            .filter(|&i| self.headers[i] == key)
            .find_map(|i| self.record.get(i).filter(|v| !v.is_empty()))
    }

    /// A column of `NUMBERS` as a number; `None` for any other.
    fn number(&self, key: &str) -> Option<Number> {
        if !NUMBERS.contains(&key) {
            return None;
        }
        self.value(key).and_then(number)
    }
}

impl Properties for CsvRecord<'_> {
    fn text(&self, key: &str) -> Option<String> {
        if key == "online" || NUMBERS.contains(&key) {
            return None;
        }
        self.value(key).map(str::to_owned)
    }

    fn number(&self, key: &str) -> Option<f64> {
        match CsvRecord::number(self, key)? {
            Number::Whole(whole) => Some(whole as f64),
            Number::Real(real) => Some(real),
            Number::Null => None,
        }
    }

    fn integer(&self, key: &str) -> Option<i64> {
        match CsvRecord::number(self, key)? {
            Number::Whole(whole) => Some(whole),
            _ => None,
        }
    }

    fn flag(&self, key: &str) -> Option<bool> {
        if key != "online" {
            return None;
        }
        self.value(key)
            .map(|v| matches!(v.to_ascii_lowercase().as_str(), "true" | "1" | "yes"))
    }
}

/// The file, counted as the CSV reader takes it: refused once the reader has
/// gone further than `MAX_RECORD` (and its buffer) past the start of the
/// record it is reading.
struct Bounded<R> {
    inner: R,
    taken: u64,
    /// Where reading must stop, moved on at each record.
    limit: Arc<AtomicU64>,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.taken >= self.limit.load(Ordering::Relaxed) {
            return Err(std::io::Error::other(format!(
                "a record is longer than {} MiB",
                MAX_RECORD >> 20
            )));
        }
        let n = self.inner.read(buf)?;
        self.taken += n as u64;
        Ok(n)
    }
}

/// The scenes of a CSV file, read one record at a time.
struct CsvScenes {
    file: String,
    reader: csv::Reader<Bounded<std::fs::File>>,
    limit: Arc<AtomicU64>,
    headers: Vec<String>,
    record: csv::StringRecord,
    index: usize,
}

impl CsvScenes {
    fn open(path: &Path) -> Result<Self, SceneImportError> {
        let file = path.display().to_string();
        let whole = |message: String| SceneImportError::File {
            file: file.clone(),
            message,
        };
        let limit = Arc::new(AtomicU64::new(MAX_RECORD + CSV_BUFFER as u64));
        let bounded = Bounded {
            inner: std::fs::File::open(path).map_err(|e| whole(e.to_string()))?,
            taken: 0,
            limit: limit.clone(),
        };
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .buffer_capacity(CSV_BUFFER)
            .from_reader(bounded);
        let headers: Vec<String> = reader
            .headers()
            .map_err(|e| whole(e.to_string()))?
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').to_owned())
            .collect();
        if !headers.iter().any(|h| h == "footprint") {
            return Err(whole("CSV needs a footprint column (WKT POLYGON)".into()));
        }
        Ok(Self {
            file,
            reader,
            limit,
            headers,
            record: csv::StringRecord::new(),
            index: 0,
        })
    }

    /// The scene of the record just read (the `index`-th).
    fn scene(&self, index: usize) -> Result<SceneRow, SceneImportError> {
        let props = CsvRecord {
            headers: &self.headers,
            record: &self.record,
        };
        let bad = |message: String| SceneImportError::Feature {
            file: self.file.clone(),
            index,
            id: props.text("sceneId").unwrap_or_default(),
            message,
        };
        if let Some(name) = NUMBERS
            .iter()
            .find(|n| props.value(n).is_some_and(|v| number(v).is_none()))
        {
            return Err(bad(format!("{name} is not a number")));
        }
        let footprint = match props
            .value("footprint")
            .map(geo_kit::wkt::parse)
            .transpose()
        {
            Ok(Some(mut geometries)) if geometries.len() == 1 => geometries.pop().map(Ok),
            Ok(None) => None,
            Ok(Some(_)) => return Err(bad("the footprint must be one WKT POLYGON".into())),
            Err(e) => return Err(bad(e.to_string())),
        };
        scene(&self.file, index, &props, footprint)
    }
}

impl Iterator for CsvScenes {
    type Item = Result<SceneRow, SceneImportError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.limit.store(
            self.reader.position().byte() + MAX_RECORD + CSV_BUFFER as u64,
            Ordering::Relaxed,
        );
        match self.reader.read_record(&mut self.record) {
            Ok(false) => None,
            Err(e) => Some(Err(SceneImportError::File {
                file: self.file.clone(),
                message: e.to_string(),
            })),
            Ok(true) => {
                self.index += 1;
                Some(self.scene(self.index - 1))
            }
        }
    }
}

/// Reads every feature of a GeoJSON file; each is checked when it is taken.
fn read_geojson(path: &Path) -> Result<Scenes, SceneImportError> {
    let file = path.display().to_string();
    let whole = |message: String| SceneImportError::File {
        file: file.clone(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| whole(e.to_string()))?;
    let geojson::GeoJson::FeatureCollection(fc) = text
        .parse::<geojson::GeoJson>()
        .map_err(|e| whole(format!("not GeoJSON: {e}")))?
    else {
        return Err(whole("GeoJSON must be a FeatureCollection".into()));
    };
    Ok(Box::new(fc.features.into_iter().enumerate().map(
        move |(index, f)| {
            let footprint = f
                .geometry
                .map(|g| crate::vector::to_geo(g).map_err(|e| e.0));
            scene(&file, index, &f.properties.unwrap_or_default(), footprint)
        },
    )))
}

/// The checks of one scene, whichever format it came in; `footprint` is its
/// geometry, or why it could not be read.
fn scene(
    file: &str,
    index: usize,
    props: &impl Properties,
    footprint: Option<Result<Geometry<f64>, String>>,
) -> Result<SceneRow, SceneImportError> {
    let id = props.text("sceneId").unwrap_or_default();
    let bad = |message: String| SceneImportError::Feature {
        file: file.to_owned(),
        index,
        id: id.clone(),
        message,
    };
    if id.is_empty() {
        return Err(bad("no sceneId".into()));
    }
    let satellite = props
        .text("satellite")
        .ok_or_else(|| bad("no satellite".into()))?;
    let sensor = props
        .text("sensor")
        .ok_or_else(|| bad("no sensor".into()))?;
    let sensors = catalogue::sensors_of(&satellite)
        .ok_or_else(|| bad(format!("satellite {satellite} is not in the catalogue")))?;
    if !sensors.iter().any(|s| s.id == sensor) {
        return Err(bad(format!(
            "sensor {sensor} is not a sensor of {satellite}"
        )));
    }
    let when = props
        .text("acquiredAt")
        .ok_or_else(|| bad("no acquiredAt".into()))?;
    let acquired_at = OffsetDateTime::parse(&when, &Rfc3339)
        .map_err(|e| bad(format!("acquiredAt {when} is not RFC 3339: {e}")))?
        .unix_timestamp();
    let cloud = props
        .number("cloud")
        .ok_or_else(|| bad("no cloud".into()))?;
    if !(0.0..=100.0).contains(&cloud) {
        return Err(bad(format!("cloud {cloud} is not a percentage")));
    }
    let geometry = footprint.ok_or_else(|| bad("no footprint".into()))?;
    let footprint = match geometry.map_err(bad)? {
        Geometry::Polygon(p) if p.exterior().0.len() >= 4 => p.orient(Direction::Default),
        _ => return Err(bad("the footprint must be a Polygon".into())),
    };
    if footprint
        .exterior()
        .0
        .iter()
        .any(|c| !(-180.0..=180.0).contains(&c.x) || !(-90.0..=90.0).contains(&c.y))
    {
        return Err(bad(
            "footprint coordinates must be longitude/latitude degrees".into(),
        ));
    }
    Ok(SceneRow {
        fid: 0,
        file_name: props.text("fileName").unwrap_or_else(|| id.clone()),
        scene_id: id,
        satellite,
        sensor,
        acquired_at,
        cloud,
        resolution_m: props.number("resolution"),
        product_level: props.text("productLevel"),
        path: props.integer("path"),
        row: props.integer("row"),
        quicklook: props.text("quicklook"),
        size_mb: props.number("sizeMb"),
        online: props.flag("online").unwrap_or(true),
        demo: false,
        footprint,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("write");
        file
    }

    /// Every scene of a file, or the first refusal.
    fn read_all(path: &Path) -> Result<Vec<SceneRow>, SceneImportError> {
        read(path)?.collect()
    }

    #[test]
    fn a_csv_record_reads_as_the_geojson_feature_it_stands_for() {
        let dir = tempfile::tempdir().expect("tempdir");
        let csv = write(
            dir.path(),
            "scenes.csv",
            "\u{feff}sceneId,fileName,satellite,sensor,acquiredAt,cloud,resolution,path,row,online,footprint\n\
             GF1_A,GF1_A.tar.gz,GF1,PMS1,2025-03-01T03:00:00Z,12.5,2,612,88,false,\"POLYGON((114 30,115 30,115 31,114 31,114 30))\"\n",
        );
        let geojson = write(
            dir.path(),
            "scenes.geojson",
            r#"{"type": "FeatureCollection", "features": [{"type": "Feature",
                "properties": {"sceneId": "GF1_A", "fileName": "GF1_A.tar.gz", "satellite": "GF1", "sensor": "PMS1",
                  "acquiredAt": "2025-03-01T03:00:00Z", "cloud": 12.5, "resolution": 2, "path": 612, "row": 88, "online": false},
                "geometry": {"type": "Polygon", "coordinates": [[[114, 30], [115, 30], [115, 31], [114, 31], [114, 30]]]}}]}"#,
        );
        let from_csv = read_all(&csv).expect("csv");
        assert_eq!(from_csv, read_all(&geojson).expect("geojson"));
        assert_eq!(from_csv[0].path, Some(612));
        assert!(!from_csv[0].online);
    }

    #[test]
    fn a_bad_csv_record_is_named_with_the_reason() {
        let dir = tempfile::tempdir().expect("tempdir");
        let header = "sceneId,satellite,sensor,acquiredAt,cloud,footprint\n";
        let cases = [
            (
                "GF1_B,GF1,PMS1,2025-03-01T03:00:00Z,cloudy,\"POLYGON((114 30,115 30,115 31,114 30))\"",
                "feature 0 (GF1_B): cloud is not a number",
            ),
            (
                "GF1_C,GF1,PMS1,2025-03-01T03:00:00Z,1,\"POLYGON((114 30,115 30\"",
                "feature 0 (GF1_C): WKT 无法解析",
            ),
            (
                "GF1_D,GF1,PMS1,2025-03-01T03:00:00Z,1,\"LINESTRING(114 30,115 30)\"",
                "feature 0 (GF1_D): the footprint must be a Polygon",
            ),
        ];
        for (record, message) in cases {
            let file = write(dir.path(), "bad.csv", &format!("{header}{record}\n"));
            let err = read_all(&file).expect_err(record).to_string();
            assert!(err.contains(message), "{err}");
        }
        let no_footprint = write(dir.path(), "none.csv", "sceneId,cloud\nX,1\n");
        assert!(
            read_all(&no_footprint)
                .expect_err("no footprint column")
                .to_string()
                .contains("footprint column")
        );
    }

    /// The odd cases read as JSON would: a whole number stays whole (`path`
    /// 612.0 is no whole number), an infinity is no number, `online` is yes
    /// for YES, and of two columns of one name the last non-empty one counts.
    #[test]
    fn odd_csv_values_read_as_their_json_would() {
        let dir = tempfile::tempdir().expect("tempdir");
        let csv = write(
            dir.path(),
            "odd.csv",
            "sceneId,satellite,sensor,acquiredAt,cloud,resolution,path,row,online,sizeMb,sizeMb,footprint\n\
             GF1_E,GF1,PMS1,2025-03-01T03:00:00Z,15,inf,612.0,88,YES,1.5,,\"POLYGON((114 30,115 30,115 31,114 30))\"\n",
        );
        let geojson = write(
            dir.path(),
            "odd.geojson",
            r#"{"type": "FeatureCollection", "features": [{"type": "Feature",
                "properties": {"sceneId": "GF1_E", "satellite": "GF1", "sensor": "PMS1",
                  "acquiredAt": "2025-03-01T03:00:00Z", "cloud": 15, "resolution": null, "path": 612.0, "row": 88,
                  "online": true, "sizeMb": 1.5},
                "geometry": {"type": "Polygon", "coordinates": [[[114, 30], [115, 30], [115, 31], [114, 30]]]}}]}"#,
        );
        let from_csv = read_all(&csv).expect("csv");
        assert_eq!(from_csv, read_all(&geojson).expect("geojson"));
        let s = &from_csv[0];
        assert_eq!(
            (s.path, s.row, s.resolution_m, s.size_mb),
            (None, Some(88), None, Some(1.5))
        );
        assert!(s.online);
    }

    /// A record longer than `MAX_RECORD` (a file without line ends, say) is
    /// refused without being read whole; the records before it were read.
    #[test]
    fn an_overlong_csv_record_is_refused_before_it_is_read_whole() {
        let dir = tempfile::tempdir().expect("tempdir");
        let good =
            "GF1_F,GF1,PMS1,2025-03-01T03:00:00Z,1,\"POLYGON((114 30,115 30,115 31,114 30))\"\n";
        let long = format!(
            "GF1_G,GF1,PMS1,2025-03-01T03:00:00Z,1,\"POLYGON(({}114 30))\"\n",
            "114 30,".repeat(400_000)
        );
        let file = write(
            dir.path(),
            "long.csv",
            &format!("sceneId,satellite,sensor,acquiredAt,cloud,footprint\n{good}{long}"),
        );
        let mut scenes = read(&file).expect("header");
        assert!(scenes.next().is_some_and(|s| s.is_ok()));
        let err = scenes
            .next()
            .and_then(Result::err)
            .expect("refused")
            .to_string();
        assert!(err.contains("a record is longer than 1 MiB"), "{err}");
    }
}
