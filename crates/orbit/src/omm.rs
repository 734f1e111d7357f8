//! CCSDS OMM element sets: CelesTrak's GP JSON (an array of flat objects, or
//! one object; numbers may also be strings, as Space-Track writes them) and
//! OMM XML (`<ndm><omm>…<segment><metadata>…</metadata><data><meanElements>…
//! <tleParameters>…</data></segment></omm></ndm>`, CelesTrak's `FORMAT=xml`).
//!
//! Both are read as streams and turned into [`ElementSet`]s one by one, so
//! memory follows the output, not the input, and [`Limits`] hold.

use std::collections::HashMap;

use quick_xml::events::Event;
use serde::de::{DeserializeSeed, Deserializer, Error as _, SeqAccess, Visitor};

use crate::elements::{ElementSet, Limits, ParseError, check_ranges, check_size};
use crate::time::unix_from_iso;

/// The OMM keywords read (others are ignored).
const KEYS: [&str; 16] = [
    "OBJECT_NAME",
    "OBJECT_ID",
    "EPOCH",
    "MEAN_MOTION",
    "ECCENTRICITY",
    "INCLINATION",
    "RA_OF_ASC_NODE",
    "ARG_OF_PERICENTER",
    "MEAN_ANOMALY",
    "CLASSIFICATION_TYPE",
    "NORAD_CAT_ID",
    "ELEMENT_SET_NO",
    "REV_AT_EPOCH",
    "BSTAR",
    "MEAN_MOTION_DOT",
    "MEAN_MOTION_DDOT",
];

/// Builds an element set from OMM keyword values (text as written).
fn from_fields(get: impl Fn(&str) -> Option<String>) -> Result<ElementSet, String> {
    let number = |key: &str| -> Result<f64, String> {
        let v = get(key).ok_or_else(|| format!("{key} is missing"))?;
        let t = v.trim();
        let ok = t
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
        t.parse::<f64>()
            .ok()
            .filter(|x| ok && x.is_finite())
            .ok_or_else(|| format!("{key} `{t}` is not a number"))
    };
    let optional = |key: &str| -> Result<f64, String> {
        if get(key).is_some() {
            number(key)
        } else {
            Ok(0.0)
        }
    };
    let count = |key: &str, max: f64| -> Result<u32, String> {
        let x = optional(key)?;
        if x.fract() != 0.0 || !(0.0..=max).contains(&x) {
            return Err(format!("{key} {x} is not a whole number up to {max}"));
        }
        Ok(x as u32)
    };
    let epoch_text = get("EPOCH").ok_or("EPOCH is missing")?;
    let epoch_unix = unix_from_iso(&epoch_text)
        .ok_or_else(|| format!("EPOCH `{epoch_text}` is not a UTC time"))?;
    if get("NORAD_CAT_ID").is_none() {
        return Err("NORAD_CAT_ID is missing".to_owned());
    }
    let classification = match get("CLASSIFICATION_TYPE").as_deref().map(str::trim) {
        None | Some("") => 'U',
        Some(c @ ("U" | "C" | "S")) => c.chars().next().unwrap_or('U'),
        Some(c) => return Err(format!("CLASSIFICATION_TYPE `{c}` is not U, C or S")),
    };
    let text = |key: &str| {
        get(key)
            .map(|v| v.trim().chars().take(100).collect::<String>())
            .filter(|v| !v.is_empty())
    };
    let set = ElementSet {
        name: text("OBJECT_NAME"),
        norad_id: count("NORAD_CAT_ID", 999_999_999.0)?,
        international_designator: text("OBJECT_ID"),
        classification,
        epoch_unix,
        mean_motion_dot: optional("MEAN_MOTION_DOT")?,
        mean_motion_ddot: optional("MEAN_MOTION_DDOT")?,
        bstar: optional("BSTAR")?,
        element_set_number: count("ELEMENT_SET_NO", 1e9)?,
        inclination_deg: number("INCLINATION")?,
        raan_deg: number("RA_OF_ASC_NODE")?,
        eccentricity: number("ECCENTRICITY")?,
        arg_perigee_deg: number("ARG_OF_PERICENTER")?,
        mean_anomaly_deg: number("MEAN_ANOMALY")?,
        mean_motion_rev_per_day: number("MEAN_MOTION")?,
        revolution_number: count("REV_AT_EPOCH", 1e9)?,
    };
    check_ranges(&set).map_err(|(_, what)| what)?;
    Ok(set)
}

/// Parses CelesTrak GP JSON (an array of OMM objects, or one object).
pub fn parse_omm_json(input: &[u8], limits: &Limits) -> Result<Vec<ElementSet>, ParseError> {
    check_size(input, limits)?;
    let mut de = serde_json::Deserializer::from_slice(input);
    let sets = Sets { limits }
        .deserialize(&mut de)
        .and_then(|sets| de.end().map(|()| sets))
        .map_err(|e| ParseError::at(e.line(), e.to_string()))?;
    Ok(sets)
}

