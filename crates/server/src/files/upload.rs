//! An editor's upload: the form read field by field, the file streamed to a
//! temporary file in the files folder while its size is counted and its hash
//! taken, its type read from its first bytes, then recorded and moved to
//! `files/<id>`. A refused or broken upload leaves nothing behind.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::State;
use axum::extract::multipart::{Field, Multipart, MultipartRejection};
use serde_json::json;
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::kind::{self, Category, MAX_FILE};
use super::store::{self, FileRow};
use super::{FileInfo, audited, category, owner, path_of};
use crate::api::{ApiResult, Envelope, ok};
use crate::audit;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Longest title, characters.
const MAX_TITLE: usize = 200;
/// Longest version, characters.
const MAX_VERSION: usize = 50;
/// Longest file name kept, characters.
const MAX_NAME: usize = 200;
/// Largest text field of the form, bytes.
const MAX_FIELD: usize = 1024;

/// The body limit of the upload route: the largest file and the form around it.
pub const MAX_BODY: usize = MAX_FILE + (1 << 20);

/// A temporary file removed when dropped, unless kept.
pub struct Incoming(Option<PathBuf>);

impl Incoming {
    /// Moves it to `to`.
    pub fn keep(mut self, to: &Path) -> std::io::Result<()> {
        let from = self.0.take().expect("kept once");
        std::fs::rename(&from, to).inspect_err(|_| {
            let _ = std::fs::remove_file(&from);
        })
    }
}

impl Drop for Incoming {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// The file part of the form, on disk.
pub struct Received {
    /// The temporary file.
    pub incoming: Incoming,
    /// Its name as uploaded, cleaned.
    pub name: String,
    /// Bytes.
    pub size: usize,
    /// Its first bytes, for [`kind::Type::sniff`].
    pub head: Vec<u8>,
    /// SHA-256, hex.
    pub sha256: String,
}

/// The refusal of a file over `max` bytes.
pub fn too_large(max: usize) -> AppError {
    AppError::bad_request(format!("文件超过 {} MB", max >> 20))
}

/// A text field, refused beyond [`MAX_FIELD`] bytes before it is all read.
async fn small_text(mut field: Field<'_>) -> Result<String, AppError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await? {
        if bytes.len() + chunk.len() > MAX_FIELD {
            return Err(AppError::bad_request("表单字段过长"));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes).map_err(|_| AppError::bad_request("表单字段不是 UTF-8 文本"))
}

/// The name a download is saved under: the uploaded name without folders or
/// characters that break a header or a file system.
fn clean_name(raw: &str) -> Result<String, AppError> {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let name: String = base
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '<' | '>' | ':' | '*' | '?' | '|'))
        .take(MAX_NAME)
        .collect();
    let name = name.trim().trim_start_matches('.').to_owned();
    if name.is_empty() {
        return Err(AppError::bad_request("文件名无效"));
    }
    Ok(name)
}

static SEQUENCE: AtomicU64 = AtomicU64::new(0);

/// Streams the file part to a temporary file in `dir`, refusing it beyond `max` bytes (a
/// refused or broken upload leaves nothing behind). Spot verification photos come in this way.
pub async fn receive(dir: &Path, mut field: Field<'_>, max: usize) -> Result<Received, AppError> {
    let name = clean_name(field.file_name().unwrap_or_default())?;
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let temp = dir.join(format!(
        ".incoming-{}-{}",
        std::process::id(),
        SEQUENCE.fetch_add(1, Ordering::Relaxed)
    ));
    let mut out = tokio::fs::File::create(&temp)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let incoming = Incoming(Some(temp));
    let mut hash = Sha256::new();
    let mut head = Vec::with_capacity(kind::HEAD);
    let mut size = 0;
    while let Some(chunk) = field.chunk().await? {
        size += chunk.len();
        if size > max {
            return Err(too_large(max));
        }
        let need = kind::HEAD.saturating_sub(head.len()).min(chunk.len());
        head.extend_from_slice(&chunk[..need]);
        hash.update(&chunk);
        out.write_all(&chunk)
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
    }
    out.sync_all()
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(Received {
        incoming,
        name,
        size,
        head,
        sha256: hash.finalize().iter().map(|b| format!("{b:02x}")).collect(),
    })
}

