//! Delivery: where an order's product files are, the signed download links
//! that reach them without a session, and the link lists a user downloads
//! (plain, aria2 input, a resuming shell script).
//!
//! A link names its order and item and carries its expiry and an HMAC-SHA256
//! signature over the three with a key of this server's (kept in the
//! database, so links survive restarts). A link works while its signature
//! holds, its expiry has not passed, and its order is still delivered with
//! that expiry: withdrawing the order ends every link at once.

use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use serde::Deserialize;
use sha2::Sha256;
use utoipa::ToSchema;

use super::store::ItemRow;

/// Signs and checks download links.
pub struct Signer {
    key: [u8; 32],
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

/// The name of the signing key in the server's key table.
pub const KEY_NAME: &str = "delivery_links";

impl Signer {
    /// A signer with this key.
    pub fn new(key: [u8; 32]) -> Self {
        Self { key }
    }

    fn mac(&self, order_id: i64, item_id: i64, expires: i64) -> Hmac<Sha256> {
        // A 32-byte key always fits HMAC.
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(format!("{order_id}:{item_id}:{expires}").as_bytes());
        mac
    }

    /// The server's signer: its key is made on first start and kept in the
    /// database, so links handed out stay valid across restarts.
    pub async fn load(db: &crate::db::Db) -> anyhow::Result<Self> {
        let mut candidate = [0u8; 32];
        getrandom::fill(&mut candidate)
            .map_err(|e| anyhow::anyhow!("no randomness for the delivery key: {e}"))?;
        let stored = db
            .call(move |c| crate::usercenter::store::save_server_key(c, KEY_NAME, &candidate))
            .await?;
        let key: [u8; 32] = stored
            .try_into()
            .map_err(|_| anyhow::anyhow!("the stored delivery key is not 32 bytes"))?;
        Ok(Self::new(key))
    }

    /// The signature of a link.
    pub fn sign(&self, order_id: i64, item_id: i64, expires: i64) -> String {
        URL_SAFE_NO_PAD.encode(self.mac(order_id, item_id, expires).finalize().into_bytes())
    }

    /// Does `signature` sign this link? Compared in constant time.
    pub fn verify(&self, order_id: i64, item_id: i64, expires: i64, signature: &str) -> bool {
        let Ok(given) = URL_SAFE_NO_PAD.decode(signature) else {
            return false;
        };
        self.mac(order_id, item_id, expires)
            .verify_slice(&given)
            .is_ok()
    }

    /// The absolute download link of an item.
    pub fn link(&self, origin: &str, order_id: i64, item_id: i64, expires: i64) -> String {
        format!(
            "{origin}/api/order/v3/download/{order_id}/{item_id}?expires={expires}&sign={}",
            self.sign(order_id, item_id, expires)
        )
    }
}

/// A name safe as a file name on any system and in a shell word: letters,
/// digits, `.`, `-` and `_`; anything else becomes `_`, and a name of dots only
/// (`.`, `..`) is refused.
pub fn safe_name(name: &str) -> Option<String> {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    (!cleaned.is_empty() && !cleaned.chars().all(|c| c == '.') && cleaned.len() <= 255)
        .then_some(cleaned)
}

/// Where an item's product is found, relative to the delivery folder: the
/// file named as the scene's file name, when it is there.
pub fn existing_product(dir: &Path, item: &ItemRow) -> Option<String> {
    let name = safe_name(&item.file_name)?;
    (name == item.file_name && dir.join(&name).is_file()).then_some(name)
}

/// Where a demo scene's generated product goes, relative to the delivery folder.
pub fn demo_product(scene_id: &str) -> Option<String> {
    safe_name(scene_id).map(|n| format!("demo/{n}.png"))
}

/// Writes a file whole or not at all (a reader never sees half of it).
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let tmp: PathBuf = path.with_extension("part");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

/// The file name a delivered item is saved under.
pub fn saved_name(item: &ItemRow) -> String {
    let product = item.product_path.as_deref().unwrap_or(&item.file_name);
    let base = product.rsplit('/').next().unwrap_or(product);
    safe_name(base).unwrap_or_else(|| format!("item-{}", item.id))
}

/// The forms a link list comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ListFormat {
    /// One URL a line.
    Txt,
    /// aria2's input file (`aria2c -i`): each URL with its `out=` name.
    Aria2,
    /// A shell script that fetches each file with curl and resumes (`-C -`).
    Sh,
}

