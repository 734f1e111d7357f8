//! Element sets: two-line (TLE) and three-line (3LE) text with every column
//! checked, and the one struct that TLEs and OMMs both become.
//!
//! Parsing stops at the first bad element set and names its line: an import
//! is all or nothing, so a half-read file never lands in the database.

use crate::time::unix_from_year_day;

/// Default bound on the bytes of one input, so a huge upload cannot balloon memory.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;
/// Default bound on the element sets of one input (CelesTrak's whole active group is about 13,000).
pub const MAX_ELEMENT_SETS: usize = 20_000;

/// How much one call may read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest input, bytes.
    pub max_bytes: usize,
    /// Most element sets in one input.
    pub max_sets: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_bytes: MAX_INPUT_BYTES,
            max_sets: MAX_ELEMENT_SETS,
        }
    }
}

/// Mean elements of one satellite at one epoch, as SGP4 reads them (TEME, Kozai mean motion).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ElementSet {
    /// Object name from a 3LE name line or OMM `OBJECT_NAME`, if any.
    pub name: Option<String>,
    /// NORAD catalogue number.
    pub norad_id: u32,
    /// International designator as written (TLE `13018A`, OMM `2013-018A`), if any.
    pub international_designator: Option<String>,
    /// Classification: `U`, `C` or `S`.
    pub classification: char,
    /// Epoch, unix seconds (UTC).
    pub epoch_unix: f64,
    /// First derivative of the mean motion / 2, rev/day² (informative; SGP4 ignores it).
    pub mean_motion_dot: f64,
    /// Second derivative of the mean motion / 6, rev/day³ (informative; SGP4 ignores it).
    pub mean_motion_ddot: f64,
    /// Drag term B*, 1/earth radii.
    pub bstar: f64,
    /// Element set number.
    pub element_set_number: u32,
    /// Inclination, degrees in [0, 180].
    pub inclination_deg: f64,
    /// Right ascension of the ascending node, degrees.
    pub raan_deg: f64,
    /// Eccentricity in [0, 1).
    pub eccentricity: f64,
    /// Argument of perigee, degrees.
    pub arg_perigee_deg: f64,
    /// Mean anomaly, degrees.
    pub mean_anomaly_deg: f64,
    /// Kozai mean motion, revolutions per day (> 0).
    pub mean_motion_rev_per_day: f64,
    /// Revolution number at epoch.
    pub revolution_number: u32,
}

/// Why an input was refused; `line` is 1-based (0 when no line applies).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct ParseError {
    /// The line that is wrong (1-based), or 0 for the whole input.
    pub line: usize,
    /// What is wrong, in English.
    pub what: String,
}

impl ParseError {
    /// An error at a line.
    pub(crate) fn at(line: usize, what: impl Into<String>) -> Self {
        Self {
            line,
            what: what.into(),
        }
    }
}

/// Refuses an input larger than the limit before anything is read.
pub(crate) fn check_size(input: &[u8], limits: &Limits) -> Result<(), ParseError> {
    if input.len() > limits.max_bytes {
        return Err(ParseError::at(
            0,
            format!(
                "input is {} bytes, more than {}",
                input.len(),
                limits.max_bytes
            ),
        ));
    }
    Ok(())
}

/// Parses TLE and 3LE text (mixed freely): each set is an optional name line
/// (a leading `0 ` is dropped, as Space-Track writes it) and lines 1 and 2.
/// Blank lines are skipped; CR LF and trailing spaces are accepted.
pub fn parse_tle(input: &[u8], limits: &Limits) -> Result<Vec<ElementSet>, ParseError> {
    check_size(input, limits)?;
    // Lines are read lazily: a file of nothing but newlines costs no memory.
    let mut lines = input
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, l)| (i + 1, trim_end(l)))
        .filter(|(_, l)| !l.is_empty());
    let mut sets = Vec::new();
    while let Some((n, first)) = lines.next() {
        let mut name = None;
        let (n1, l1) = if is_line(first, b'1') {
            (n, first)
        } else {
            if is_line(first, b'2') {
                return Err(ParseError::at(n, "line 2 without a line 1 before it"));
            }
            let text = std::str::from_utf8(first)
                .map_err(|_| ParseError::at(n, "name line is not UTF-8"))?;
            let text = text.strip_prefix("0 ").unwrap_or(text).trim();
            if text.chars().count() > 100 {
                return Err(ParseError::at(n, "name line longer than 100 characters"));
            }
            name = Some(text.to_owned());
            lines
                .next()
                .ok_or_else(|| ParseError::at(n, "name line without element lines after it"))?
        };
        if !is_line(l1, b'1') {
            return Err(ParseError::at(n1, "expected line 1 (starting `1 `)"));
        }
        let (n2, l2) = lines
            .next()
            .ok_or_else(|| ParseError::at(n1, "line 1 without a line 2 after it"))?;
        if !is_line(l2, b'2') {
            return Err(ParseError::at(n2, "expected line 2 (starting `2 `)"));
        }
        if sets.len() == limits.max_sets {
            return Err(ParseError::at(
                n1,
                format!("more than {} element sets", limits.max_sets),
            ));
        }
        let mut set = parse_lines((n1, l1), (n2, l2))?;
        set.name = name;
        sets.push(set);
    }
    Ok(sets)
}