/// Bounded text of a form field, or the Chinese refusal.
fn bounded(text: Option<String>, max: usize, what: &str) -> Result<String, AppError> {
    let t = text.unwrap_or_default().trim().to_owned();
    if t.chars().count() > max {
        return Err(AppError::bad_request(format!("{what}不能超过{max}个字")));
    }
    Ok(t)
}

/// Uploads a file: `file` (required), `category` (required), `owner`,
/// `title`, `version`. The type is read from the content and must match the
/// name's extension and the category; images up to 10 MB, other files up to 200 MB.
#[utoipa::path(
    post,
    path = "/api/share/v2/manage",
    tag = "files",
    request_body(content_type = "multipart/form-data", description = "Fields `category` (application, course, paper, image, attachment, software, typical), `owner`, `title`, `version`, then `file`"),
    responses(
        (status = 200, description = "The stored file", body = Envelope<FileInfo>),
        (status = 400, description = "No file, an empty or too large one, a type the category does not take, content unlike its extension, or a bad field", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 413, description = "The request is larger than any file allowed", body = ErrorEnvelope),
    )
)]
pub async fn upload_file(
    State(state): State<AppState>,
    caller: Caller,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<FileInfo> {
    let dir = state.config.files_path();
    let mut form = form?;
    let (mut cat, mut own, mut title, mut version) = (None, None, None, None);
    let mut received = None;
    while let Some(field) = form.next_field().await? {
        match field.name() {
            Some("file") => {
                if received.is_some() {
                    return Err(AppError::bad_request("一次只能上传一个文件"));
                }
                // The category sent before the file bounds it as it comes; one sent after, at the end.
                let max = cat.map_or(MAX_FILE, Category::max_bytes);
                received = Some(receive(&dir, field, max).await?);
            }
            Some("category") => cat = Some(category(small_text(field).await?.trim())?),
            Some("owner") => own = Some(small_text(field).await?),
            Some("title") => title = Some(small_text(field).await?),
            Some("version") => version = Some(small_text(field).await?),
            _ => {}
        }
    }
    let cat = cat.ok_or_else(|| AppError::bad_request("请选择文件类别"))?;
    let file = received.ok_or_else(|| AppError::bad_request("请选择要上传的文件"))?;
    if file.size == 0 {
        return Err(AppError::bad_request("文件为空"));
    }
    if file.size > cat.max_bytes() {
        return Err(too_large(cat.max_bytes()));
    }
    let mime = kind::check(cat, &file.name, &file.head).map_err(AppError::bad_request)?;
    let row = FileRow {
        id: 0,
        category: cat.code().to_owned(),
        owner: owner(&own.unwrap_or_default())?,
        title: bounded(title, MAX_TITLE, "标题")?,
        name: file.name,
        mime: mime.to_owned(),
        size: file.size as i64,
        sha256: file.sha256,
        version: bounded(version, MAX_VERSION, "版本")?,
        created_at: now_secs(),
        created_by: caller.username.clone(),
        demo: false,
    };
    let incoming = file.incoming;
    let stored = state
        .db
        .call(move |c| {
            let tx = c.transaction()?;
            let id = store::add(&tx, &row)?;
            let row = FileRow { id, ..row };
            audit::store::record(
                &tx,
                &audit::Entry {
                    actor: &caller,
                    action: "file.upload",
                    target: format!("file:{id}"),
                    before: None,
                    after: Some(json!({"file": audited(&row), "sha256": row.sha256})),
                },
                row.created_at,
            )?;
            // Moved into place before the record is committed: a record never names missing bytes.
            if let Err(e) = incoming.keep(&path_of(&dir, id)) {
                return Ok(Err(e));
            }
            tx.commit()?;
            Ok(Ok(row))
        })
        .await?
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(ok(stored.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_name_has_no_folders_or_header_breaking_characters() {
        assert_eq!(clean_name("C:\\报告\\年度.pdf").expect("win"), "年度.pdf");
        assert_eq!(clean_name("../../etc/passwd").expect("dots"), "passwd");
        assert_eq!(clean_name("a\"b\r\n.pdf").expect("quote"), "ab.pdf");
        assert_eq!(clean_name(".hidden.zip").expect("hidden"), "hidden.zip");
        assert!(clean_name("").is_err());
        assert!(clean_name("dir/").is_err());
        assert_eq!(
            clean_name(&"长".repeat(300)).expect("long").chars().count(),
            MAX_NAME
        );
    }
}
