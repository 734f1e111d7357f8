//! Login captchas: a four-character code drawn as an SVG picture, kept in memory
//! for a few minutes under the 32-character token the page made, and consumed by
//! the first check, right or wrong, so a code can never be guessed twice.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::AppError;

/// Characters a code is drawn from: no 0/O or 1/I to confuse people.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/// Characters in a code.
const CODE_LEN: usize = 4;
/// Length of the page's captcha token (spec §9).
pub const TOKEN_LEN: usize = 32;
/// How long a captcha stays valid.
const TTL: Duration = Duration::from_secs(5 * 60);
/// Captchas kept at once, so a flood of requests cannot exhaust memory.
const CAPACITY: usize = 20_000;
/// Live captchas one client address may hold: a new one beyond this replaces
/// that address's oldest, so one address can never crowd out another's.
pub const PER_ADDRESS: usize = 30;

/// The owner of a captcha: the client address that asked for it (none in
/// router-only tests, which share one owner).
type Owner = Option<IpAddr>;

/// A code handed out.
struct Pending {
    code: String,
    expires: Instant,
    owner: Owner,
}

/// The captchas by token, and each owner's tokens oldest first (each live
/// captcha is in its owner's queue exactly once).
#[derive(Default)]
struct Captchas {
    by_token: HashMap<String, Pending>,
    by_owner: HashMap<Owner, VecDeque<String>>,
}

impl Captchas {
    fn remove(&mut self, token: &str) -> Option<Pending> {
        let pending = self.by_token.remove(token)?;
        if let Some(queue) = self.by_owner.get_mut(&pending.owner) {
            queue.retain(|t| t != token);
            if queue.is_empty() {
                self.by_owner.remove(&pending.owner);
            }
        }
        Some(pending)
    }

    fn oldest_of(&self, owner: &Owner) -> Option<String> {
        self.by_owner.get(owner).and_then(|q| q.front()).cloned()
    }

    /// Keeps `token` for its owner, first making room: the owner's oldest
    /// beyond [`PER_ADDRESS`]; when the store is full, the expired ones, then
    /// the oldest of whoever holds the most.
    fn insert(&mut self, token: &str, pending: Pending, now: Instant) {
        self.remove(token);
        if self.by_owner.get(&pending.owner).map_or(0, VecDeque::len) >= PER_ADDRESS
            && let Some(oldest) = self.oldest_of(&pending.owner)
        {
            self.remove(&oldest);
        }
        if self.by_token.len() >= CAPACITY {
            let expired: Vec<String> = self
                .by_token
                .iter()
                .filter(|(_, p)| p.expires <= now)
                .map(|(t, _)| t.clone())
                .collect();
            for t in expired {
                self.remove(&t);
            }
        }
        if self.by_token.len() >= CAPACITY {
            let greediest = self
                .by_owner
                .iter()
                .max_by_key(|(_, q)| q.len())
                .and_then(|(_, q)| q.front())
                .cloned();
            if let Some(oldest) = greediest {
                self.remove(&oldest);
            }
        }
        self.by_owner
            .entry(pending.owner)
            .or_default()
            .push_back(token.to_owned());
        self.by_token.insert(token.to_owned(), pending);
    }
}

/// The captchas handed out and not yet used.
pub struct CaptchaStore {
    pending: Mutex<Captchas>,
    /// For automated tests only: the code every captcha gets.
    fixed: Option<String>,
}

impl CaptchaStore {
    /// An empty store; `fixed` makes every captcha accept that code (tests only).
    pub fn new(fixed: Option<String>) -> Self {
        Self {
            pending: Mutex::new(Captchas::default()),
            fixed,
        }
    }

    /// Makes a fresh code for `token` (replacing any earlier one), kept for the
    /// client address that asked, and returns its picture.
    pub fn issue(&self, token: &str, owner: Owner) -> Result<String, AppError> {
        check_token(token)?;
        let mut rng = Rng::seeded()?;
        // With a fixed code (tests only) a captcha is still issued, single use and
        // expiring; only its code is known in advance.
        let code: String = match &self.fixed {
            Some(fixed) => fixed.clone(),
            None => (0..CODE_LEN)
                .map(|_| char::from(ALPHABET[rng.below(ALPHABET.len())]))
                .collect(),
        };
        self.remember(token, code.clone(), owner, Instant::now())?;
        Ok(render_svg(&code, &mut rng))
    }

    fn remember(
        &self,
        token: &str,
        code: String,
        owner: Owner,
        now: Instant,
    ) -> Result<(), AppError> {
        let pending = Pending {
            code,
            expires: now + TTL,
            owner,
        };
        self.pending
            .lock()
            .map_err(|_| poisoned())?
            .insert(token, pending, now);
        Ok(())
    }