/// Reads the top-level value: an array of objects, or one object.
struct Sets<'a> {
    limits: &'a Limits,
}

impl<'de> DeserializeSeed<'de> for Sets<'_> {
    type Value = Vec<ElementSet>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

/// One OMM object: the values of the known keywords as text. Other keys
/// are skipped unread and values must be strings or numbers, so an object
/// costs a bounded amount of memory whatever it holds.
struct Object(HashMap<&'static str, String>);

impl<'de> serde::Deserialize<'de> for Object {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ObjectVisitor)
    }
}

/// Reads an [`Object`].
struct ObjectVisitor;

impl<'de> Visitor<'de> for ObjectVisitor {
    type Value = Object;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an OMM object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Object, A::Error> {
        let mut fields = HashMap::new();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match KEYS.iter().find(|k| **k == key) {
                Some(k) => {
                    fields.insert(*k, map.next_value::<Scalar>()?.0);
                }
                None => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        Ok(Object(fields))
    }
}

/// A string or number value, as text.
struct Scalar(String);

impl<'de> serde::Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
}

/// Reads a [`Scalar`].
struct ScalarVisitor;

impl Visitor<'_> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a string or a number")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Scalar, E> {
        if v.len() > 200 {
            return Err(E::custom("a value longer than 200 characters"));
        }
        Ok(Scalar(v.to_owned()))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }
}

/// One OMM object turned into an element set (its index for the message).
fn convert<E: serde::de::Error>(object: &Object, index: usize) -> Result<ElementSet, E> {
    from_fields(|key| object.0.get(key).cloned()).map_err(|what| {
        let norad = object.0.get("NORAD_CAT_ID").cloned().unwrap_or_default();
        E::custom(format!("element set {} (NORAD {norad}): {what}", index + 1))
    })
}

impl<'de> Visitor<'de> for Sets<'_> {
    type Value = Vec<ElementSet>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of OMM objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut sets = Vec::new();
        while let Some(object) = seq.next_element::<Object>()? {
            if sets.len() == self.limits.max_sets {
                return Err(A::Error::custom(format!(
                    "more than {} element sets",
                    self.limits.max_sets
                )));
            }
            sets.push(convert(&object, sets.len())?);
        }
        Ok(sets)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let object = ObjectVisitor.visit_map(map)?;
        Ok(vec![convert(&object, 0)?])
    }
}