/// One element set from its two lines, each with its 1-based line number.
pub fn parse_lines(
    (n1, l1): (usize, &[u8]),
    (n2, l2): (usize, &[u8]),
) -> Result<ElementSet, ParseError> {
    let l1 = Line::new(n1, trim_end(l1), b'1')?;
    let l2 = Line::new(n2, trim_end(l2), b'2')?;
    let norad_id = l1.norad(3)?;
    let norad_2 = l2.norad(3)?;
    if norad_id != norad_2 {
        return Err(ParseError::at(
            n2,
            format!("NORAD number {norad_2} differs from line 1's {norad_id}"),
        ));
    }
    let classification = char::from(l1.bytes[7]);
    if !matches!(classification, 'U' | 'C' | 'S' | ' ') {
        return Err(l1.err(8, "classification must be U, C or S"));
    }
    let designator = l1.text(10, 17).trim();
    let year = l1.uint(19, 20)?;
    let day = l1.decimal(21, 32)?;
    let year = if year < 57 { 2000 + year } else { 1900 + year };
    let epoch_unix = unix_from_year_day(year as i32, day)
        .ok_or_else(|| l1.err(21, format!("epoch day {day} is not a day of {year}")))?;
    let inclination_deg = l2.decimal(9, 16)?;
    let raan_deg = l2.decimal(18, 25)?;
    let eccentricity = l2.implied(27, 33)?;
    let arg_perigee_deg = l2.decimal(35, 42)?;
    let mean_anomaly_deg = l2.decimal(44, 51)?;
    let mean_motion_rev_per_day = l2.decimal(53, 63)?;
    let set = ElementSet {
        name: None,
        norad_id,
        international_designator: (!designator.is_empty()).then(|| designator.to_owned()),
        classification: if classification == ' ' {
            'U'
        } else {
            classification
        },
        epoch_unix,
        mean_motion_dot: l1.decimal(34, 43)?,
        mean_motion_ddot: l1.exponent(45, 52)?,
        bstar: l1.exponent(54, 61)?,
        element_set_number: l1.uint_or_zero(65, 68)?,
        inclination_deg,
        raan_deg,
        eccentricity,
        arg_perigee_deg,
        mean_anomaly_deg,
        mean_motion_rev_per_day,
        revolution_number: l2.uint_or_zero(64, 68)?,
    };
    check_ranges(&set).map_err(|(column, what)| l2.err(column, what))?;
    Ok(set)
}

/// The range checks shared by TLE and OMM: the failing line-2 column (for
/// TLEs) and what is wrong.
pub(crate) fn check_ranges(s: &ElementSet) -> Result<(), (usize, String)> {
    let angle = |v: f64| (0.0..=360.0).contains(&v);
    if !(0.0..=180.0).contains(&s.inclination_deg) {
        return Err((
            9,
            format!("inclination {} outside 0–180°", s.inclination_deg),
        ));
    }
    if !angle(s.raan_deg) {
        return Err((18, format!("right ascension {} outside 0–360°", s.raan_deg)));
    }
    if !(0.0..1.0).contains(&s.eccentricity) {
        return Err((
            27,
            format!("eccentricity {} outside [0, 1)", s.eccentricity),
        ));
    }
    if !angle(s.arg_perigee_deg) {
        return Err((
            35,
            format!("argument of perigee {} outside 0–360°", s.arg_perigee_deg),
        ));
    }
    if !angle(s.mean_anomaly_deg) {
        return Err((
            44,
            format!("mean anomaly {} outside 0–360°", s.mean_anomaly_deg),
        ));
    }
    // Above 20 rev/day the perigee would be under the ground.
    if !(s.mean_motion_rev_per_day > 0.0 && s.mean_motion_rev_per_day < 20.0) {
        return Err((
            53,
            format!(
                "mean motion {} outside (0, 20) rev/day",
                s.mean_motion_rev_per_day
            ),
        ));
    }
    if !(s.bstar.is_finite() && s.mean_motion_dot.is_finite() && s.mean_motion_ddot.is_finite()) {
        return Err((1, "drag terms are not finite".to_owned()));
    }
    Ok(())
}