    /// Checks an answer (case-insensitive) and consumes the captcha either way.
    pub fn check(&self, token: &str, answer: &str) -> Result<bool, AppError> {
        let stored = self.pending.lock().map_err(|_| poisoned())?.remove(token);
        let answer = answer.trim();
        Ok(match stored {
            Some(p) => p.expires > Instant::now() && answer.eq_ignore_ascii_case(&p.code),
            None => false,
        })
    }
}

fn poisoned() -> AppError {
    AppError::Internal(anyhow::anyhow!("captcha store lock poisoned"))
}

/// A token must be exactly 32 ASCII letters or digits.
pub fn check_token(token: &str) -> Result<(), AppError> {
    if token.len() == TOKEN_LEN && token.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(AppError::bad_request("验证码标识无效，请刷新验证码"))
    }
}

/// xorshift64*: jitter for the picture only; codes come from it too, seeded from
/// the OS per captcha, which is plenty for a value that lives five minutes.
struct Rng(u64);

impl Rng {
    fn seeded() -> Result<Self, AppError> {
        let mut seed = [0u8; 8];
        getrandom::fill(&mut seed)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("no randomness: {e}")))?;
        Ok(Self(u64::from_le_bytes(seed) | 1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A float in [lo, hi).
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (self.next() >> 11) as f64 / (1u64 << 53) as f64 * (hi - lo)
    }
}

/// 5×7 dot-matrix glyphs, one row per byte (low five bits, leftmost pixel high).
fn glyph(c: u8) -> [u8; 7] {
    match c {
        b'2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        b'3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        b'4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        b'5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        b'6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        b'7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        b'8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        b'9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        b'A' => [0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11],
        b'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        b'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        b'D' => [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        b'E' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
        b'F' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        b'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        b'H' => [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        b'J' => [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        b'K' => [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        b'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        b'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        b'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        b'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        b'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        b'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        b'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        b'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        b'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        b'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        b'W' => [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
        b'X' => [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        b'Y' => [0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04],
        b'Z' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        _ => [0; 7],
    }
}

const WIDTH: f64 = 120.0;
const HEIGHT: f64 = 40.0;
const PIXEL: f64 = 4.0;

/// Draws the code as jittered, rotated dot-matrix glyphs over noise curves: no
/// text element, so the code is not in the markup.
fn render_svg(code: &str, rng: &mut Rng) -> String {
    let mut svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}"><rect width="100%" height="100%" fill="#f3f6fa"/>"##
    );
    for _ in 0..4 {
        svg.push_str(&format!(
            r#"<path d="M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}" stroke="{}" stroke-width="{:.1}" fill="none" opacity="0.7"/>"#,
            rng.range(0.0, 20.0),
            rng.range(5.0, HEIGHT - 5.0),
            rng.range(30.0, 90.0),
            rng.range(-10.0, HEIGHT + 10.0),
            rng.range(100.0, WIDTH),
            rng.range(5.0, HEIGHT - 5.0),
            colour(rng, 120, 200),
            rng.range(1.0, 2.2),
        ));
    }
    let cell = WIDTH / CODE_LEN as f64;
    for (i, c) in code.bytes().enumerate() {
        let x = i as f64 * cell + rng.range(4.0, 9.0);
        let y = rng.range(3.0, 8.0);
        let angle = rng.range(-18.0, 18.0);
        let skew = rng.range(-12.0, 12.0);
        let mut d = String::new();
        for (row, bits) in glyph(c).iter().enumerate() {
            for col in 0..5 {
                if bits & (0x10 >> col) != 0 {
                    let px = col as f64 * PIXEL + rng.range(-0.5, 0.5);
                    let py = row as f64 * PIXEL + rng.range(-0.5, 0.5);
                    d.push_str(&format!("M{px:.1} {py:.1}h{PIXEL}v{PIXEL}h-{PIXEL}z"));
                }
            }
        }
        svg.push_str(&format!(
            r#"<path transform="translate({x:.1} {y:.1}) rotate({angle:.1} 10 14) skewX({skew:.1})" d="{d}" fill="{}"/>"#,
            colour(rng, 20, 110)
        ));
    }
    for _ in 0..30 {
        svg.push_str(&format!(
            r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{}"/>"#,
            rng.range(0.0, WIDTH),
            rng.range(0.0, HEIGHT),
            rng.range(0.4, 1.2),
            colour(rng, 80, 200)
        ));
    }
    svg.push_str("</svg>");
    svg
}

