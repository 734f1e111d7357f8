//! The one fuzz harness every parser target runs on: its seed corpus first,
//! then inputs made from deterministic pseudo-random bytes (the same on every
//! run, so a failure repeats). An input fails the target when the parser
//! panics or spends more than a second of its thread's CPU time (not wall
//! time: a loaded machine cannot fail it); the input is then kept under
//! `CARGO_TARGET_TMPDIR/fuzz-failures/` and named in the failure.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::Duration;

use arbitrary::Unstructured;
use cpu_time::ThreadTime;

/// Most CPU time one input may take.
pub const BUDGET: Duration = Duration::from_secs(1);

/// Pseudo-random bytes each generated input is made from.
const RAW_BYTES: usize = 4 << 10;

/// Seeds larger than this (the bombs and deep nests) run as they are but are
/// not handed to `make`: each costs tens of milliseconds to refuse, and a
/// tenth of the inputs made from them would double a target's time.
const MUTABLE_SEED: usize = 8 << 10;

/// How many inputs each target runs: `RSCLOUD_FUZZ_INPUTS`, else 10,000.
pub fn inputs() -> usize {
    std::env::var("RSCLOUD_FUZZ_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The seed files of `corpus/<dir>/` for each dir, sorted by name, and any
/// further files named relative to `crates/server/tests/`.
pub fn corpus(dirs: &[&str], files: &[&str]) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    for dir in dirs {
        let dir = tests_dir().join("fuzz/corpus").join(dir);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let mut found: Vec<PathBuf> = entries.map(|e| e.expect("entry").path()).collect();
        found.sort();
        paths.extend(found);
    }
    paths.extend(files.iter().map(|f| tests_dir().join(f)));
    paths
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// Runs `check` over every seed and then over inputs `make` builds from
/// pseudo-random bytes (it may start from a seed of up to 8 KB), [`inputs`]
/// in all; prints the count and the slowest input's CPU time.
pub fn run(
    target: &str,
    seeds: &[Vec<u8>],
    make: impl Fn(&mut Unstructured, &[Vec<u8>]) -> arbitrary::Result<Vec<u8>>,
    mut check: impl FnMut(&[u8]),
) {
    let n = inputs();
    let small: Vec<Vec<u8>> = seeds
        .iter()
        .filter(|s| s.len() <= MUTABLE_SEED)
        .cloned()
        .collect();
    let mut raw = vec![0u8; RAW_BYTES];
    let (mut slowest, mut slowest_at) = (Duration::ZERO, 0);
    for i in 0..n {
        let input = match seeds.get(i) {
            Some(seed) => seed.clone(),
            None => {
                fill(&mut raw, target, i);
                make(&mut Unstructured::new(&raw), &small).unwrap_or_default()
            }
        };
        let start = ThreadTime::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| check(&input)));
        let spent = start.elapsed();
        if outcome.is_err() || spent > BUDGET {
            let kept = keep(target, i, &input);
            panic!(
                "fuzz {target}: input #{i} ({} bytes, kept at {}) {}",
                input.len(),
                kept.display(),
                match outcome {
                    Err(_) => "panicked (message above)".to_owned(),
                    Ok(()) => format!("took {spent:?} of CPU time, over {BUDGET:?}"),
                }
            );
        }
        if spent > slowest {
            (slowest, slowest_at) = (spent, i);
        }
    }
    println!(
        "fuzz {target}: {n} inputs ({} seeds), no panic; slowest #{slowest_at}: {slowest:?} CPU",
        seeds.len().min(n)
    );
}

/// Fills `raw` with bytes that depend only on the target and the input number
/// (SplitMix64).
fn fill(raw: &mut [u8], target: &str, i: usize) {
    let mut state = target.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }) ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for chunk in raw.chunks_mut(8) {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
    }
}

fn keep(target: &str, i: usize, input: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures");
    let path = dir.join(format!("{target}-{i}"));
    let _ = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, input));
    path
}

/// A seed changed by one to four edits: bytes flipped or set to edge values,
/// ranges deleted or repeated, a token of `dictionary` inserted, the end cut
/// off, or part of another seed spliced in.
pub fn mutate(
    u: &mut Unstructured,
    seeds: &[Vec<u8>],
    dictionary: &[&str],
) -> arbitrary::Result<Vec<u8>> {
    let mut out = u.choose(seeds)?.clone();
    for _ in 0..u.int_in_range(1..=4)? {
        let at = u.choose_index(out.len() + 1)?;
        match u.int_in_range(0..=6)? {
            0 if at < out.len() => out[at] ^= 1 << u.int_in_range(0..=7)?,
            1 if at < out.len() => {
                out[at] = *u.choose(&[0, 0xff, 0x7f, 0x80, b'(', b'<', b'{', b','])?
            }
            2 => {
                let end = (at + u.int_in_range(1..=64)?).min(out.len());
                out.drain(at..end);
            }
            3 => {
                let end = (at + u.int_in_range(1..=256)?).min(out.len());
                let part = out[at..end].to_vec();
                for _ in 0..u.int_in_range(1..=8)? {
                    out.splice(at..at, part.iter().copied());
                }
            }
            4 if !dictionary.is_empty() => {
                let token = u.choose(dictionary)?;
                out.splice(at..at, token.bytes());
            }
            5 => out.truncate(at),
            _ => {
                let other = u.choose(seeds)?;
                let from = u.choose_index(other.len() + 1)?;
                let end = (from + u.int_in_range(1..=512)?).min(other.len());
                out.splice(at..at, other[from..end].iter().copied());
            }
        }
    }
    Ok(out)
}
