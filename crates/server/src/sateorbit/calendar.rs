//! Imaging opportunities as files: iCalendar (RFC 5545, one event per
//! opportunity, times in UTC so every calendar reads them alike) and CSV.

use super::passes::{PassList, PassRow};

/// Media type of an iCalendar file.
pub const ICS_TYPE: &str = "text/calendar; charset=utf-8";
/// Media type of a CSV file.
pub const CSV_TYPE: &str = "text/csv; charset=utf-8";

/// The opportunities of `list` as an iCalendar file written at `now` (unix seconds).
pub fn ics(list: &PassList, now: i64) -> String {
    let mut out = String::new();
    let mut line = |text: &str| fold(&mut out, text);
    line("BEGIN:VCALENDAR");
    line("VERSION:2.0");
    line("PRODID:-//rscloud//sateorbit v2//ZH");
    line("CALSCALE:GREGORIAN");
    line("METHOD:PUBLISH");
    line("X-WR-CALNAME:卫星成像机会");
    let stamp = utc(now as f64);
    for p in &list.passes {
        let start = unix_of(&p.start);
        line("BEGIN:VEVENT");
        line(&format!(
            "UID:{}-{}@rscloud",
            p.norad_id,
            start.unwrap_or_default()
        ));
        line(&format!("DTSTAMP:{stamp}"));
        line(&format!(
            "DTSTART:{}",
            start.map(|t| utc(t as f64)).unwrap_or_default()
        ));
        line(&format!(
            "DTEND:{}",
            unix_of(&p.end).map(|t| utc(t as f64)).unwrap_or_default()
        ));
        line(&format!(
            "SUMMARY:{}",
            escape(&format!("{} 过境（侧摆 {:.1}°）", p.label, p.off_nadir_deg))
        ));
        line(&format!("DESCRIPTION:{}", escape(&describe(p))));
        line("END:VEVENT");
    }
    line("END:VCALENDAR");
    out
}

/// What an event says about its pass.
fn describe(p: &PassRow) -> String {
    format!(
        "卫星：{}（{}，NORAD {}）\n最近时刻：{}\n侧摆角：{:.2}°\n卫星高度角：{:.2}°\n太阳高度角：{:.2}°\n{}",
        p.label,
        p.satellite,
        p.norad_id,
        p.closest,
        p.off_nadir_deg,
        p.elevation_deg,
        p.sun_elevation_deg,
        if p.ascending { "升轨" } else { "降轨" }
    )
}

/// The opportunities of `list` as CSV with a header row, UTF-8 with a BOM so Excel reads the Chinese.
pub fn csv(list: &PassList) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    w.write_record([
        "卫星",
        "卫星名称",
        "NORAD编号",
        "开始时间",
        "结束时间",
        "最近时刻",
        "时长（秒）",
        "侧摆角（°）",
        "卫星高度角（°）",
        "太阳高度角（°）",
        "升降轨",
        "白天",
    ])?;
    for p in &list.passes {
        w.write_record([
            p.satellite.as_str(),
            p.label.as_str(),
            &p.norad_id.to_string(),
            p.start.as_str(),
            p.end.as_str(),
            p.closest.as_str(),
            &format!("{:.1}", p.duration_s),
            &format!("{:.2}", p.off_nadir_deg),
            &format!("{:.2}", p.elevation_deg),
            &format!("{:.2}", p.sun_elevation_deg),
            if p.ascending { "升轨" } else { "降轨" },
            if p.daylight { "是" } else { "否" },
        ])?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}

/// Unix seconds of an RFC 3339 instant.
fn unix_of(text: &str) -> Option<i64> {
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
        .ok()
        .map(time::OffsetDateTime::unix_timestamp)
}

/// An instant as an iCalendar UTC date-time, `20251003T021234Z`.
fn utc(unix: f64) -> String {
    time::OffsetDateTime::from_unix_timestamp(unix.round() as i64)
        .map(|t| {
            format!(
                "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
                t.year(),
                u8::from(t.month()),
                t.day(),
                t.hour(),
                t.minute(),
                t.second()
            )
        })
        .unwrap_or_default()
}

/// iCalendar TEXT: backslash, semicolon, comma and newline escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Writes a content line folded at 75 octets (never inside a UTF-8
/// character), each piece ended by CRLF.
fn fold(out: &mut String, line: &str) {
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> PassList {
        PassList {
            start: "2025-10-03T00:00:00+08:00".into(),
            end: "2025-10-09T23:59:59+08:00".into(),
            centre: [112.3, 30.9],
            opportunities: true,
            min_sun_elevation_deg: 10.0,
            passes: vec![PassRow {
                satellite: "GF1".into(),
                label: "高分一号".into(),
                norad_id: 39150,
                kind: 1,
                start: "2025-10-03T11:02:03+08:00".into(),
                end: "2025-10-03T11:03:30+08:00".into(),
                closest: "2025-10-03T11:02:50+08:00".into(),
                duration_s: 87.0,
                off_nadir_deg: 12.345,
                elevation_deg: 76.5,
                sun_elevation_deg: 50.25,
                ascending: false,
                daylight: true,
            }],
            skipped: Vec::new(),
        }
    }

    #[test]
    fn an_opportunity_is_one_event_in_utc_with_folded_lines() {
        let text = ics(&list(), 1_759_449_600);
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(text.ends_with("END:VCALENDAR\r\n"));
        assert_eq!(text.matches("BEGIN:VEVENT").count(), 1);
        assert!(text.contains("\r\nDTSTART:20251003T030203Z\r\n"), "{text}");
        assert!(text.contains("\r\nDTEND:20251003T030330Z\r\n"));
        assert!(text.contains("\r\nDTSTAMP:20251003T000000Z\r\n"));
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "{line}");
        }
        // Unfolded, the description holds the pass's figures, escaped.
        let unfolded = text.replace("\r\n ", "");
        assert!(
            unfolded.contains("侧摆角：12.35°\\n卫星高度角：76.50°"),
            "{unfolded}"
        );
        assert!(unfolded.contains("SUMMARY:高分一号 过境（侧摆 12.3°）"));
    }

    #[test]
    fn text_is_escaped_and_folding_keeps_characters_whole() {
        assert_eq!(escape("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
        let mut out = String::new();
        fold(&mut out, &"卫".repeat(40));
        for piece in out.split("\r\n").filter(|p| !p.is_empty()) {
            assert!(piece.len() <= 75);
        }
        assert_eq!(out.replace("\r\n ", "").trim_end(), "卫".repeat(40));
    }

    #[test]
    fn the_csv_has_a_bom_a_header_and_a_row_per_pass() {
        let bytes = csv(&list()).expect("csv");
        assert!(bytes.starts_with(b"\xEF\xBB\xBF"));
        let text = String::from_utf8(bytes[3..].to_vec()).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("卫星,卫星名称,NORAD编号,开始时间"));
        assert!(lines[1].starts_with("GF1,高分一号,39150,2025-10-03T11:02:03+08:00"));
        assert!(lines[1].ends_with(",降轨,是"));
    }
}
