//! What may be uploaded where: the categories, the file types each takes, and
//! the type a file really is, read from its first bytes (never trusted from
//! its name or the browser's word alone).

/// A category of uploaded files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// 应用案例 (fileShare/application).
    Application,
    /// 培训教程 (fileShare/course).
    Course,
    /// 学术论文 (fileShare/paper).
    Paper,
    /// An image shown in a news item or page.
    Image,
    /// A news item's or page's attachment.
    Attachment,
    /// A software download (owner: the software's name).
    Software,
    /// A typical-image sample (owner: the typical-image page, e.g. `zy3/multispectral`).
    Typical,
}

/// Every category with its code.
pub const CATEGORIES: [(Category, &str); 7] = [
    (Category::Application, "application"),
    (Category::Course, "course"),
    (Category::Paper, "paper"),
    (Category::Image, "image"),
    (Category::Attachment, "attachment"),
    (Category::Software, "software"),
    (Category::Typical, "typical"),
];

/// Largest image (the `image` and `typical` categories), bytes.
pub const MAX_IMAGE: usize = 10 << 20;
/// Largest other file, bytes: a course video or an installer.
pub const MAX_FILE: usize = 200 << 20;

impl Category {
    /// The category of a code, e.g. `paper`.
    pub fn parse(code: &str) -> Option<Self> {
        CATEGORIES.iter().find(|(_, c)| *c == code).map(|(k, _)| *k)
    }

    /// Its code.
    pub fn code(self) -> &'static str {
        CATEGORIES
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("", |(_, c)| c)
    }

    /// Largest file it takes, bytes.
    pub fn max_bytes(self) -> usize {
        if self.images_only() {
            MAX_IMAGE
        } else {
            MAX_FILE
        }
    }

    fn images_only(self) -> bool {
        matches!(self, Self::Image | Self::Typical)
    }

    /// Whether it takes files of type `t`.
    pub fn takes(self, t: Type) -> bool {
        match self {
            Self::Image | Self::Typical => t.is_image(),
            Self::Software => !matches!(t, Type::Mp4),
            _ => !matches!(t, Type::Exe | Type::Deb),
        }
    }
}

/// A file type we accept, as its content shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    /// PNG image.
    Png,
    /// JPEG image.
    Jpeg,
    /// GIF image.
    Gif,
    /// WebP image.
    Webp,
    /// PDF document.
    Pdf,
    /// Zip archive, and the formats built on it (docx, xlsx, pptx, apk, kmz).
    Zip,
    /// OLE2 compound file: doc, xls, ppt, msi.
    Ole2,
    /// 7-Zip archive.
    SevenZip,
    /// RAR archive.
    Rar,
    /// Gzip (tar.gz).
    Gzip,
    /// MP4 video.
    Mp4,
    /// Windows executable.
    Exe,
    /// Debian package.
    Deb,
}

/// Extensions (lower-case), the content type each must have, and the MIME type served.
const EXTENSIONS: &[(&str, Type, &str)] = &[
    ("png", Type::Png, "image/png"),
    ("jpg", Type::Jpeg, "image/jpeg"),
    ("jpeg", Type::Jpeg, "image/jpeg"),
    ("gif", Type::Gif, "image/gif"),
    ("webp", Type::Webp, "image/webp"),
    ("pdf", Type::Pdf, "application/pdf"),
    ("zip", Type::Zip, "application/zip"),
    (
        "docx",
        Type::Zip,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ),
    (
        "xlsx",
        Type::Zip,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ),
    (
        "pptx",
        Type::Zip,
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ),
    ("apk", Type::Zip, "application/vnd.android.package-archive"),
    ("kmz", Type::Zip, "application/vnd.google-earth.kmz"),
    ("doc", Type::Ole2, "application/msword"),
    ("xls", Type::Ole2, "application/vnd.ms-excel"),
    ("ppt", Type::Ole2, "application/vnd.ms-powerpoint"),
    ("msi", Type::Ole2, "application/x-msi"),
    ("7z", Type::SevenZip, "application/x-7z-compressed"),
    ("rar", Type::Rar, "application/vnd.rar"),
    ("gz", Type::Gzip, "application/gzip"),
    ("tgz", Type::Gzip, "application/gzip"),
    ("mp4", Type::Mp4, "video/mp4"),
    (
        "exe",
        Type::Exe,
        "application/vnd.microsoft.portable-executable",
    ),
    ("deb", Type::Deb, "application/vnd.debian.binary-package"),
];

