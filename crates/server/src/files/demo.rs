//! Demo files, generated here and marked as demo: a few shared documents of
//! each fileShare category and a download for each software, so the pages
//! have something to list until editors upload the real ones. Other modules
//! store their own demo files (typical-image samples) through [`add`].

use std::io::Write;
use std::path::Path;

use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::kind::{self, Category};
use super::path_of;
use super::store::{self, FileRow};

/// A demo file to store.
#[derive(Debug, Clone)]
pub struct DemoFile<'a> {
    /// Its category.
    pub category: Category,
    /// What it belongs to; empty for none.
    pub owner: &'a str,
    /// Title shown.
    pub title: &'a str,
    /// File name, whose extension must match the bytes.
    pub name: &'a str,
    /// Version; empty for none.
    pub version: &'a str,
}

/// Stores a demo file in the files folder `dir` unless one of its category,
/// owner and name is stored already; true when stored. Bytes the category
/// does not take are an error of the caller's: `InvalidInput`.
pub fn add(
    conn: &Connection,
    dir: &Path,
    file: &DemoFile<'_>,
    bytes: &[u8],
    now: i64,
) -> std::io::Result<bool> {
    let io = std::io::Error::other;
    let category = file.category.code();
    if store::has_demo(conn, category, file.owner, file.name).map_err(io)? {
        return Ok(false);
    }
    let head = &bytes[..bytes.len().min(kind::HEAD)];
    let mime = kind::check(file.category, file.name, head)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let row = FileRow {
        id: 0,
        category: category.to_owned(),
        owner: file.owner.to_owned(),
        title: file.title.to_owned(),
        name: file.name.to_owned(),
        mime: mime.to_owned(),
        size: bytes.len() as i64,
        sha256: Sha256::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
        version: file.version.to_owned(),
        created_at: now,
        created_by: String::new(),
        demo: true,
    };
    std::fs::create_dir_all(dir)?;
    let tx = conn.unchecked_transaction().map_err(io)?;
    let id = store::add(&tx, &row).map_err(io)?;
    std::fs::write(path_of(dir, id), bytes)?;
    tx.commit().map_err(io)?;
    Ok(true)
}