fn colour(rng: &mut Rng, lo: usize, hi: usize) -> String {
    let mut channel = || lo + rng.below(hi - lo);
    format!("rgb({},{},{})", channel(), channel(), channel())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "abcdefghijklmnopqrstuvwxyz012345";

    fn stored_code(store: &CaptchaStore, token: &str) -> String {
        store.pending.lock().expect("lock").by_token[token]
            .code
            .clone()
    }

    fn address(n: u32) -> Owner {
        Some(IpAddr::from(n.to_be_bytes()))
    }

    /// The n-th distinct well-formed token.
    fn token(n: usize) -> String {
        format!("{n:032}")
    }

    #[test]
    fn an_address_beyond_its_share_replaces_its_own_oldest_only() {
        let store = CaptchaStore::new(None);
        let now = Instant::now();
        let (victim, flooder) = (address(1), address(2));
        store
            .remember(&token(0), "AAAA".into(), victim, now)
            .expect("victim");
        for n in 1..=PER_ADDRESS + 5 {
            store
                .remember(&token(n), "BBBB".into(), flooder, now)
                .expect("flood");
        }
        assert!(
            store.check(&token(0), "AAAA").expect("check"),
            "the victim's captcha survives"
        );
        assert!(
            !store.check(&token(1), "BBBB").expect("check"),
            "the flooder's oldest was replaced"
        );
        assert!(store.check(&token(PER_ADDRESS + 5), "BBBB").expect("check"));
    }

    #[test]
    fn a_full_store_takes_from_the_greediest_address_not_from_others() {
        let store = CaptchaStore::new(None);
        let now = Instant::now();
        store
            .remember(&token(0), "AAAA".into(), address(0), now)
            .expect("victim");
        // Many addresses, each at its share, fill the store.
        let mut n = 1;
        for owner in 1.. {
            for _ in 0..PER_ADDRESS {
                store
                    .remember(&token(n), "BBBB".into(), address(owner), now)
                    .expect("flood");
                n += 1;
            }
            if n > CAPACITY + PER_ADDRESS {
                break;
            }
        }
        assert!(store.pending.lock().expect("lock").by_token.len() <= CAPACITY);
        assert!(
            store.check(&token(0), "AAAA").expect("check"),
            "the victim's captcha survives"
        );
        store
            .remember(&token(n), "CCCC".into(), address(0), now)
            .expect("victim again");
        assert!(
            store.check(&token(n), "CCCC").expect("check"),
            "and a new one is issued"
        );
    }

    #[test]
    fn every_alphabet_character_has_a_glyph() {
        for &c in ALPHABET {
            assert_ne!(glyph(c), [0; 7], "{}", char::from(c));
        }
    }

    #[test]
    fn picture_is_svg_without_the_code_in_it() {
        let store = CaptchaStore::new(None);
        let svg = store.issue(TOKEN, None).expect("issue");
        let code = stored_code(&store, TOKEN);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(!svg.contains("<text"));
        assert!(!svg.contains(&code));
    }

    #[test]
    fn a_code_is_single_use_and_case_insensitive() {
        let store = CaptchaStore::new(None);
        store.issue(TOKEN, None).expect("issue");
        let code = stored_code(&store, TOKEN);
        assert!(store.check(TOKEN, &code.to_lowercase()).expect("check"));
        assert!(
            !store.check(TOKEN, &code).expect("check"),
            "second use must fail"
        );
    }

    #[test]
    fn a_wrong_answer_consumes_the_captcha_too() {
        let store = CaptchaStore::new(None);
        store.issue(TOKEN, None).expect("issue");
        let code = stored_code(&store, TOKEN);
        assert!(!store.check(TOKEN, "????").expect("check"));
        assert!(!store.check(TOKEN, &code).expect("check"));
    }

    #[test]
    fn a_new_picture_replaces_the_old_code() {
        let store = CaptchaStore::new(None);
        store.issue(TOKEN, None).expect("issue");
        let first = stored_code(&store, TOKEN);
        let mut second = first.clone();
        while second == first {
            store.issue(TOKEN, None).expect("issue");
            second = stored_code(&store, TOKEN);
        }
        assert!(!store.check(TOKEN, &first).expect("check"));
    }

    #[test]
    fn malformed_tokens_are_refused() {
        let store = CaptchaStore::new(None);
        for bad in ["short", &"a".repeat(33), "abcdefghijklmnopqrstuvwxyz01234!"] {
            assert_eq!(
                store.issue(bad, None).expect_err(bad).to_string(),
                "验证码标识无效，请刷新验证码"
            );
        }
    }

    #[test]
    fn fixed_code_for_tests_is_known_but_still_issued_and_single_use() {
        let store = CaptchaStore::new(Some("TEST".into()));
        assert!(!store.check(TOKEN, "TEST").expect("check"), "never issued");
        store.issue(TOKEN, None).expect("issue");
        assert!(store.check(TOKEN, "test").expect("check"));
        assert!(!store.check(TOKEN, "TEST").expect("check"), "used up");
    }
}