/// Parses CCSDS OMM XML: every `<segment>` (or, failing that, every `<omm>`) is one element set.
pub fn parse_omm_xml(input: &[u8], limits: &Limits) -> Result<Vec<ElementSet>, ParseError> {
    check_size(input, limits)?;
    let line_at = |pos: u64| {
        let pos = usize::try_from(pos).unwrap_or(usize::MAX).min(input.len());
        1 + input[..pos].iter().filter(|&&b| b == b'\n').count()
    };
    let mut reader = quick_xml::Reader::from_reader(input);
    reader.config_mut().trim_text(true);
    let mut sets = Vec::new();
    let mut fields: HashMap<&'static str, String> = HashMap::new();
    let mut current: Option<&'static str> = None;
    let mut in_set = false;
    let mut buf = Vec::new();
    loop {
        let pos = reader.buffer_position();
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| ParseError::at(line_at(reader.buffer_position()), format!("XML: {e}")))?;
        match event {
            Event::Start(e) => {
                let name = e.local_name();
                let name = name.as_ref();
                if name == b"segment" || (name == b"omm" && !in_set) {
                    in_set = true;
                    fields.clear();
                }
                current = KEYS.iter().copied().find(|k| k.as_bytes() == name);
            }
            Event::Text(t) => {
                if let (Some(key), true) = (current, in_set) {
                    let text = t
                        .decode()
                        .map_err(|e| ParseError::at(line_at(pos), format!("XML text: {e}")))?;
                    let text = quick_xml::escape::unescape(&text)
                        .map_err(|e| ParseError::at(line_at(pos), format!("XML text: {e}")))?;
                    if text.len() > 200 {
                        return Err(ParseError::at(line_at(pos), format!("{key} is too long")));
                    }
                    fields.insert(key, text.into_owned());
                }
            }
            Event::End(e) => {
                current = None;
                let name = e.local_name();
                if in_set && (name.as_ref() == b"segment" || name.as_ref() == b"omm") {
                    in_set = false;
                    if sets.len() == limits.max_sets {
                        return Err(ParseError::at(
                            line_at(pos),
                            format!("more than {} element sets", limits.max_sets),
                        ));
                    }
                    let set = from_fields(|k| fields.get(k).cloned())
                        .map_err(|what| ParseError::at(line_at(pos), what))?;
                    sets.push(set);
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(sets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::parse_tle;

    const GF1_JSON: &str = r#"[{"OBJECT_NAME":"GAOFEN-1","OBJECT_ID":"2013-018A","EPOCH":"2025-10-03T15:06:55.277280","MEAN_MOTION":14.76545138,"ECCENTRICITY":0.0017964,"INCLINATION":97.9406,"RA_OF_ASC_NODE":348.4992,"ARG_OF_PERICENTER":17.2043,"MEAN_ANOMALY":342.9772,"EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":39150,"ELEMENT_SET_NO":999,"REV_AT_EPOCH":67038,"BSTAR":0.0002845,"MEAN_MOTION_DOT":1.938e-5,"MEAN_MOTION_DDOT":0}]"#;

    const GF1_XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<ndm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://sanaregistry.org/r/ndmxml_unqualified/ndmxml-2.0.0-master-2.0.xsd">
<omm id="CCSDS_OMM_VERS" version="2.0">
<header><CREATION_DATE/><ORIGINATOR/></header><body><segment><metadata><OBJECT_NAME>GAOFEN-1</OBJECT_NAME><OBJECT_ID>2013-018A</OBJECT_ID><CENTER_NAME>EARTH</CENTER_NAME><REF_FRAME>TEME</REF_FRAME><TIME_SYSTEM>UTC</TIME_SYSTEM><MEAN_ELEMENT_THEORY>SGP4</MEAN_ELEMENT_THEORY></metadata><data><meanElements><EPOCH>2025-10-03T15:06:55.277280</EPOCH><MEAN_MOTION>14.76545138</MEAN_MOTION><ECCENTRICITY>.0017964</ECCENTRICITY><INCLINATION>97.9406</INCLINATION><RA_OF_ASC_NODE>348.4992</RA_OF_ASC_NODE><ARG_OF_PERICENTER>17.2043</ARG_OF_PERICENTER><MEAN_ANOMALY>342.9772</MEAN_ANOMALY></meanElements><tleParameters><EPHEMERIS_TYPE>0</EPHEMERIS_TYPE><CLASSIFICATION_TYPE>U</CLASSIFICATION_TYPE><NORAD_CAT_ID>39150</NORAD_CAT_ID><ELEMENT_SET_NO>999</ELEMENT_SET_NO><REV_AT_EPOCH>67038</REV_AT_EPOCH><BSTAR>.2845E-3</BSTAR><MEAN_MOTION_DOT>.1938E-4</MEAN_MOTION_DOT><MEAN_MOTION_DDOT>0</MEAN_MOTION_DDOT></tleParameters></data></segment></body></omm>
</ndm>
"#;

    /// The same GAOFEN-1 set as TLE text.
    fn tle() -> ElementSet {
        let text = "GAOFEN-1\n\
1 39150U 13018A   25276.62980645  .00001938  00000+0  28450-3 0  9995\n\
2 39150  97.9406 348.4992 0017964  17.2043 342.9772 14.76545138670380\n";
        parse_tle(text.as_bytes(), &Limits::default())
            .expect("tle")
            .remove(0)
    }

    /// OMM and TLE agree on every element (the designator is written differently).
    fn assert_same(omm: &ElementSet, tle: &ElementSet) {
        assert_eq!(omm.norad_id, tle.norad_id);
        assert_eq!(omm.name, tle.name);
        assert!((omm.epoch_unix - tle.epoch_unix).abs() < 1e-3);
        assert_eq!(omm.inclination_deg, tle.inclination_deg);
        assert_eq!(omm.eccentricity, tle.eccentricity);
        assert_eq!(omm.mean_motion_rev_per_day, tle.mean_motion_rev_per_day);
        assert!((omm.bstar - tle.bstar).abs() < 1e-15);
        assert_eq!(omm.revolution_number, tle.revolution_number);
        assert_eq!(omm.international_designator.as_deref(), Some("2013-018A"));
    }

    #[test]
    fn celestrak_json_reads_as_the_same_elements_as_the_tle() {
        let sets = parse_omm_json(GF1_JSON.as_bytes(), &Limits::default()).expect("json");
        assert_same(&sets[0], &tle());
        // Space-Track writes numbers as strings; one object alone is accepted too.
        let strings = GF1_JSON
            .trim_matches(|c| c == '[' || c == ']')
            .replace(":14.76545138", ":\"14.76545138\"");
        let one = parse_omm_json(strings.as_bytes(), &Limits::default()).expect("object");
        assert_same(&one[0], &tle());
    }

    #[test]
    fn celestrak_xml_reads_as_the_same_elements_as_the_tle() {
        let sets = parse_omm_xml(GF1_XML.as_bytes(), &Limits::default()).expect("xml");
        assert_eq!(sets.len(), 1);
        assert_same(&sets[0], &tle());
    }

    #[test]
    fn bad_omms_say_what_is_wrong_and_where() {
        let e = parse_omm_json(
            GF1_JSON.replace("97.9406", "197.9406").as_bytes(),
            &Limits::default(),
        )
        .expect_err("range");
        assert!(
            e.to_string().contains("inclination") && e.to_string().contains("NORAD 39150"),
            "{e}"
        );
        let e = parse_omm_json(
            GF1_JSON.replace("\"EPOCH\"", "\"EPOCHX\"").as_bytes(),
            &Limits::default(),
        )
        .expect_err("missing");
        assert!(e.to_string().contains("EPOCH is missing"), "{e}");
        let e = parse_omm_json(b"[{\"a\":\n1,}]", &Limits::default()).expect_err("syntax");
        assert_eq!(e.line, 2, "{e}");
        let e = parse_omm_xml(
            GF1_XML
                .replace("<ECCENTRICITY>.0017964", "<ECCENTRICITY>1.5")
                .as_bytes(),
            &Limits::default(),
        )
        .expect_err("range");
        assert!(e.to_string().contains("eccentricity") && e.line == 4, "{e}");
        let e = parse_omm_xml(b"<ndm>\n<omm><segment>\n</omm>", &Limits::default())
            .expect_err("broken");
        assert!(e.line >= 2, "{e}");
    }

    #[test]
    fn limits_hold_for_json_and_xml() {
        let two_json = format!("[{0},{0}]", &GF1_JSON[1..GF1_JSON.len() - 1]);
        let one = Limits {
            max_bytes: 1 << 20,
            max_sets: 1,
        };
        assert!(
            parse_omm_json(two_json.as_bytes(), &one)
                .expect_err("two")
                .to_string()
                .contains("more than 1")
        );
        let two_xml = GF1_XML.replace(
            "</ndm>",
            &format!(
                "{}</ndm>",
                &GF1_XML[GF1_XML.find("<omm").unwrap_or(0)..GF1_XML.find("</ndm>").unwrap_or(0)]
            ),
        );
        assert_eq!(
            parse_omm_xml(two_xml.as_bytes(), &Limits::default())
                .expect("two")
                .len(),
            2
        );
        assert!(parse_omm_xml(two_xml.as_bytes(), &one).is_err());
        let tiny = Limits {
            max_bytes: 100,
            max_sets: 10,
        };
        assert_eq!(
            parse_omm_xml(GF1_XML.as_bytes(), &tiny)
                .expect_err("bytes")
                .line,
            0
        );
        assert_eq!(
            parse_omm_json(GF1_JSON.as_bytes(), &tiny)
                .expect_err("bytes")
                .line,
            0
        );
    }

    #[test]
    fn random_and_mutated_omm_input_never_panics() {
        let mut rng = crate::elements::tests::Rng(7);
        for _ in 0..2_000 {
            let len = rng.below(300);
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            let _ = parse_omm_json(&bytes, &Limits::default());
            let _ = parse_omm_xml(&bytes, &Limits::default());
        }
        let alphabet = b"<>/\"{}[],:.-eE0123456789 \n\xff&;";
        for source in [GF1_JSON, GF1_XML] {
            for _ in 0..3_000 {
                let mut bytes = source.as_bytes().to_vec();
                for _ in 0..1 + rng.below(3) {
                    let i = rng.below(bytes.len());
                    bytes[i] = alphabet[rng.below(alphabet.len())];
                }
                let results = [
                    parse_omm_json(&bytes, &Limits::default()),
                    parse_omm_xml(&bytes, &Limits::default()),
                ];
                for sets in results.into_iter().flatten() {
                    assert!(sets.iter().all(|s| check_ranges(s).is_ok()));
                }
            }
        }
        // Unknown keys are skipped unread, and known ones must be scalars.
        let noise: String = (0..50_000).map(|i| format!("\"K{i}\":[1,2,3],")).collect();
        let padded = GF1_JSON.replacen('{', &format!("{{{noise}"), 1);
        assert_eq!(
            parse_omm_json(padded.as_bytes(), &Limits::default()).map(|v| v.len()),
            Ok(1)
        );
        let nested = GF1_JSON.replace("\"2013-018A\"", "[\"2013-018A\"]");
        assert!(parse_omm_json(nested.as_bytes(), &Limits::default()).is_err());
        // Deep nesting stays within serde_json's recursion limit.
        let deep = "[".repeat(100_000);
        assert!(parse_omm_json(deep.as_bytes(), &Limits::default()).is_err());
    }
}