impl ListFormat {
    /// The suffix of the downloaded list.
    pub fn suffix(self) -> &'static str {
        match self {
            ListFormat::Txt => "txt",
            ListFormat::Aria2 => "aria2.txt",
            ListFormat::Sh => "sh",
        }
    }
}

/// One delivered file: its saved name and its link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    /// The file name to save it as.
    pub name: String,
    /// The signed link.
    pub url: String,
}

/// The link list of an order in `format`; `header` says in words what it is
/// and until when the links work.
pub fn link_list(format: ListFormat, header: &str, files: &[Download]) -> String {
    let mut out = String::new();
    match format {
        ListFormat::Txt => {
            for f in files {
                out.push_str(&f.url);
                out.push('\n');
            }
        }
        ListFormat::Aria2 => {
            out.push_str(&format!(
                "# {header}\n# 用法：aria2c -c -i 本文件（-c 续传未完成的文件）\n"
            ));
            for f in files {
                out.push_str(&format!("{}\n  out={}\n", f.url, f.name));
            }
        }
        ListFormat::Sh => {
            out.push_str(&format!(
                "#!/bin/sh\n# {header}\n# 用法：sh 本文件；中断后再次运行，已下载的部分会续传。\nset -e\n\
                 fetch() {{\n  echo \"下载 $1\"\n  curl -fL --retry 3 -C - -o \"$1\" \"$2\"\n}}\n"
            ));
            for f in files {
                // Names are safe_name's (no quotes); URLs carry no single quote.
                out.push_str(&format!("fetch '{}' '{}'\n", f.name, f.url));
            }
            out.push_str("echo \"全部下载完成\"\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signer() -> Signer {
        Signer::new([7; 32])
    }

    #[test]
    fn a_link_is_valid_only_for_its_order_item_and_expiry() {
        let s = signer();
        let sig = s.sign(5, 9, 1_800_000_000);
        assert!(s.verify(5, 9, 1_800_000_000, &sig));
        assert!(!s.verify(5, 10, 1_800_000_000, &sig), "another item");
        assert!(!s.verify(6, 9, 1_800_000_000, &sig), "another order");
        assert!(!s.verify(5, 9, 1_900_000_000, &sig), "a later expiry");
        assert!(
            !Signer::new([8; 32]).verify(5, 9, 1_800_000_000, &sig),
            "another key"
        );
        assert!(!s.verify(5, 9, 1_800_000_000, "not base64!"));
        assert!(!s.verify(5, 9, 1_800_000_000, ""));
        let link = s.link("http://h", 5, 9, 1_800_000_000);
        assert_eq!(
            link,
            format!("http://h/api/order/v3/download/5/9?expires=1800000000&sign={sig}")
        );
    }

    #[test]
    fn names_that_could_escape_the_folder_or_a_shell_word_are_made_safe() {
        assert_eq!(
            safe_name("GF1_PMS1_20260101.tar.gz").as_deref(),
            Some("GF1_PMS1_20260101.tar.gz")
        );
        assert_eq!(safe_name("../etc/passwd").as_deref(), Some(".._etc_passwd"));
        assert_eq!(safe_name("a'b; rm -rf").as_deref(), Some("a_b__rm_-rf"));
        assert_eq!(safe_name(".."), None);
        assert_eq!(safe_name(""), None);
    }

    #[test]
    fn the_script_resumes_and_the_aria2_list_names_each_file() {
        let files = [
            Download {
                name: "A.tar.gz".into(),
                url: "http://h/api/order/v3/download/1/1?expires=9&sign=x".into(),
            },
            Download {
                name: "B.png".into(),
                url: "http://h/api/order/v3/download/1/2?expires=9&sign=y".into(),
            },
        ];
        let txt = link_list(ListFormat::Txt, "订单", &files);
        assert_eq!(txt.lines().count(), 2);
        let sh = link_list(ListFormat::Sh, "订单", &files);
        assert!(sh.starts_with("#!/bin/sh\n"));
        assert!(sh.contains("curl -fL --retry 3 -C - -o \"$1\" \"$2\""));
        assert!(sh.contains("fetch 'B.png' 'http://h/api/order/v3/download/1/2?expires=9&sign=y'"));
        let aria = link_list(ListFormat::Aria2, "订单", &files);
        assert!(aria.contains("download/1/1?expires=9&sign=x\n  out=A.tar.gz\n"));
    }
}