impl Type {
    /// Whether it is an image a browser shows.
    pub fn is_image(self) -> bool {
        matches!(self, Self::Png | Self::Jpeg | Self::Gif | Self::Webp)
    }

    /// The type whose signature `head` (the file's first bytes) starts with.
    pub fn sniff(head: &[u8]) -> Option<Self> {
        let starts = |sig: &[u8]| head.starts_with(sig);
        Some(if starts(b"\x89PNG\r\n\x1a\n") {
            Self::Png
        } else if starts(b"\xff\xd8\xff") {
            Self::Jpeg
        } else if starts(b"GIF87a") || starts(b"GIF89a") {
            Self::Gif
        } else if starts(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
            Self::Webp
        } else if starts(b"%PDF-") {
            Self::Pdf
        } else if starts(b"PK\x03\x04") || starts(b"PK\x05\x06") {
            Self::Zip
        } else if starts(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1") {
            Self::Ole2
        } else if starts(b"7z\xbc\xaf\x27\x1c") {
            Self::SevenZip
        } else if starts(b"Rar!\x1a\x07") {
            Self::Rar
        } else if starts(b"\x1f\x8b") {
            Self::Gzip
        } else if head.get(4..8) == Some(b"ftyp") {
            Self::Mp4
        } else if starts(b"MZ") {
            Self::Exe
        } else if starts(b"!<arch>\n") {
            Self::Deb
        } else {
            return None;
        })
    }
}

/// How many first bytes [`Type::sniff`] needs.
pub const HEAD: usize = 12;

/// The MIME type to serve a file named `name` whose first bytes are `head`
/// as, when `category` takes it; otherwise the Chinese refusal.
pub fn check(category: Category, name: &str, head: &[u8]) -> Result<&'static str, String> {
    let ext = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    let allowed = || {
        EXTENSIONS
            .iter()
            .filter(|(_, t, _)| category.takes(*t))
            .map(|(e, _, _)| *e)
            .collect::<Vec<_>>()
            .join("、")
    };
    let Some((_, claimed, mime)) = EXTENSIONS
        .iter()
        .find(|(e, t, _)| *e == ext && category.takes(*t))
    else {
        return Err(format!("不支持的文件类型，可上传：{}", allowed()));
    };
    if Type::sniff(head) != Some(*claimed) {
        return Err(format!("文件内容与扩展名 .{ext} 不符"));
    }
    Ok(mime)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn a_file_must_be_what_its_extension_says() {
        assert_eq!(check(Category::Image, "卫星.PNG", PNG), Ok("image/png"));
        assert_eq!(
            check(Category::Paper, "论文.pdf", b"%PDF-1.7\n%"),
            Ok("application/pdf")
        );
        assert_eq!(
            check(Category::Image, "x.png", b"<html><script>"),
            Err("文件内容与扩展名 .png 不符".into())
        );
        // An HTML page renamed is neither an image nor a document.
        assert!(check(Category::Attachment, "x.html", b"<html>").is_err());
        assert!(check(Category::Paper, "x", b"%PDF-").is_err());
    }

    #[test]
    fn each_category_takes_its_own_types() {
        assert!(check(Category::Image, "a.pdf", b"%PDF-1.4").is_err());
        assert!(check(Category::Typical, "a.jpg", b"\xff\xd8\xff\xe0").is_ok());
        assert!(check(Category::Software, "setup.exe", b"MZ\x90\0").is_ok());
        let refused = check(Category::Paper, "setup.exe", b"MZ\x90\0").expect_err("exe");
        assert!(
            refused.starts_with("不支持的文件类型，可上传：png、"),
            "{refused}"
        );
        assert!(
            refused.contains("、pdf、") && !refused.contains("exe"),
            "{refused}"
        );
        assert!(check(Category::Course, "第一课.mp4", b"\0\0\0\x20ftypisom").is_ok());
        assert_eq!(Category::Image.max_bytes(), MAX_IMAGE);
        assert_eq!(Category::Course.max_bytes(), MAX_FILE);
        for (k, code) in CATEGORIES {
            assert_eq!(Category::parse(code), Some(k));
            assert_eq!(k.code(), code);
        }
    }
}
