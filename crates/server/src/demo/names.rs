//! Scene names in the style of each mission: product ids, file names,
//! product levels and paths.

use geo_types::Coord;
use time::OffsetDateTime;

/// What a scene's names are made of.
pub(super) struct Names {
    pub(super) satellite: &'static str,
    pub(super) sensor: &'static str,
    pub(super) t: i64,
    pub(super) centre: Coord<f64>,
    pub(super) orbit_number: i64,
    pub(super) row: i64,
    pub(super) serial: u64,
}

impl Names {
    /// Product id, file name, product level and path in the style of the mission.
    pub(super) fn style(&self) -> (String, String, &'static str, i64) {
        let t = OffsetDateTime::from_unix_timestamp(self.t).unwrap_or(OffsetDateTime::UNIX_EPOCH);
        let day = format!("{:04}{:02}{:02}", t.year(), u8::from(t.month()), t.day());
        let clock = format!("{day}T{:02}{:02}{:02}", t.hour(), t.minute(), t.second());
        let (lon, lat) = (self.centre.x, self.centre.y);
        let (sat, sensor) = (self.satellite, self.sensor);
        match sat {
            "L5" | "L7" | "L8" | "L9" => {
                let prefix = match sat {
                    "L5" => "LT05",
                    "L7" => "LE07",
                    "L8" => "LC08",
                    _ => "LC09",
                };
                // WRS-2 has 233 paths; scenes are processed some days later.
                let path = self.orbit_number.rem_euclid(233) + 1;
                let later = OffsetDateTime::from_unix_timestamp(self.t + 9 * 86_400)
                    .unwrap_or(OffsetDateTime::UNIX_EPOCH);
                let id = format!(
                    "{prefix}_L1TP_{path:03}{:03}_{day}_{:04}{:02}{:02}_02_T1",
                    self.row,
                    later.year(),
                    u8::from(later.month()),
                    later.day()
                );
                (id.clone(), format!("{id}.tar"), "L1TP", path)
            }
            "S2A" | "S2B" | "S2C" => {
                let relative = self.orbit_number.rem_euclid(143) + 1;
                let id = format!(
                    "{sat}_MSIL1C_{clock}_N0511_R{relative:03}_T{}_{clock}",
                    mgrs_tile(lon, lat)
                );
                (id.clone(), format!("{id}.SAFE.zip"), "L1C", relative)
            }
            "S1A" | "S1B" | "S1C" => {
                let relative = self.orbit_number.rem_euclid(175) + 1;
                let stop = OffsetDateTime::from_unix_timestamp(self.t + 25)
                    .unwrap_or(OffsetDateTime::UNIX_EPOCH);
                let id = format!(
                    "{sat}_{sensor}_GRDH_1SDV_{clock}_{day}T{:02}{:02}{:02}_{:06}_{:06X}_{:04X}",
                    stop.hour(),
                    stop.minute(),
                    stop.second(),
                    self.orbit_number,
                    self.serial % 0xFF_FFFF,
                    self.serial % 0xFFFF
                );
                (id.clone(), format!("{id}.SAFE.zip"), "GRD", relative)
            }
            "GF3" | "GF3-02" | "GF3-03" => {
                let id = format!(
                    "{}_MYN_{sensor}_{:06}_E{lon:.1}_N{lat:.1}_{day}_L1A_HHHV_L1{:010}",
                    sat.replace('-', ""),
                    self.orbit_number,
                    self.serial
                );
                (id.clone(), format!("{id}.tar.gz"), "L1A", self.orbit_number)
            }
            "LT1A" | "LT1B" => {
                let id = format!(
                    "{sat}_MONO_KSC_{sensor}_{:06}_E{lon:.1}_N{lat:.1}_{day}_SLC_HH_L1A_{:010}",
                    self.orbit_number, self.serial
                );
                (id.clone(), format!("{id}.tar.gz"), "L1A", self.orbit_number)
            }
            _ => {
                let id = format!(
                    "{}_{sensor}_E{lon:.1}_N{lat:.1}_{day}_L1A{:010}",
                    sat.replace('-', ""),
                    self.serial
                );
                (id.clone(), format!("{id}.tar.gz"), "L1A", self.orbit_number)
            }
        }
    }
}

/// The Sentinel-2 (MGRS) tile holding a point, e.g. `50RKU`.
pub(super) fn mgrs_tile(lon: f64, lat: f64) -> String {
    const BANDS: &[u8] = b"CDEFGHJKLMNPQRSTUVWX";
    const ROWS: &[u8] = b"ABCDEFGHJKLMNPQRSTUV";
    const COLUMNS: [&[u8]; 3] = [b"ABCDEFGH", b"JKLMNPQR", b"STUVWXYZ"];
    let zone = (((lon + 180.0) / 6.0).floor() as i64).clamp(0, 59) + 1;
    let band = BANDS[(((lat + 80.0) / 8.0).floor() as usize).min(BANDS.len() - 1)] as char;
    // Transverse Mercator on the WGS84 ellipsoid to the second order in the
    // distance from the central meridian: enough to pick the 100 km square.
    let (a, e2, k0) = (6_378_137.0, 0.006_694_38, 0.9996);
    let phi = lat.to_radians();
    let dl = (lon - (zone as f64 * 6.0 - 183.0)).to_radians();
    let nu = a / (1.0 - e2 * phi.sin().powi(2)).sqrt();
    let arc = a
        * ((1.0 - e2 / 4.0 - 3.0 * e2 * e2 / 64.0) * phi
            - (3.0 * e2 / 8.0 + 3.0 * e2 * e2 / 32.0) * (2.0 * phi).sin()
            + 15.0 * e2 * e2 / 256.0 * (4.0 * phi).sin());
    let along = phi.cos() * dl;
    let easting = k0 * nu * (along + along.powi(3) / 6.0 * (1.0 - phi.tan().powi(2))) + 500_000.0;
    let northing = k0 * (arc + nu * phi.tan() * along * along / 2.0);
    let set = ((zone - 1) % 3) as usize;
    let column = COLUMNS[set][((easting / 100_000.0).floor() as usize).clamp(1, 8) - 1] as char;
    let shift = if zone % 2 == 0 { 5 } else { 0 };
    let row = ROWS[((northing / 100_000.0).floor() as usize + shift) % 20] as char;
    format!("{zone:02}{band}{column}{row}")
}