/// Whether a line starts with its line number and a space.
fn is_line(line: &[u8], number: u8) -> bool {
    line.len() >= 2 && line[0] == number && line[1] == b' '
}

/// A line without trailing CR, spaces or tabs.
fn trim_end(mut line: &[u8]) -> &[u8] {
    while let [rest @ .., b'\r' | b' ' | b'\t'] = line {
        line = rest;
    }
    line
}

/// The mod-10 checksum of a line's first 68 columns: digits count as
/// themselves, minus signs as 1, everything else as 0.
pub fn checksum(line: &[u8]) -> u8 {
    let sum: u32 = line
        .iter()
        .take(68)
        .map(|&b| match b {
            b'0'..=b'9' => u32::from(b - b'0'),
            b'-' => 1,
            _ => 0,
        })
        .sum();
    (sum % 10) as u8
}

/// One checked element line; columns are 1-based and inclusive, as the format describes them.
struct Line<'a> {
    number: usize,
    bytes: &'a [u8],
}

impl<'a> Line<'a> {
    /// Checks length, characters and checksum.
    fn new(number: usize, bytes: &'a [u8], first: u8) -> Result<Self, ParseError> {
        let line = Self { number, bytes };
        if bytes.len() != 69 {
            return Err(ParseError::at(
                number,
                format!(
                    "line {} has {} characters, not 69",
                    char::from(first),
                    bytes.len()
                ),
            ));
        }
        if let Some(i) = bytes.iter().position(|b| !(b' '..=b'~').contains(b)) {
            return Err(line.err(i + 1, "non-ASCII or control character"));
        }
        if bytes[0] != first {
            return Err(line.err(1, format!("expected line {}", char::from(first))));
        }
        let want = checksum(bytes);
        let got = bytes[68];
        if got != b'0' + want {
            return Err(line.err(
                69,
                format!("checksum is {}, the line sums to {want}", char::from(got)),
            ));
        }
        Ok(line)
    }

    /// An error at a column.
    fn err(&self, column: usize, what: impl std::fmt::Display) -> ParseError {
        ParseError::at(self.number, format!("column {column}: {what}"))
    }

