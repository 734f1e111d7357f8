//! Reading members of a zip that someone else made, without trusting it: the
//! bytes actually inflated are counted against a cap, and a member that
//! inflates far beyond its compressed size (a zip bomb) is refused.

use std::io::{Read, Seek};

use super::VectorError;

/// Members inflating to more than this many times their compressed size are
/// refused; deflate's best case is about 1 000×, real shapefiles stay far below.
const MAX_RATIO: u64 = 200;

/// Members up to this size are never refused for their ratio (a small `.dbf`
/// of blank padding compresses very well).
const RATIO_FLOOR: u64 = 8 << 20;

/// An open zip and what may still be inflated from it.
pub struct Archive<R> {
    zip: zip::ZipArchive<R>,
    names: Vec<String>,
    remaining: u64,
    cap: u64,
}

impl<R: Read + Seek> Archive<R> {
    /// Opens a zip whose members together may inflate to at most `cap` bytes.
    pub fn open(reader: R, cap: u64) -> Result<Self, VectorError> {
        let zip = zip::ZipArchive::new(reader)
            .map_err(|e| VectorError(format!("不是有效的 zip 文件：{e}")))?;
        // Raw names: Chinese Windows tools write GBK names without saying so.
        let names = zip
            .file_names_raw()
            .map(|raw| match std::str::from_utf8(raw) {
                Ok(s) => s.to_owned(),
                Err(_) => encoding_rs::GBK.decode(raw).0.into_owned(),
            })
            .collect();
        Ok(Self {
            zip,
            names,
            remaining: cap,
            cap,
        })
    }

    /// The member names (folders and macOS resource forks left out).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names
            .iter()
            .map(String::as_str)
            .filter(|n| !n.ends_with('/') && !n.starts_with("__MACOSX/"))
    }

    /// The name of the member with this name ignoring case, if any.
    pub fn find(&self, name: &str) -> Option<&str> {
        self.names().find(|n| n.eq_ignore_ascii_case(name))
    }

    /// One member's bytes.
    pub fn read(&mut self, name: &str) -> Result<Vec<u8>, VectorError> {
        self.read_at_most(name, u64::MAX)
    }

    /// One member's bytes, refused beyond `max` (for small side files).
    pub fn read_at_most(&mut self, name: &str, max: u64) -> Result<Vec<u8>, VectorError> {
        let index = self
            .names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| VectorError(format!("压缩包中没有 {name}")))?;
        let entry = self
            .zip
            .by_index(index)
            .map_err(|e| VectorError(format!("无法读取压缩包中的 {name}：{e}")))?;
        let by_ratio = entry
            .compressed_size()
            .saturating_mul(MAX_RATIO)
            .max(RATIO_FLOOR);
        let allowance = self.remaining.min(by_ratio).min(max);
        let mut out = Vec::new();
        entry
            .take(allowance + 1)
            .read_to_end(&mut out)
            .map_err(|e| VectorError(format!("无法解压 {name}：{e}")))?;
        let inflated = out.len() as u64;
        if inflated > allowance {
            return Err(VectorError(if allowance == max {
                format!("{name} 过大（上限 {} KB），已拒绝", max >> 10)
            } else if allowance == self.remaining {
                format!("压缩包解压后超过 {} MB，已拒绝", self.cap >> 20)
            } else {
                format!("{name} 的压缩比异常（疑似压缩炸弹），已拒绝")
            }));
        }
        self.remaining -= inflated;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_of(name: &str, bytes: &[u8]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .expect("start");
        zip.write_all(bytes).expect("write");
        zip.finish().expect("finish").into_inner()
    }

    /// Bytes that do not compress: a linear congruential sequence.
    fn noise(n: usize) -> Vec<u8> {
        let mut x: u32 = 12345;
        (0..n)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (x >> 16) as u8
            })
            .collect()
    }

    #[test]
    fn inflated_bytes_are_counted_against_the_cap() {
        let bytes = zip_of("a.shp", &noise(2 << 20));
        let mut small = Archive::open(std::io::Cursor::new(&bytes), 1 << 20).expect("zip");
        let err = small.read("a.shp").expect_err("over the cap");
        assert_eq!(err.0, "压缩包解压后超过 1 MB，已拒绝");
        let mut big = Archive::open(std::io::Cursor::new(&bytes), 4 << 20).expect("zip");
        assert_eq!(
            big.read("A.SHP").map(|b| b.len()).ok(),
            None,
            "names are exact"
        );
        assert_eq!(big.find("A.SHP"), Some("a.shp"));
        assert_eq!(big.read("a.shp").map(|b| b.len()).ok(), Some(2 << 20));
    }

    #[test]
    fn a_member_inflating_a_thousandfold_is_refused() {
        let bytes = zip_of("bomb.dbf", &vec![0u8; 16 << 20]);
        let mut zip = Archive::open(std::io::Cursor::new(&bytes), 1 << 30).expect("zip");
        let err = zip.read("bomb.dbf").expect_err("a bomb");
        assert!(err.0.contains("压缩比异常"), "{err}");
        assert!(Archive::open(std::io::Cursor::new(b"not a zip"), 1 << 20).is_err());
    }
}