/// A one-page PDF showing `lines` (ASCII) in Helvetica.
pub fn pdf(lines: &[&str]) -> Vec<u8> {
    let mut text = String::from("BT /F1 16 Tf 72 760 Td 22 TL\n");
    for line in lines {
        let escaped: String = line
            .chars()
            .filter(char::is_ascii)
            .flat_map(|c| match c {
                '(' | ')' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        text.push_str(&format!("({escaped}) Tj T*\n"));
    }
    text.push_str("ET");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{text}\nendstream", text.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// A zip holding one text file.
fn zip_of(name: &str, text: &str) -> std::io::Result<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file(name, zip::write::SimpleFileOptions::default())
        .map_err(std::io::Error::other)?;
    zip.write_all(text.as_bytes())?;
    Ok(zip.finish().map_err(std::io::Error::other)?.into_inner())
}

/// Shared documents: category, title, file name, and the PDF's lines.
const DOCUMENTS: &[(Category, &str, &str, &str)] = &[
    (
        Category::Application,
        "耕地非农化遥感监测应用案例（演示）",
        "application-farmland.pdf",
        "Application case: farmland conversion monitoring",
    ),
    (
        Category::Application,
        "光伏用地变化监测应用案例（演示）",
        "application-pv.pdf",
        "Application case: photovoltaic land monitoring",
    ),
    (
        Category::Application,
        "地表形变 InSAR 监测应用案例（演示）",
        "application-insar.pdf",
        "Application case: InSAR surface deformation",
    ),
    (
        Category::Course,
        "平台影像查询与订购操作教程（演示）",
        "course-image-query.pdf",
        "Course: image query and ordering",
    ),
    (
        Category::Course,
        "变化图斑核查与反馈操作教程（演示）",
        "course-spot-check.pdf",
        "Course: checking change spots in the field",
    ),
    (
        Category::Course,
        "QGIS 接入平台 WMTS 与 WFS 服务教程（演示）",
        "course-qgis.pdf",
        "Course: using the WMTS and WFS services in QGIS",
    ),
    (
        Category::Paper,
        "国产高分辨率卫星影像几何精度评价（演示）",
        "paper-geometry.pdf",
        "Paper: geometric accuracy of Chinese high-resolution imagery",
    ),
    (
        Category::Paper,
        "多源卫星影像年度覆盖统计方法（演示）",
        "paper-coverage.pdf",
        "Paper: yearly coverage statistics of multi-source imagery",
    ),
    (
        Category::Paper,
        "基于深度学习的风电设施提取（演示）",
        "paper-wind.pdf",
        "Paper: wind turbine extraction with deep learning",
    ),
];

/// The nine software packages (spec §2 /about/software): owner name as in the route.
pub const SOFTWARE: [&str; 9] = [
    "LandSIS",
    "LandGC",
    "LandDM",
    "SDP",
    "LandLaser",
    "LandSAR",
    "SatImage",
    "LandInfoExtra",
    "STSimu",
];

/// Stores the demo documents and software downloads not stored yet; how many.
pub fn store(conn: &Connection, dir: &Path, now: i64) -> std::io::Result<usize> {
    let mut made = 0;
    for (category, title, name, line) in DOCUMENTS {
        let bytes = pdf(&[
            line,
            "",
            "Demo document generated by rscloud for this platform.",
            "An editor replaces it from the console (file management).",
        ]);
        let file = DemoFile {
            category: *category,
            owner: "",
            title,
            name,
            version: "",
        };
        made += usize::from(add(conn, dir, &file, &bytes, now)?);
    }
    for software in SOFTWARE {
        let name = format!("{software}-1.0.0-demo.zip");
        let title = format!("{software} 安装包（演示）");
        let bytes = zip_of(
            "README.txt",
            &format!("{software} demo package generated by rscloud. Not a real installer.\n"),
        )?;
        let file = DemoFile {
            category: Category::Software,
            owner: software,
            title: &title,
            name: &name,
            version: "1.0.0",
        };
        made += usize::from(add(conn, dir, &file, &bytes, now)?);
    }
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_demo_pdf_has_a_cross_reference_table_that_points_at_its_objects() {
        let bytes = pdf(&["Hello (world)"]);
        let text = String::from_utf8(bytes).expect("ascii");
        assert!(text.starts_with("%PDF-1.4"));
        let xref: usize = text
            .rsplit("startxref\n")
            .next()
            .and_then(|t| t.lines().next())
            .and_then(|n| n.parse().ok())
            .expect("startxref");
        assert!(text[xref..].starts_with("xref"));
        for (i, line) in text[xref..].lines().skip(3).take(5).enumerate() {
            let at: usize = line[..10].parse().expect("offset");
            assert!(
                text[at..].starts_with(&format!("{} 0 obj", i + 1)),
                "{line}"
            );
        }
        assert!(text.contains("(Hello \\(world\\)) Tj"));
    }

    #[test]
    fn each_demo_file_is_stored_once() {
        let dir = std::env::temp_dir().join(format!("rscloud-files-demo-{}", std::process::id()));
        let conn = crate::db::memory();
        let first = store(&conn, &dir, 1_700_000_000).expect("store");
        assert_eq!(first, DOCUMENTS.len() + SOFTWARE.len());
        assert_eq!(store(&conn, &dir, 1_700_000_000).expect("again"), 0);
        let (rows, total) =
            store::list(&conn, Some("software"), Some("LandSIS"), 0, 10).expect("list");
        assert_eq!(total, 1);
        let on_disk = std::fs::read(path_of(&dir, rows[0].id)).expect("bytes");
        assert!(on_disk.starts_with(b"PK\x03\x04"));
        assert_eq!(on_disk.len() as i64, rows[0].size);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