    /// Columns `from..=to` as text (ASCII checked in `new`).
    fn text(&self, from: usize, to: usize) -> &'a str {
        std::str::from_utf8(&self.bytes[from - 1..to]).unwrap_or("")
    }

    /// A decimal number such as ` 97.9406`, `-.00002218` or `.00001938`.
    fn decimal(&self, from: usize, to: usize) -> Result<f64, ParseError> {
        let t = self.text(from, to).trim();
        let ok = !t.is_empty()
            && t.bytes().any(|b| b.is_ascii_digit())
            && t.bytes().all(|b| b.is_ascii_digit() || b"+-.".contains(&b));
        t.parse::<f64>()
            .ok()
            .filter(|v| ok && v.is_finite())
            .ok_or_else(|| self.err(from, format!("`{t}` is not a number")))
    }

    /// Digits after an implied leading decimal point (`0017964` = 0.0017964).
    fn implied(&self, from: usize, to: usize) -> Result<f64, ParseError> {
        let t = self.text(from, to);
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.err(from, format!("`{t}` is not digits")));
        }
        format!("0.{t}")
            .parse()
            .map_err(|_| self.err(from, format!("`{t}` is not digits")))
    }

    /// An implied-decimal number with an exponent: ` 28450-3` = 0.28450e-3.
    fn exponent(&self, from: usize, to: usize) -> Result<f64, ParseError> {
        let t = self.text(from, to);
        let b = t.as_bytes();
        let bad = || self.err(from, format!("`{t}` is not a number like ` 12345-3`"));
        let (sign, rest) = match b.first() {
            Some(b'-') => (-1.0, &t[1..]),
            Some(b' ' | b'+') => (1.0, &t[1..]),
            _ => (1.0, t),
        };
        if rest.len() < 3 {
            return Err(bad());
        }
        let (mantissa, exp) = rest.split_at(rest.len() - 2);
        let mantissa = mantissa.trim_start();
        if mantissa.is_empty() || !mantissa.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        let exp: i32 = match exp.as_bytes() {
            [s @ (b'-' | b'+' | b' '), d @ b'0'..=b'9'] => {
                let d = i32::from(d - b'0');
                if *s == b'-' { -d } else { d }
            }
            _ => return Err(bad()),
        };
        let m: f64 = format!("0.{mantissa}").parse().map_err(|_| bad())?;
        Ok(sign * m * 10f64.powi(exp))
    }

    /// An unsigned integer in these columns (leading spaces allowed).
    fn uint(&self, from: usize, to: usize) -> Result<u32, ParseError> {
        let t = self.text(from, to).trim_start();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.err(from, format!("`{t}` is not a whole number")));
        }
        t.parse()
            .map_err(|_| self.err(from, format!("`{t}` is not a whole number")))
    }

    /// Like `uint`, but blank columns read as 0 (old files leave counters empty).
    fn uint_or_zero(&self, from: usize, to: usize) -> Result<u32, ParseError> {
        if self.text(from, to).trim().is_empty() {
            Ok(0)
        } else {
            self.uint(from, to)
        }
    }

    /// A NORAD number: five digits, or Alpha-5 (a letter for the
    /// ten-thousands, I and O skipped: `A0001` = 100001).
    fn norad(&self, from: usize) -> Result<u32, ParseError> {
        let t = self.text(from, from + 4);
        let b = t.as_bytes();
        let lead = match b[0] {
            b'0'..=b'9' | b' ' => return self.uint(from, from + 4),
            c @ b'A'..=b'H' => u32::from(c - b'A') + 10,
            c @ b'J'..=b'N' => u32::from(c - b'A') + 9,
            c @ b'P'..=b'Z' => u32::from(c - b'A') + 8,
            _ => return Err(self.err(from, format!("`{t}` is not a NORAD number"))),
        };
        let rest = self.uint(from + 1, from + 4)?;
        Ok(lead * 10_000 + rest)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const GF1: &str = "GAOFEN-1\n\
1 39150U 13018A   25276.62980645  .00001938  00000+0  28450-3 0  9995\n\
2 39150  97.9406 348.4992 0017964  17.2043 342.9772 14.76545138670380\n";

    fn one(text: &str) -> Result<ElementSet, ParseError> {
        parse_tle(text.as_bytes(), &Limits::default()).map(|mut v| v.remove(0))
    }

    /// Replaces a 1-based column of line `line` (0-based index into the text's lines) and fixes the checksum.
    fn edit(text: &str, line: usize, column: usize, with: &str) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let l = &mut lines[line];
        l.replace_range(column - 1..column - 1 + with.len(), with);
        let sum = checksum(l.as_bytes());
        l.replace_range(68..69, &sum.to_string());
        lines.join("\n")
    }

    #[test]
    fn a_real_3le_reads_every_field() {
        let s = one(GF1).expect("valid");
        assert_eq!(s.name.as_deref(), Some("GAOFEN-1"));
        assert_eq!(s.norad_id, 39150);
        assert_eq!(s.international_designator.as_deref(), Some("13018A"));
        assert_eq!(s.classification, 'U');
        // 2025 day 276.62980645 = 2025-10-03 15:06:55.277 UTC.
        assert!(
            (s.epoch_unix - 1_759_504_015.277).abs() < 1e-3,
            "{}",
            s.epoch_unix
        );
        assert_eq!(s.mean_motion_dot, 0.00001938);
        assert_eq!(s.mean_motion_ddot, 0.0);
        assert!((s.bstar - 0.2845e-3).abs() < 1e-15);
        assert_eq!(s.element_set_number, 999);
        assert_eq!(s.inclination_deg, 97.9406);
        assert_eq!(s.raan_deg, 348.4992);
        assert_eq!(s.eccentricity, 0.0017964);
        assert_eq!(s.mean_motion_rev_per_day, 14.76545138);
        assert_eq!(s.revolution_number, 67038);
    }

    #[test]
    fn two_line_and_three_line_sets_mix_and_crlf_and_blank_lines_pass() {
        let two: String = GF1.lines().skip(1).collect::<Vec<_>>().join("\r\n");
        let text = format!("{GF1}\n\n0 GAOFEN-1 AGAIN\r\n{}\n{two}\r\n", &GF1[9..]);
        let sets = parse_tle(text.as_bytes(), &Limits::default()).expect("valid");
        assert_eq!(sets.len(), 3);
        assert_eq!(sets[1].name.as_deref(), Some("GAOFEN-1 AGAIN"));
        assert_eq!(sets[2].name, None);
        assert_eq!(sets[2].norad_id, 39150);
    }

    #[test]
    fn a_bad_checksum_names_its_line() {
        let bad = GF1.replace("670380", "670381");
        let e = one(&bad).expect_err("checksum");
        assert_eq!(e.line, 3);
        assert!(e.to_string().contains("checksum"), "{e}");
    }

    #[test]
    fn out_of_range_elements_are_refused_with_their_line() {
        for (column, with, word) in [
            (9, "180.0001", "inclination"),
            (53, " 0.00000000", "mean motion"),
            (18, "361.0000", "right ascension"),
        ] {
            let e = one(&edit(GF1, 2, column, with)).expect_err(word);
            assert_eq!(e.line, 3, "{e}");
            assert!(e.to_string().contains(word), "{e}");
        }
        // Eccentricity has an implied point, so 9999999 is 0.9999999 (< 1): accepted.
        assert!(one(&edit(GF1, 2, 27, "9999999")).is_ok());
        let e = one(&edit(GF1, 2, 27, "99x9999")).expect_err("not digits");
        assert!(e.to_string().contains("column 27"), "{e}");
    }

    #[test]
    fn different_norad_numbers_on_the_two_lines_are_refused() {
        let e = one(&edit(GF1, 2, 3, "39151")).expect_err("mismatch");
        assert_eq!(e.line, 3);
        assert!(e.to_string().contains("39151"), "{e}");
    }

    #[test]
    fn an_impossible_epoch_is_refused() {
        // Day 366 of 2025 (not a leap year).
        let e = one(&edit(GF1, 1, 21, "366.62980645")).expect_err("epoch");
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("epoch"), "{e}");
        let e = one(&edit(GF1, 1, 21, "000.50000000")).expect_err("day 0");
        assert_eq!(e.line, 2);
    }

    #[test]
    fn truncated_and_orphan_lines_name_their_line() {
        let short: String = GF1.lines().take(2).collect::<Vec<_>>().join("\n");
        assert_eq!(one(&short).expect_err("no line 2").line, 2);
        let cut = GF1.replace("0  9995", "0  99");
        let e = one(&cut).expect_err("short");
        assert!(e.to_string().contains("not 69"), "{e}");
        let orphan = GF1.lines().nth(2).unwrap_or_default();
        assert_eq!(one(orphan).expect_err("orphan").line, 1);
    }

    #[test]
    fn alpha5_norad_numbers_read_as_six_digits() {
        let t = edit(&edit(GF1, 1, 3, "A0001"), 2, 3, "A0001");
        assert_eq!(one(&t).expect("alpha-5").norad_id, 100_001);
        let t = edit(&edit(GF1, 1, 3, "Z9999"), 2, 3, "Z9999");
        assert_eq!(one(&t).expect("alpha-5").norad_id, 339_999);
    }

    #[test]
    fn limits_bound_bytes_and_sets() {
        let two = format!("{GF1}{GF1}");
        let small = Limits {
            max_bytes: 1000,
            max_sets: 1,
        };
        let e = parse_tle(two.as_bytes(), &small).expect_err("two sets");
        assert!(e.to_string().contains("more than 1 element sets"), "{e}");
        let tiny = Limits {
            max_bytes: 10,
            max_sets: 10,
        };
        assert_eq!(parse_tle(GF1.as_bytes(), &tiny).expect_err("bytes").line, 0);
    }

    #[test]
    fn a_largest_input_of_blank_lines_reads_as_nothing() {
        // Lines are streamed, not collected: 8 MiB of newlines is no element set and no error.
        let blank = vec![b'\n'; MAX_INPUT_BYTES];
        assert_eq!(parse_tle(&blank, &Limits::default()), Ok(vec![]));
    }

    /// A tiny deterministic generator (xorshift64*), so the fuzz loops repeat exactly.
    pub(crate) struct Rng(pub u64);
    impl Rng {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        pub(crate) fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2_000 {
            let len = rng.below(400);
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            let _ = parse_tle(&bytes, &Limits::default());
        }
    }

    #[test]
    fn mutated_real_lines_never_panic_and_valid_results_pass_the_range_checks() {
        // Property: whatever one mutates in a real set, the parser either
        // refuses it with a line number inside the text or returns sets
        // whose elements pass the range checks.
        let mut rng = Rng(42);
        let alphabet = b" 0123456789.+-ABZ\r\n\t\xff";
        for _ in 0..5_000 {
            let mut bytes = GF1.as_bytes().to_vec();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(bytes.len());
                bytes[i] = alphabet[rng.below(alphabet.len())];
            }
            match parse_tle(&bytes, &Limits::default()) {
                Ok(sets) => {
                    for s in sets {
                        assert!(check_ranges(&s).is_ok(), "{s:?}");
                    }
                }
                Err(e) => assert!(e.line <= 4, "{e}"),
            }
        }
    }
}
