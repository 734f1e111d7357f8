//! The catalogue data: 120 satellites, their sensors and the `/satellite` pages.
//!
//! Sources: NORAD ids, inclinations and mean altitudes are copied from the
//! CelesTrak element sets of 2025-10-03 (the
//! Earth-observation subset index, or the full active group for PRISMA,
//! EnMAP, RCM, GRACE-FO and Cartosat-1, which the subset lacks); only
//! satellites listed there under their own name get a NORAD id. Other facts
//! are the operators' published figures. Where a figure is not publicly
//! settled it is `None`. Operators are named only where the mission's own
//! publications name one operator (several Chinese missions have a user
//! ministry, a builder and a distributor, and stay `None`); revisits only
//! where the mission publishes one nominal figure.
//!
//! The altitude of a satellite in the element sets is its mean altitude at
//! that epoch, which for ageing satellites (ZY-3 01, TH-1 02, the first
//! Zhuhai-1 pair) lies well below the design altitude: that is where they fly.

use super::{Kind, Origin, ResolutionClass, Satellite, Sensor};

use Kind::{Gravity, Hyperspectral, Laser, Optical, Radar};
use Origin::{Chinese, Foreign, Other};
use ResolutionClass::{Coarse, Medium, Metre, SubMetre};

/// Every `/satellite` page (spec §2) that lists satellites: each entry's
/// `group` is one of these, and each has at least one entry.
pub const PAGES: &[&str] = &[
    "chinese/zy102c",
    "chinese/zy102d",
    "chinese/cbers04a",
    "chinese/zy3",
    "chinese/gf1",
    "chinese/gf2",
    "chinese/gf3",
    "chinese/gf4",
    "chinese/gf5",
    "chinese/gf6",
    "chinese/gf7",
    "chinese/multimode",
    "chinese/goumang",
    "chinese/th01",
    "chinese/jl1",
    "chinese/bj2",
    "chinese/sv1",
    "chinese/zhuhai",
    "chinese/lsar",
    "chinese/csar",
    "chinese/gf1bcd",
    "global/optical/landsat",
    "global/optical/rapideye",
    "global/optical/planetscope",
    "global/optical/skysat",
    "global/optical/geoeye",
    "global/optical/worldview",
    "global/optical/sentinel2",
    "global/optical/spot",
    "global/optical/pleiades",
    "global/optical/irs",
    "global/optical/kompsat",
    "global/hyperspectral/prisma",
    "global/hyperspectral/eo1",
    "global/hyperspectral/enmap",
    "global/radar/radarsat",
    "global/radar/sentinel1",
    "global/radar/cosmoskymed",
    "global/radar/terrasarx",
    "global/radar/alos2",
    "global/radar/kompsat5",
    "global/laser/icesat2",
    "global/gravity/gracefo",
];

/// A sensor; `const fn` so the tables below stay one line per sensor.
const fn s(
    id: &'static str,
    name: &'static str,
    kind: Kind,
    resolution_m: Option<f64>,
    multispectral_m: Option<f64>,
) -> Sensor {
    Sensor {
        id,
        name,
        kind,
        resolution_m,
        multispectral_m,
    }
}

// ---- Sensors of the Chinese satellites ----

const ZY1_02C: &[Sensor] = &[
    s("PMS", "全色多光谱相机", Optical, Some(5.0), Some(10.0)),
    s("HR1", "高分辨率相机1", Optical, Some(2.36), None),
    s("HR2", "高分辨率相机2", Optical, Some(2.36), None),
];
const ZY1_02D: &[Sensor] = &[
    s("VNIC", "可见近红外相机", Optical, Some(2.5), Some(10.0)),
    s("AHSI", "高光谱相机", Hyperspectral, Some(30.0), None),
];
const ZY1_02E: &[Sensor] = &[
    s("VNIC", "可见近红外相机", Optical, Some(2.5), Some(10.0)),
    s("AHSI", "高光谱相机", Hyperspectral, Some(30.0), None),
    s("TIR", "热红外相机", Optical, Some(16.0), None),
];
const CB04: &[Sensor] = &[
    s("PAN", "全色多光谱相机", Optical, Some(5.0), Some(10.0)),
    s("MUX", "多光谱相机", Optical, Some(20.0), None),
    s("IRS", "红外多光谱扫描仪", Optical, Some(40.0), None),
    s("WFI", "宽视场成像仪", Optical, Some(73.0), None),
];
const CB04A: &[Sensor] = &[
    s("WPM", "宽幅全色多光谱相机", Optical, Some(2.0), Some(8.0)),
    s("MUX", "多光谱相机", Optical, Some(16.5), None),
    s("WFI", "宽视场成像仪", Optical, None, None),
];
const ZY3_01: &[Sensor] = &[
    s("NAD", "正视全色相机", Optical, Some(2.1), None),
    s("FWD", "前视全色相机", Optical, Some(3.5), None),
    s("BWD", "后视全色相机", Optical, Some(3.5), None),
    s("MUX", "多光谱相机", Optical, Some(5.8), None),
];
/// ZY-3 02 and 03: the forward and backward cameras improved to 2.5 m.
const ZY3_0203: &[Sensor] = &[
    s("NAD", "正视全色相机", Optical, Some(2.1), None),
    s("FWD", "前视全色相机", Optical, Some(2.5), None),
    s("BWD", "后视全色相机", Optical, Some(2.5), None),
    s("MUX", "多光谱相机", Optical, Some(5.8), None),
];
const GF1: &[Sensor] = &[
    s("PMS1", "全色多光谱相机1", Optical, Some(2.0), Some(8.0)),
    s("PMS2", "全色多光谱相机2", Optical, Some(2.0), Some(8.0)),
    s("WFV1", "宽幅多光谱相机1", Optical, Some(16.0), None),
    s("WFV2", "宽幅多光谱相机2", Optical, Some(16.0), None),
    s("WFV3", "宽幅多光谱相机3", Optical, Some(16.0), None),
    s("WFV4", "宽幅多光谱相机4", Optical, Some(16.0), None),
];
const GF1BCD: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(2.0), Some(8.0))];
const GF2: &[Sensor] = &[
    s("PMS1", "全色多光谱相机1", Optical, Some(0.8), Some(3.2)),
    s("PMS2", "全色多光谱相机2", Optical, Some(0.8), Some(3.2)),
];
/// The twelve imaging modes of the GF-3 C-band SAR, shared by GF-3 02 and 03
/// (the 1 m C-SAR satellites).
const GF3: &[Sensor] = &[
    s("SL", "聚束模式", Radar, Some(1.0), None),
    s("UFS", "超精细条带模式", Radar, Some(3.0), None),
    s("FSI", "精细条带1模式", Radar, Some(5.0), None),
    s("FSII", "精细条带2模式", Radar, Some(10.0), None),
    s("SS", "标准条带模式", Radar, Some(25.0), None),
    s("NSC", "窄幅扫描模式", Radar, Some(50.0), None),
    s("WSC", "宽幅扫描模式", Radar, Some(100.0), None),
    s("GLO", "全球观测模式", Radar, Some(500.0), None),
    s("QPSI", "全极化条带1模式", Radar, Some(8.0), None),
    s("QPSII", "全极化条带2模式", Radar, Some(25.0), None),
    s("WAV", "波成像模式", Radar, Some(10.0), None),
    s("EXT", "扩展入射角模式", Radar, Some(25.0), None),
];
const GF4: &[Sensor] = &[
    s("PMI", "可见光近红外凝视相机", Optical, Some(50.0), None),
    s("IRS", "中波红外相机", Optical, Some(400.0), None),
];
const GF5_01: &[Sensor] = &[
    s(
        "AHSI",
        "可见短波红外高光谱相机",
        Hyperspectral,
        Some(30.0),
        None,
    ),
    s("VIMI", "全谱段光谱成像仪", Optical, Some(20.0), None),
    s("GMI", "大气主要温室气体监测仪", Hyperspectral, None, None),
    s(
        "AIUS",
        "大气环境红外甚高光谱分辨率探测仪",
        Hyperspectral,
        None,
        None,
    ),
    s(
        "EMI",
        "大气痕量气体差分吸收光谱仪",
        Hyperspectral,
        None,
        None,
    ),
    s("DPC", "大气气溶胶多角度偏振探测仪", Optical, None, None),
];
const GF5_02: &[Sensor] = &[
    s(
        "AHSI",
        "可见短波红外高光谱相机",
        Hyperspectral,
        Some(30.0),
        None,
    ),
    s("VIMI", "全谱段光谱成像仪", Optical, Some(20.0), None),
    s("GMI", "大气主要温室气体监测仪", Hyperspectral, None, None),
    s(
        "AIUS",
        "大气环境红外甚高光谱分辨率探测仪",
        Hyperspectral,
        None,
        None,
    ),
    s(
        "EMI",
        "大气痕量气体差分吸收光谱仪",
        Hyperspectral,
        None,
        None,
    ),
    s("DPC", "多角度偏振探测仪", Optical, None, None),
    s("POSP", "高精度偏振扫描仪", Optical, None, None),
];
const GF6: &[Sensor] = &[
    s("PMS", "全色多光谱相机", Optical, Some(2.0), Some(8.0)),
    s("WFV", "宽幅多光谱相机", Optical, Some(16.0), None),
];
const GF7: &[Sensor] = &[
    s("BWD", "后视全色相机", Optical, Some(0.65), None),
    s("FWD", "前视全色相机", Optical, Some(0.8), None),
    s("MUX", "后视多光谱相机", Optical, Some(2.6), None),
    s("LA", "激光测高仪", Laser, None, None),
];
const GFDM: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.5), Some(2.0))];
const CM1: &[Sensor] = &[
    s("LIDAR", "多波束激光雷达", Laser, None, None),
    s("MAMC", "多角度多光谱相机", Optical, None, None),
    s("SIF", "超光谱探测仪", Hyperspectral, None, None),
    s("DPC", "多角度偏振成像仪", Optical, None, None),
];
const TH1: &[Sensor] = &[
    s("TLC", "三线阵CCD相机", Optical, Some(5.0), None),
    s("HRC", "高分辨率相机", Optical, Some(2.0), None),
    s("MSC", "多光谱相机", Optical, Some(10.0), None),
];
const JL1GXA: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.72), Some(2.88))];
const JL1SP: &[Sensor] = &[s("VIDEO", "视频相机", Optical, Some(1.0), None)];
const JL1GF02: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.75), None)];
const JL1KF01A: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, None, None)];
const JL1KF: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.5), None)];
const BJ2: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.8), Some(3.2))];
const SV1: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.5), Some(2.0))];
const OVS1: &[Sensor] = &[s("OVS", "视频相机", Optical, Some(1.98), None)];
const OVS23: &[Sensor] = &[s("OVS", "视频相机", Optical, Some(0.9), None)];
const OHS: &[Sensor] = &[s("OHS", "高光谱相机", Hyperspectral, Some(10.0), None)];
const LT1: &[Sensor] = &[
    s("STRIP1", "条带模式1", Radar, Some(3.0), None),
    s("STRIP2", "条带模式2", Radar, None, None),
    s("STRIP3", "条带模式3", Radar, None, None),
    s("STRIP4", "条带模式4", Radar, None, None),
    s("STRIP5", "条带模式5", Radar, None, None),
    s("SCAN", "扫描模式", Radar, None, None),
];

// ---- Sensors of the global satellites ----

const L5: &[Sensor] = &[
    s("TM", "专题制图仪", Optical, Some(30.0), None),
    s("MSS", "多光谱扫描仪", Optical, None, None),
];
const L7: &[Sensor] = &[s(
    "ETM",
    "增强型专题制图仪（ETM+）",
    Optical,
    Some(15.0),
    Some(30.0),
)];
const L89: &[Sensor] = &[
    s("OLI", "陆地成像仪", Optical, Some(15.0), Some(30.0)),
    s("TIRS", "热红外传感器", Optical, Some(100.0), None),
];
const RE: &[Sensor] = &[s("REIS", "RapidEye多光谱成像仪", Optical, Some(6.5), None)];
const PS: &[Sensor] = &[
    s("PS2", "Dove Classic相机", Optical, None, None),
    s("PS2.SD", "Dove-R相机", Optical, None, None),
    s("PSB.SD", "SuperDove相机", Optical, None, None),
];
const SKYSAT: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, None, None)];
const GE1: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.41), Some(1.65))];
const IKONOS: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.82), Some(3.2))];
const WV1: &[Sensor] = &[s("PAN", "全色相机", Optical, Some(0.5), None)];
const WV2: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.46), Some(1.84))];
const WV3: &[Sensor] = &[
    s("PMS", "全色多光谱相机", Optical, Some(0.31), Some(1.24)),
    s("SWIR", "短波红外相机", Optical, Some(3.7), None),
    s("CAVIS", "云气溶胶水汽冰雪校正仪", Optical, Some(30.0), None),
];
const WV4: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.31), Some(1.24))];
const WVL: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, None, None)];
const S2: &[Sensor] = &[s("MSI", "多光谱成像仪", Optical, Some(10.0), None)];
const SPOT5: &[Sensor] = &[
    s("HRG", "高分辨率几何成像仪", Optical, Some(2.5), Some(10.0)),
    s("HRS", "高分辨率立体成像仪", Optical, None, None),
    s("VGT", "植被探测仪", Optical, None, None),
];
const SPOT67: &[Sensor] = &[s(
    "NAOMI",
    "全色多光谱相机（NAOMI）",
    Optical,
    Some(1.5),
    Some(6.0),
)];
const PHR: &[Sensor] = &[s("HIRI", "高分辨率成像仪", Optical, Some(0.7), Some(2.8))];
const PNEO: &[Sensor] = &[s("PMS", "全色多光谱相机", Optical, Some(0.3), Some(1.2))];
const RESOURCESAT2: &[Sensor] = &[
    s(
        "LISS4",
        "LISS-IV高分辨率多光谱相机",
        Optical,
        Some(5.8),
        None,
    ),
    s("LISS3", "LISS-III多光谱相机", Optical, Some(23.5), None),
    s("AWIFS", "AWiFS宽视场相机", Optical, Some(56.0), None),
];
const CARTOSAT1: &[Sensor] = &[
    s("PANF", "前视全色相机", Optical, Some(2.5), None),
    s("PANA", "后视全色相机", Optical, Some(2.5), None),
];
const CARTOSAT2: &[Sensor] = &[s("PAN", "全色相机", Optical, Some(0.8), None)];
const CARTOSAT2CF: &[Sensor] = &[
    s("PAN", "全色相机", Optical, Some(0.65), None),
    s("MX", "多光谱相机", Optical, Some(2.0), None),
];
const CARTOSAT3: &[Sensor] = &[
    s("PAN", "全色相机", Optical, Some(0.25), None),
    s("MX", "多光谱相机", Optical, None, None),
];
const KOMPSAT2: &[Sensor] = &[s("MSC", "多光谱相机", Optical, Some(1.0), Some(4.0))];
const KOMPSAT3: &[Sensor] = &[s(
    "AEISS",
    "AEISS全色多光谱相机",
    Optical,
    Some(0.7),
    Some(2.8),
)];
const KOMPSAT3A: &[Sensor] = &[
    s(
        "AEISSA",
        "AEISS-A全色多光谱相机",
        Optical,
        Some(0.55),
        Some(2.2),
    ),
    s("IIS", "中波红外成像仪", Optical, Some(5.5), None),
];
const PRISMA: &[Sensor] = &[
    s("HYP", "高光谱成像仪", Hyperspectral, Some(30.0), None),
    s("PAN", "全色相机", Optical, Some(5.0), None),
];
const EO1: &[Sensor] = &[
    s(
        "HYPERION",
        "Hyperion高光谱成像仪",
        Hyperspectral,
        Some(30.0),
        None,
    ),
    s("ALI", "先进陆地成像仪", Optical, Some(10.0), Some(30.0)),
];
const ENMAP: &[Sensor] = &[s("HSI", "高光谱成像仪", Hyperspectral, Some(30.0), None)];
const RADARSAT2: &[Sensor] = &[
    s("SLA", "聚束模式", Radar, Some(1.0), None),
    s("U", "超精细模式", Radar, Some(3.0), None),
    s("F", "精细模式", Radar, Some(8.0), None),
    s("S", "标准模式", Radar, Some(25.0), None),
    s("W", "宽幅模式", Radar, Some(30.0), None),
    s("SCN", "窄幅扫描模式", Radar, Some(50.0), None),
    s("SCW", "宽幅扫描模式", Radar, Some(100.0), None),
    s("FQ", "精细全极化模式", Radar, None, None),
];
/// RCM beam modes; the spotlight mode is quoted as 1 × 3 m (range ×
/// azimuth), so no single figure is given for it.
const RCM: &[Sensor] = &[
    s("SL", "聚束模式", Radar, None, None),
    s("VHR", "甚高分辨率模式", Radar, Some(3.0), None),
    s("HR", "高分辨率模式", Radar, Some(5.0), None),
    s("MR", "中分辨率模式", Radar, None, None),
    s("LR", "低分辨率模式", Radar, Some(100.0), None),
    s("QP", "全极化模式", Radar, Some(9.0), None),
];
const S1: &[Sensor] = &[
    s("SM", "条带模式", Radar, Some(5.0), None),
    s("IW", "干涉宽幅模式", Radar, Some(5.0), None),
    s("EW", "超宽幅模式", Radar, Some(20.0), None),
    s("WV", "波模式", Radar, Some(5.0), None),
];
const CSK: &[Sensor] = &[
    s("S2", "聚束模式（Spotlight-2）", Radar, Some(1.0), None),
    s("HI", "条带模式（HIMAGE）", Radar, Some(3.0), None),
    s("PP", "交替极化模式（PingPong）", Radar, Some(15.0), None),
    s("WR", "宽幅扫描模式（WideRegion）", Radar, Some(30.0), None),
    s(
        "HR",
        "超宽幅扫描模式（HugeRegion）",
        Radar,
        Some(100.0),
        None,
    ),
];
const CSG: &[Sensor] = &[
    s("S2", "聚束模式", Radar, None, None),
    s("SM", "条带模式", Radar, None, None),
    s("SC", "扫描模式", Radar, None, None),
];
const TSX: &[Sensor] = &[
    s("ST", "凝视聚束模式", Radar, Some(0.25), None),
    s("HS", "高分辨率聚束模式", Radar, Some(1.0), None),
    s("SL", "聚束模式", Radar, Some(2.0), None),
    s("SM", "条带模式", Radar, Some(3.0), None),
    s("SC", "扫描模式", Radar, Some(18.0), None),
    s("WS", "宽幅扫描模式", Radar, Some(40.0), None),
];
/// PALSAR-2 observation modes; spotlight is quoted as 1 × 3 m (azimuth ×
/// range), so no single figure is given for it.
const ALOS2: &[Sensor] = &[
    s("SBS", "聚束模式", Radar, None, None),
    s("UBS", "超精细条带模式", Radar, Some(3.0), None),
    s("HBS", "高灵敏条带模式", Radar, Some(6.0), None),
    s("FBS", "精细条带模式", Radar, Some(10.0), None),
    s("WBS", "扫描模式", Radar, Some(100.0), None),
    s("VBS", "宽幅扫描模式", Radar, Some(60.0), None),
];
const ALOS4: &[Sensor] = &[s(
    "PALSAR3",
    "PALSAR-3 L波段合成孔径雷达",
    Radar,
    None,
    None,
)];
const KOMPSAT5: &[Sensor] = &[
    s("HR", "高分辨率模式", Radar, Some(1.0), None),
    s("ST", "标准模式", Radar, Some(3.0), None),
    s("WS", "宽幅模式", Radar, Some(20.0), None),
];
const ICESAT2: &[Sensor] = &[s("ATLAS", "先进地形激光测高系统", Laser, None, None)];
const GRACEFO: &[Sensor] = &[
    s("MWI", "微波测距系统", Gravity, None, None),
    s("LRI", "激光测距干涉仪", Gravity, None, None),
    s("ACC", "加速度计", Gravity, None, None),
];

/// Each catalogue `value` with its sensors (or radar imaging modes).
pub const SENSORS: &[(&str, &[Sensor])] = &[
    ("ZY1-02C", ZY1_02C),
    ("ZY1-02D", ZY1_02D),
    ("ZY1-02E", ZY1_02E),
    ("CB04", CB04),
    ("CB04A", CB04A),
    ("ZY3-01", ZY3_01),
    ("ZY3-02", ZY3_0203),
    ("ZY3-03", ZY3_0203),
    ("GF1", GF1),
    ("GF1B", GF1BCD),
    ("GF1C", GF1BCD),
    ("GF1D", GF1BCD),
    ("GF2", GF2),
    ("GF3", GF3),
    ("GF3-02", GF3),
    ("GF3-03", GF3),
    ("GF4", GF4),
    ("GF5", GF5_01),
    ("GF5-02", GF5_02),
    ("GF6", GF6),
    ("GF7", GF7),
    ("GFDM1", GFDM),
    ("CM1", CM1),
    ("TH1-01", TH1),
    ("TH1-02", TH1),
    ("TH1-03", TH1),
    ("TH1-04", TH1),
    ("JL1GXA", JL1GXA),
    ("JL1SP07", JL1SP),
    ("JL1SP08", JL1SP),
    ("JL1GF02A", JL1GF02),
    ("JL1GF02B", JL1GF02),
    ("JL1GF02D", JL1GF02),
    ("JL1GF02F", JL1GF02),
    ("JL1KF01A", JL1KF01A),
    ("JL1KF01B", JL1KF),
    ("JL1KF01C", JL1KF),
    ("JL1KF02B01", JL1KF),
    ("JL1KF02B02", JL1KF),
    ("JL1KF02B03", JL1KF),
    ("JL1KF02B04", JL1KF),
    ("JL1KF02B05", JL1KF),
    ("JL1KF02B06", JL1KF),
    ("BJ2-01", BJ2),
    ("BJ2-02", BJ2),
    ("BJ2-03", BJ2),
    ("SV1-01", SV1),
    ("SV1-02", SV1),
    ("SV1-03", SV1),
    ("SV1-04", SV1),
    ("OVS-1A", OVS1),
    ("OVS-1B", OVS1),
    ("OVS-2A", OVS23),
    ("OVS-3A", OVS23),
    ("OHS-2", OHS),
    ("OHS-3", OHS),
    ("LT1A", LT1),
    ("LT1B", LT1),
    ("L5", L5),
    ("L7", L7),
    ("L8", L89),
    ("L9", L89),
    ("RE", RE),
    ("PS", PS),
    ("SKYSAT", SKYSAT),
    ("GE1", GE1),
    ("IKONOS", IKONOS),
    ("WV1", WV1),
    ("WV2", WV2),
    ("WV3", WV3),
    ("WV4", WV4),
    ("WVL", WVL),
    ("S2A", S2),
    ("S2B", S2),
    ("S2C", S2),
    ("SPOT5", SPOT5),
    ("SPOT6", SPOT67),
    ("SPOT7", SPOT67),
    ("PHR1A", PHR),
    ("PHR1B", PHR),
    ("PNEO3", PNEO),
    ("PNEO4", PNEO),
    ("RESOURCESAT2", RESOURCESAT2),
    ("RESOURCESAT2A", RESOURCESAT2),
    ("CARTOSAT1", CARTOSAT1),
    ("CARTOSAT2", CARTOSAT2),
    ("CARTOSAT2A", CARTOSAT2),
    ("CARTOSAT2B", CARTOSAT2),
    ("CARTOSAT2C", CARTOSAT2CF),
    ("CARTOSAT2D", CARTOSAT2CF),
    ("CARTOSAT2E", CARTOSAT2CF),
    ("CARTOSAT2F", CARTOSAT2CF),
    ("CARTOSAT3", CARTOSAT3),
    ("KOMPSAT2", KOMPSAT2),
    ("KOMPSAT3", KOMPSAT3),
    ("KOMPSAT3A", KOMPSAT3A),
    ("PRISMA", PRISMA),
    ("EO1", EO1),
    ("ENMAP", ENMAP),
    ("RADARSAT2", RADARSAT2),
    ("RCM1", RCM),
    ("RCM2", RCM),
    ("RCM3", RCM),
    ("S1A", S1),
    ("S1B", S1),
    ("S1C", S1),
    ("CSK1", CSK),
    ("CSK2", CSK),
    ("CSK3", CSK),
    ("CSK4", CSK),
    ("CSG1", CSG),
    ("CSG2", CSG),
    ("TSX", TSX),
    ("TDX", TSX),
    ("ALOS2", ALOS2),
    ("ALOS4", ALOS4),
    ("KOMPSAT5", KOMPSAT5),
    ("ICESAT2", ICESAT2),
    ("GRACEFO1", GRACEFO),
    ("GRACEFO2", GRACEFO),
];

/// Local times of the node, as shown.
const D1030: Option<&str> = Some("10:30 降交点");
const D1000: Option<&str> = Some("10:00 降交点");
const D1100: Option<&str> = Some("11:00 降交点");
const D1200: Option<&str> = Some("12:00 降交点");
const D1330: Option<&str> = Some("13:30 降交点");
const D0945: Option<&str> = Some("09:45 降交点");
const D0600: Option<&str> = Some("06:00 降交点");
const A1800: Option<&str> = Some("18:00 升交点");
const A0600: Option<&str> = Some("06:00 升交点");

/// The 120 satellites in display order: Chinese first, by page, then global.
#[rustfmt::skip]
pub const SATELLITES: &[Satellite] = &[
    // ---- Chinese (properties 1) ----
    Satellite { index: 1, label: "资源一号02C星", value: "ZY1-02C", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zy102c", country: "中国",
        norad_id: Some(38038), altitude_km: Some(765.5), inclination_deg: Some(98.4422), local_time: D1030, swath_km: Some(54.0), best_resolution_m: Some(2.36), launch_date: Some("2011-12-22"), operator: None, revisit: None },
    Satellite { index: 2, label: "资源一号02D星", value: "ZY1-02D", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zy102d", country: "中国",
        norad_id: Some(44528), altitude_km: Some(773.5), inclination_deg: Some(98.3565), local_time: None, swath_km: Some(115.0), best_resolution_m: Some(2.5), launch_date: Some("2019-09-12"), operator: None, revisit: None },
    Satellite { index: 3, label: "资源一号02E星", value: "ZY1-02E", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zy102d", country: "中国",
        norad_id: Some(50465), altitude_km: Some(773.8), inclination_deg: Some(98.4696), local_time: None, swath_km: Some(115.0), best_resolution_m: Some(2.5), launch_date: Some("2021-12-26"), operator: None, revisit: None },
    Satellite { index: 4, label: "中巴地球资源卫星04星", value: "CB04", checked: false, properties: Chinese, resolution: Medium, kind: Optical, group: "chinese/cbers04a", country: "中国、巴西",
        norad_id: Some(40336), altitude_km: Some(773.3), inclination_deg: Some(98.3412), local_time: D1030, swath_km: Some(60.0), best_resolution_m: Some(5.0), launch_date: Some("2014-12-07"), operator: Some("中国国家航天局、巴西航天局"), revisit: None },
    Satellite { index: 5, label: "中巴地球资源卫星04A星", value: "CB04A", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/cbers04a", country: "中国、巴西",
        norad_id: Some(44883), altitude_km: Some(624.1), inclination_deg: Some(97.7831), local_time: D1030, swath_km: Some(92.0), best_resolution_m: Some(2.0), launch_date: Some("2019-12-20"), operator: Some("中国国家航天局、巴西航天局"), revisit: None },
    Satellite { index: 6, label: "资源三号01星", value: "ZY3-01", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zy3", country: "中国",
        norad_id: Some(38046), altitude_km: Some(391.1), inclination_deg: Some(97.189), local_time: D1030, swath_km: Some(51.0), best_resolution_m: Some(2.1), launch_date: Some("2012-01-09"), operator: None, revisit: None },
    Satellite { index: 7, label: "资源三号02星", value: "ZY3-02", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zy3", country: "中国",
        norad_id: Some(41556), altitude_km: Some(502.0), inclination_deg: Some(97.4115), local_time: D1030, swath_km: Some(51.0), best_resolution_m: Some(2.1), launch_date: Some("2016-05-30"), operator: None, revisit: None },
    Satellite { index: 8, label: "资源三号03星", value: "ZY3-03", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zy3", country: "中国",
        norad_id: Some(45939), altitude_km: Some(501.1), inclination_deg: Some(97.3171), local_time: D1030, swath_km: Some(51.0), best_resolution_m: Some(2.1), launch_date: Some("2020-07-25"), operator: None, revisit: None },
    Satellite { index: 9, label: "高分一号", value: "GF1", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/gf1", country: "中国",
        norad_id: Some(39150), altitude_km: Some(640.3), inclination_deg: Some(97.9406), local_time: D1030, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: Some("2013-04-26"), operator: None, revisit: Some("4天（侧摆）") },
    // GF-1 B, C and D are the CelesTrak "GAOFEN-1 02, 03, 04".
    Satellite { index: 10, label: "高分一号B星", value: "GF1B", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/gf1bcd", country: "中国",
        norad_id: Some(43259), altitude_km: Some(640.5), inclination_deg: Some(98.0915), local_time: None, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: Some("2018-03-31"), operator: None, revisit: None },
    Satellite { index: 11, label: "高分一号C星", value: "GF1C", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/gf1bcd", country: "中国",
        norad_id: Some(43260), altitude_km: Some(640.4), inclination_deg: Some(98.0907), local_time: None, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: Some("2018-03-31"), operator: None, revisit: None },
    Satellite { index: 12, label: "高分一号D星", value: "GF1D", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/gf1bcd", country: "中国",
        norad_id: Some(43262), altitude_km: Some(640.7), inclination_deg: Some(98.0916), local_time: None, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: Some("2018-03-31"), operator: None, revisit: None },
    Satellite { index: 13, label: "高分二号", value: "GF2", checked: true, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/gf2", country: "中国",
        norad_id: Some(40118), altitude_km: Some(628.1), inclination_deg: Some(98.0491), local_time: D1030, swath_km: Some(45.0), best_resolution_m: Some(0.8), launch_date: Some("2014-08-19"), operator: None, revisit: Some("5天（侧摆）") },
    Satellite { index: 14, label: "高分三号", value: "GF3", checked: false, properties: Chinese, resolution: SubMetre, kind: Radar, group: "chinese/gf3", country: "中国",
        norad_id: Some(41727), altitude_km: Some(751.2), inclination_deg: Some(98.4062), local_time: D0600, swath_km: Some(10.0), best_resolution_m: Some(1.0), launch_date: Some("2016-08-10"), operator: None, revisit: None },
    // GF-3 02 and 03 are the 1 m C-SAR operational satellites 01 and 02: the C-SAR page.
    Satellite { index: 15, label: "高分三号02星（1米C-SAR 01星）", value: "GF3-02", checked: false, properties: Chinese, resolution: SubMetre, kind: Radar, group: "chinese/csar", country: "中国",
        norad_id: Some(49495), altitude_km: Some(751.2), inclination_deg: Some(98.4141), local_time: D0600, swath_km: Some(10.0), best_resolution_m: Some(1.0), launch_date: Some("2021-11-23"), operator: None, revisit: None },
    Satellite { index: 16, label: "高分三号03星（1米C-SAR 02星）", value: "GF3-03", checked: false, properties: Chinese, resolution: SubMetre, kind: Radar, group: "chinese/csar", country: "中国",
        norad_id: Some(52200), altitude_km: Some(751.2), inclination_deg: Some(98.4123), local_time: D0600, swath_km: Some(10.0), best_resolution_m: Some(1.0), launch_date: Some("2022-04-07"), operator: None, revisit: None },
    Satellite { index: 17, label: "高分四号", value: "GF4", checked: false, properties: Chinese, resolution: Coarse, kind: Optical, group: "chinese/gf4", country: "中国",
        norad_id: Some(41194), altitude_km: Some(35786.5), inclination_deg: Some(0.0842), local_time: None, swath_km: Some(400.0), best_resolution_m: Some(50.0), launch_date: Some("2015-12-29"), operator: None, revisit: None },
    Satellite { index: 18, label: "高分五号", value: "GF5", checked: false, properties: Chinese, resolution: Coarse, kind: Hyperspectral, group: "chinese/gf5", country: "中国",
        norad_id: Some(43461), altitude_km: Some(692.2), inclination_deg: Some(98.4203), local_time: D1330, swath_km: Some(60.0), best_resolution_m: Some(20.0), launch_date: Some("2018-05-09"), operator: None, revisit: None },
    Satellite { index: 19, label: "高分五号02星", value: "GF5-02", checked: false, properties: Chinese, resolution: Coarse, kind: Hyperspectral, group: "chinese/gf5", country: "中国",
        norad_id: Some(49122), altitude_km: Some(700.3), inclination_deg: Some(98.1321), local_time: None, swath_km: Some(60.0), best_resolution_m: Some(20.0), launch_date: Some("2021-09-07"), operator: None, revisit: None },
    Satellite { index: 20, label: "高分六号", value: "GF6", checked: true, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/gf6", country: "中国",
        norad_id: Some(43484), altitude_km: Some(639.9), inclination_deg: Some(97.8125), local_time: D1030, swath_km: Some(90.0), best_resolution_m: Some(2.0), launch_date: Some("2018-06-02"), operator: None, revisit: None },
    Satellite { index: 21, label: "高分七号", value: "GF7", checked: true, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/gf7", country: "中国",
        norad_id: Some(44703), altitude_km: Some(501.5), inclination_deg: Some(97.2804), local_time: D1030, swath_km: Some(20.0), best_resolution_m: Some(0.65), launch_date: Some("2019-11-03"), operator: None, revisit: None },
    Satellite { index: 22, label: "高分多模综合成像卫星", value: "GFDM1", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/multimode", country: "中国",
        norad_id: Some(45856), altitude_km: Some(639.3), inclination_deg: Some(97.8131), local_time: None, swath_km: None, best_resolution_m: Some(0.5), launch_date: Some("2020-07-03"), operator: None, revisit: None },
    // Goumang's lead payload is its multi-beam lidar: type 4, and class 4 as a non-imaging mission.
    Satellite { index: 23, label: "句芒号（陆地生态系统碳监测卫星）", value: "CM1", checked: false, properties: Chinese, resolution: Coarse, kind: Laser, group: "chinese/goumang", country: "中国",
        norad_id: None, altitude_km: None, inclination_deg: None, local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2022-08-04"), operator: None, revisit: None },
    Satellite { index: 24, label: "天绘一号01星", value: "TH1-01", checked: false, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/th01", country: "中国",
        norad_id: None, altitude_km: Some(500.0), inclination_deg: None, local_time: None, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: Some("2010-08-24"), operator: None, revisit: None },
    Satellite { index: 25, label: "天绘一号02星", value: "TH1-02", checked: false, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/th01", country: "中国",
        norad_id: Some(38256), altitude_km: Some(349.5), inclination_deg: Some(97.6166), local_time: None, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: Some("2012-05-06"), operator: None, revisit: None },
    Satellite { index: 26, label: "天绘一号03星", value: "TH1-03", checked: false, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/th01", country: "中国",
        norad_id: None, altitude_km: Some(500.0), inclination_deg: None, local_time: None, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: Some("2015-10-26"), operator: None, revisit: None },
    Satellite { index: 27, label: "天绘一号04星", value: "TH1-04", checked: false, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/th01", country: "中国",
        norad_id: Some(49049), altitude_km: Some(494.5), inclination_deg: Some(97.3114), local_time: None, swath_km: Some(60.0), best_resolution_m: Some(2.0), launch_date: None, operator: None, revisit: None },
    // Jilin-1: the CelesTrak "JILIN-1" is optical A; "JILIN-1 07/08" are video 07/08.
    Satellite { index: 28, label: "吉林一号光学A星", value: "JL1GXA", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(40961), altitude_km: Some(636.8), inclination_deg: Some(97.6505), local_time: None, swath_km: Some(11.6), best_resolution_m: Some(0.72), launch_date: Some("2015-10-07"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 29, label: "吉林一号视频07星", value: "JL1SP07", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(43159), altitude_km: Some(476.9), inclination_deg: Some(97.2019), local_time: None, swath_km: Some(19.0), best_resolution_m: Some(1.0), launch_date: Some("2018-01-19"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 30, label: "吉林一号视频08星", value: "JL1SP08", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(43160), altitude_km: Some(478.6), inclination_deg: Some(97.2036), local_time: None, swath_km: Some(19.0), best_resolution_m: Some(1.0), launch_date: Some("2018-01-19"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 31, label: "吉林一号高分02A星", value: "JL1GF02A", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(44777), altitude_km: Some(473.8), inclination_deg: Some(97.5229), local_time: None, swath_km: Some(40.0), best_resolution_m: Some(0.75), launch_date: Some("2019-11-13"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 32, label: "吉林一号高分02B星", value: "JL1GF02B", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(44836), altitude_km: Some(516.2), inclination_deg: Some(97.521), local_time: None, swath_km: Some(40.0), best_resolution_m: Some(0.75), launch_date: Some("2019-12-07"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 33, label: "吉林一号高分02D星", value: "JL1GF02D", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(49256), altitude_km: Some(544.1), inclination_deg: Some(97.6225), local_time: None, swath_km: Some(40.0), best_resolution_m: Some(0.75), launch_date: Some("2021-09-27"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 34, label: "吉林一号高分02F星", value: "JL1GF02F", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(49338), altitude_km: Some(551.7), inclination_deg: Some(97.6419), local_time: None, swath_km: Some(40.0), best_resolution_m: Some(0.75), launch_date: Some("2021-10-27"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    // Wide-swath 01 is published as sub-metre without one settled figure.
    Satellite { index: 35, label: "吉林一号宽幅01星", value: "JL1KF01A", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(45016), altitude_km: Some(535.1), inclination_deg: Some(97.5326), local_time: None, swath_km: Some(136.0), best_resolution_m: None, launch_date: Some("2020-01-15"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 36, label: "吉林一号宽幅01B星", value: "JL1KF01B", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(49003), altitude_km: Some(536.9), inclination_deg: Some(97.5487), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2021-07-03"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 37, label: "吉林一号宽幅01C星", value: "JL1KF01C", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(52443), altitude_km: Some(535.5), inclination_deg: Some(97.5517), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2022-05-05"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 38, label: "吉林一号宽幅02B01星", value: "JL1KF02B01", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(61189), altitude_km: Some(537.1), inclination_deg: Some(97.5806), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2024-09-20"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 39, label: "吉林一号宽幅02B02星", value: "JL1KF02B02", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(61190), altitude_km: Some(537.7), inclination_deg: Some(97.5693), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2024-09-20"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 40, label: "吉林一号宽幅02B03星", value: "JL1KF02B03", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(61191), altitude_km: Some(536.9), inclination_deg: Some(97.5773), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2024-09-20"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 41, label: "吉林一号宽幅02B04星", value: "JL1KF02B04", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(61192), altitude_km: Some(536.4), inclination_deg: Some(97.5696), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2024-09-20"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 42, label: "吉林一号宽幅02B05星", value: "JL1KF02B05", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(61193), altitude_km: Some(536.5), inclination_deg: Some(97.5808), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2024-09-20"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    Satellite { index: 43, label: "吉林一号宽幅02B06星", value: "JL1KF02B06", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/jl1", country: "中国",
        norad_id: Some(61194), altitude_km: Some(536.8), inclination_deg: Some(97.5769), local_time: None, swath_km: Some(150.0), best_resolution_m: Some(0.5), launch_date: Some("2024-09-20"), operator: Some("长光卫星技术股份有限公司"), revisit: None },
    // Beijing-2 is the DMC3 constellation: CelesTrak "DMC3-FM1..3".
    Satellite { index: 44, label: "北京二号01星", value: "BJ2-01", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/bj2", country: "中国",
        norad_id: Some(40715), altitude_km: Some(612.8), inclination_deg: Some(97.6789), local_time: None, swath_km: None, best_resolution_m: Some(0.8), launch_date: Some("2015-07-10"), operator: Some("二十一世纪空间技术应用股份有限公司"), revisit: None },
    Satellite { index: 45, label: "北京二号02星", value: "BJ2-02", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/bj2", country: "中国",
        norad_id: Some(40716), altitude_km: Some(612.8), inclination_deg: Some(97.6841), local_time: None, swath_km: None, best_resolution_m: Some(0.8), launch_date: Some("2015-07-10"), operator: Some("二十一世纪空间技术应用股份有限公司"), revisit: None },
    Satellite { index: 46, label: "北京二号03星", value: "BJ2-03", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/bj2", country: "中国",
        norad_id: Some(40717), altitude_km: Some(612.8), inclination_deg: Some(97.6897), local_time: None, swath_km: None, best_resolution_m: Some(0.8), launch_date: Some("2015-07-10"), operator: Some("二十一世纪空间技术应用股份有限公司"), revisit: None },
    // SuperView-1: only 03 is named in the element sets; the others keep the nominal 530 km.
    Satellite { index: 47, label: "高景一号01星", value: "SV1-01", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/sv1", country: "中国",
        norad_id: None, altitude_km: Some(530.0), inclination_deg: None, local_time: None, swath_km: Some(12.0), best_resolution_m: Some(0.5), launch_date: Some("2016-12-28"), operator: Some("中国四维测绘技术有限公司"), revisit: None },
    Satellite { index: 48, label: "高景一号02星", value: "SV1-02", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/sv1", country: "中国",
        norad_id: None, altitude_km: Some(530.0), inclination_deg: None, local_time: None, swath_km: Some(12.0), best_resolution_m: Some(0.5), launch_date: Some("2016-12-28"), operator: Some("中国四维测绘技术有限公司"), revisit: None },
    Satellite { index: 49, label: "高景一号03星", value: "SV1-03", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/sv1", country: "中国",
        norad_id: Some(43099), altitude_km: Some(477.3), inclination_deg: Some(97.3359), local_time: None, swath_km: Some(12.0), best_resolution_m: Some(0.5), launch_date: Some("2018-01-09"), operator: Some("中国四维测绘技术有限公司"), revisit: None },
    Satellite { index: 50, label: "高景一号04星", value: "SV1-04", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/sv1", country: "中国",
        norad_id: None, altitude_km: Some(530.0), inclination_deg: None, local_time: None, swath_km: Some(12.0), best_resolution_m: Some(0.5), launch_date: Some("2018-01-09"), operator: Some("中国四维测绘技术有限公司"), revisit: None },
    // Zhuhai-1: OVS-1A/1B are "ZHUHAI-1 01/02 (CAS-4A/4B)", OVS-2A is "ZHUHAI-1 OVS-02".
    // The hyperspectral groups of four satellites each have no single NORAD id.
    Satellite { index: 51, label: "珠海一号OVS-1A星", value: "OVS-1A", checked: false, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zhuhai", country: "中国",
        norad_id: Some(42761), altitude_km: Some(253.8), inclination_deg: Some(42.9988), local_time: None, swath_km: None, best_resolution_m: Some(1.98), launch_date: Some("2017-06-15"), operator: Some("珠海欧比特宇航科技股份有限公司"), revisit: None },
    Satellite { index: 52, label: "珠海一号OVS-1B星", value: "OVS-1B", checked: false, properties: Chinese, resolution: Metre, kind: Optical, group: "chinese/zhuhai", country: "中国",
        norad_id: Some(42759), altitude_km: Some(278.3), inclination_deg: Some(42.9976), local_time: None, swath_km: None, best_resolution_m: Some(1.98), launch_date: Some("2017-06-15"), operator: Some("珠海欧比特宇航科技股份有限公司"), revisit: None },
    Satellite { index: 53, label: "珠海一号OVS-2A星", value: "OVS-2A", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/zhuhai", country: "中国",
        norad_id: Some(43440), altitude_km: Some(503.1), inclination_deg: Some(97.0647), local_time: None, swath_km: Some(22.5), best_resolution_m: Some(0.9), launch_date: Some("2018-04-26"), operator: Some("珠海欧比特宇航科技股份有限公司"), revisit: None },
    Satellite { index: 54, label: "珠海一号OVS-3A星", value: "OVS-3A", checked: false, properties: Chinese, resolution: SubMetre, kind: Optical, group: "chinese/zhuhai", country: "中国",
        norad_id: None, altitude_km: None, inclination_deg: None, local_time: None, swath_km: Some(22.5), best_resolution_m: Some(0.9), launch_date: Some("2019-09-19"), operator: Some("珠海欧比特宇航科技股份有限公司"), revisit: None },
    Satellite { index: 55, label: "珠海一号OHS-2组（A–D星）", value: "OHS-2", checked: false, properties: Chinese, resolution: Medium, kind: Hyperspectral, group: "chinese/zhuhai", country: "中国",
        norad_id: None, altitude_km: None, inclination_deg: None, local_time: None, swath_km: Some(150.0), best_resolution_m: Some(10.0), launch_date: Some("2018-04-26"), operator: Some("珠海欧比特宇航科技股份有限公司"), revisit: None },
    Satellite { index: 56, label: "珠海一号OHS-3组（A–D星）", value: "OHS-3", checked: false, properties: Chinese, resolution: Medium, kind: Hyperspectral, group: "chinese/zhuhai", country: "中国",
        norad_id: None, altitude_km: None, inclination_deg: None, local_time: None, swath_km: Some(150.0), best_resolution_m: Some(10.0), launch_date: Some("2019-09-19"), operator: Some("珠海欧比特宇航科技股份有限公司"), revisit: None },
    // LT-1 flies a quasi-sun-synchronous orbit at about 600 km; not named in the element sets.
    Satellite { index: 57, label: "陆地探测一号01组A星", value: "LT1A", checked: false, properties: Chinese, resolution: Metre, kind: Radar, group: "chinese/lsar", country: "中国",
        norad_id: None, altitude_km: Some(600.0), inclination_deg: None, local_time: None, swath_km: None, best_resolution_m: Some(3.0), launch_date: Some("2022-01-26"), operator: None, revisit: None },
    Satellite { index: 58, label: "陆地探测一号01组B星", value: "LT1B", checked: false, properties: Chinese, resolution: Metre, kind: Radar, group: "chinese/lsar", country: "中国",
        norad_id: None, altitude_km: Some(600.0), inclination_deg: None, local_time: None, swath_km: None, best_resolution_m: Some(3.0), launch_date: Some("2022-02-27"), operator: None, revisit: None },

    // ---- Global optical (properties 2) ----
    // Landsat 5 and 7 are retired and out of the active element sets: nominal orbit.
    Satellite { index: 59, label: "陆地卫星5号（Landsat 5）", value: "L5", checked: false, properties: Foreign, resolution: Coarse, kind: Optical, group: "global/optical/landsat", country: "美国",
        norad_id: None, altitude_km: Some(705.0), inclination_deg: Some(98.2), local_time: D0945, swath_km: Some(185.0), best_resolution_m: Some(30.0), launch_date: Some("1984-03-01"), operator: Some("美国地质调查局（USGS）、美国国家航空航天局（NASA）"), revisit: Some("16天") },
    Satellite { index: 60, label: "陆地卫星7号（Landsat 7）", value: "L7", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/landsat", country: "美国",
        norad_id: None, altitude_km: Some(705.0), inclination_deg: Some(98.2), local_time: D1000, swath_km: Some(185.0), best_resolution_m: Some(15.0), launch_date: Some("1999-04-15"), operator: Some("美国地质调查局（USGS）、美国国家航空航天局（NASA）"), revisit: Some("16天") },
    Satellite { index: 61, label: "陆地卫星8号（Landsat 8）", value: "L8", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/landsat", country: "美国",
        norad_id: Some(39084), altitude_km: Some(702.6), inclination_deg: Some(98.2155), local_time: D1000, swath_km: Some(185.0), best_resolution_m: Some(15.0), launch_date: Some("2013-02-11"), operator: Some("美国地质调查局（USGS）、美国国家航空航天局（NASA）"), revisit: Some("16天") },
    Satellite { index: 62, label: "陆地卫星9号（Landsat 9）", value: "L9", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/landsat", country: "美国",
        norad_id: Some(49260), altitude_km: Some(702.6), inclination_deg: Some(98.2185), local_time: D1000, swath_km: Some(185.0), best_resolution_m: Some(15.0), launch_date: Some("2021-09-27"), operator: Some("美国地质调查局（USGS）、美国国家航空航天局（NASA）"), revisit: Some("16天") },
    // Constellation entries (RapidEye, PlanetScope, SkySat) have no single NORAD id.
    Satellite { index: 63, label: "快眼星座（RapidEye）", value: "RE", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/rapideye", country: "德国",
        norad_id: None, altitude_km: Some(630.0), inclination_deg: None, local_time: D1100, swath_km: Some(77.0), best_resolution_m: Some(6.5), launch_date: Some("2008-08-29"), operator: Some("Planet Labs"), revisit: None },
    Satellite { index: 64, label: "鸽群星座（PlanetScope）", value: "PS", checked: false, properties: Foreign, resolution: Metre, kind: Optical, group: "global/optical/planetscope", country: "美国",
        norad_id: None, altitude_km: None, inclination_deg: None, local_time: None, swath_km: None, best_resolution_m: None, launch_date: None, operator: Some("Planet Labs"), revisit: None },
    Satellite { index: 65, label: "SkySat星座", value: "SKYSAT", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/skysat", country: "美国",
        norad_id: None, altitude_km: None, inclination_deg: None, local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2013-11-21"), operator: Some("Planet Labs"), revisit: None },
    Satellite { index: 66, label: "地球眼一号（GeoEye-1）", value: "GE1", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/geoeye", country: "美国",
        norad_id: Some(33331), altitude_km: Some(677.7), inclination_deg: Some(98.1225), local_time: D1030, swath_km: Some(15.2), best_resolution_m: Some(0.41), launch_date: Some("2008-09-06"), operator: Some("Maxar Technologies"), revisit: None },
    Satellite { index: 67, label: "艾科诺斯（IKONOS）", value: "IKONOS", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/geoeye", country: "美国",
        norad_id: None, altitude_km: Some(681.0), inclination_deg: Some(98.1), local_time: D1030, swath_km: Some(11.3), best_resolution_m: Some(0.82), launch_date: Some("1999-09-24"), operator: Some("Maxar Technologies"), revisit: None },
    Satellite { index: 68, label: "世界观测一号（WorldView-1）", value: "WV1", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/worldview", country: "美国",
        norad_id: Some(32060), altitude_km: Some(491.4), inclination_deg: Some(97.3847), local_time: D1030, swath_km: Some(17.6), best_resolution_m: Some(0.5), launch_date: Some("2007-09-18"), operator: Some("Maxar Technologies"), revisit: None },
    Satellite { index: 69, label: "世界观测二号（WorldView-2）", value: "WV2", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/worldview", country: "美国",
        norad_id: Some(35946), altitude_km: Some(766.9), inclination_deg: Some(98.4778), local_time: D1030, swath_km: Some(16.4), best_resolution_m: Some(0.46), launch_date: Some("2009-10-08"), operator: Some("Maxar Technologies"), revisit: None },
    Satellite { index: 70, label: "世界观测三号（WorldView-3）", value: "WV3", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/worldview", country: "美国",
        norad_id: Some(40115), altitude_km: Some(612.8), inclination_deg: Some(97.8689), local_time: D1330, swath_km: Some(13.1), best_resolution_m: Some(0.31), launch_date: Some("2014-08-13"), operator: Some("Maxar Technologies"), revisit: None },
    Satellite { index: 71, label: "世界观测四号（WorldView-4）", value: "WV4", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/worldview", country: "美国",
        norad_id: None, altitude_km: Some(617.0), inclination_deg: None, local_time: D1030, swath_km: Some(13.1), best_resolution_m: Some(0.31), launch_date: Some("2016-11-11"), operator: Some("Maxar Technologies"), revisit: None },
    // WorldView Legion: six satellites in two orbits (sun-synchronous and 45°), one entry.
    Satellite { index: 72, label: "世界观测军团（WorldView Legion）", value: "WVL", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/worldview", country: "美国",
        norad_id: None, altitude_km: None, inclination_deg: None, local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2024-05-02"), operator: Some("Maxar Technologies"), revisit: None },
    Satellite { index: 73, label: "哨兵2A（Sentinel-2A）", value: "S2A", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/sentinel2", country: "欧洲",
        norad_id: Some(40697), altitude_km: Some(789.0), inclination_deg: Some(98.5698), local_time: D1030, swath_km: Some(290.0), best_resolution_m: Some(10.0), launch_date: Some("2015-06-23"), operator: Some("欧洲航天局（ESA）"), revisit: Some("10天（双星组网5天）") },
    Satellite { index: 74, label: "哨兵2B（Sentinel-2B）", value: "S2B", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/sentinel2", country: "欧洲",
        norad_id: Some(42063), altitude_km: Some(789.0), inclination_deg: Some(98.5697), local_time: D1030, swath_km: Some(290.0), best_resolution_m: Some(10.0), launch_date: Some("2017-03-07"), operator: Some("欧洲航天局（ESA）"), revisit: Some("10天（双星组网5天）") },
    Satellite { index: 75, label: "哨兵2C（Sentinel-2C）", value: "S2C", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/sentinel2", country: "欧洲",
        norad_id: Some(60989), altitude_km: Some(789.0), inclination_deg: Some(98.5672), local_time: D1030, swath_km: Some(290.0), best_resolution_m: Some(10.0), launch_date: Some("2024-09-05"), operator: Some("欧洲航天局（ESA）"), revisit: Some("10天（双星组网5天）") },
    Satellite { index: 76, label: "斯波特5号（SPOT 5）", value: "SPOT5", checked: false, properties: Foreign, resolution: Metre, kind: Optical, group: "global/optical/spot", country: "法国",
        norad_id: None, altitude_km: Some(822.0), inclination_deg: Some(98.7), local_time: D1030, swath_km: Some(60.0), best_resolution_m: Some(2.5), launch_date: Some("2002-05-04"), operator: Some("法国国家空间研究中心（CNES）"), revisit: None },
    Satellite { index: 77, label: "斯波特6号（SPOT 6）", value: "SPOT6", checked: false, properties: Foreign, resolution: Metre, kind: Optical, group: "global/optical/spot", country: "法国",
        norad_id: Some(38755), altitude_km: Some(697.8), inclination_deg: Some(98.1662), local_time: D1000, swath_km: Some(60.0), best_resolution_m: Some(1.5), launch_date: Some("2012-09-09"), operator: Some("空中客车防务与航天公司（Airbus）"), revisit: None },
    Satellite { index: 78, label: "斯波特7号（SPOT 7）", value: "SPOT7", checked: false, properties: Foreign, resolution: Metre, kind: Optical, group: "global/optical/spot", country: "法国",
        norad_id: Some(40053), altitude_km: Some(691.2), inclination_deg: Some(98.1002), local_time: D1000, swath_km: Some(60.0), best_resolution_m: Some(1.5), launch_date: Some("2014-06-30"), operator: Some("空中客车防务与航天公司（Airbus）"), revisit: None },
    Satellite { index: 79, label: "昴宿星1A（Pléiades 1A）", value: "PHR1A", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/pleiades", country: "法国",
        norad_id: Some(38012), altitude_km: Some(697.8), inclination_deg: Some(98.1892), local_time: D1030, swath_km: Some(20.0), best_resolution_m: Some(0.7), launch_date: Some("2011-12-17"), operator: Some("法国国家空间研究中心（CNES）"), revisit: None },
    Satellite { index: 80, label: "昴宿星1B（Pléiades 1B）", value: "PHR1B", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/pleiades", country: "法国",
        norad_id: Some(39019), altitude_km: Some(697.8), inclination_deg: Some(98.1865), local_time: D1030, swath_km: Some(20.0), best_resolution_m: Some(0.7), launch_date: Some("2012-12-02"), operator: Some("法国国家空间研究中心（CNES）"), revisit: None },
    Satellite { index: 81, label: "昴宿星Neo 3（Pléiades Neo 3）", value: "PNEO3", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/pleiades", country: "法国",
        norad_id: Some(48268), altitude_km: Some(624.0), inclination_deg: Some(97.8952), local_time: D1030, swath_km: Some(14.0), best_resolution_m: Some(0.3), launch_date: Some("2021-04-29"), operator: Some("空中客车防务与航天公司（Airbus）"), revisit: None },
    Satellite { index: 82, label: "昴宿星Neo 4（Pléiades Neo 4）", value: "PNEO4", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/pleiades", country: "法国",
        norad_id: Some(49070), altitude_km: Some(624.0), inclination_deg: Some(97.8953), local_time: D1030, swath_km: Some(14.0), best_resolution_m: Some(0.3), launch_date: Some("2021-08-17"), operator: Some("空中客车防务与航天公司（Airbus）"), revisit: None },
    Satellite { index: 83, label: "印度资源卫星2号（Resourcesat-2）", value: "RESOURCESAT2", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(37387), altitude_km: Some(819.9), inclination_deg: Some(98.7972), local_time: D1030, swath_km: Some(70.0), best_resolution_m: Some(5.8), launch_date: Some("2011-04-20"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 84, label: "印度资源卫星2A号（Resourcesat-2A）", value: "RESOURCESAT2A", checked: false, properties: Foreign, resolution: Medium, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(41877), altitude_km: Some(819.9), inclination_deg: Some(98.7838), local_time: D1030, swath_km: Some(70.0), best_resolution_m: Some(5.8), launch_date: Some("2016-12-07"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    // Cartosat-1 is "IRS-P5 (CARTOSAT-1)" in the active group, not in the EO subset.
    Satellite { index: 85, label: "印度制图卫星1号（Cartosat-1）", value: "CARTOSAT1", checked: false, properties: Foreign, resolution: Metre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(28649), altitude_km: Some(597.8), inclination_deg: Some(97.5598), local_time: D1030, swath_km: Some(30.0), best_resolution_m: Some(2.5), launch_date: Some("2005-05-05"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 86, label: "印度制图卫星2号（Cartosat-2）", value: "CARTOSAT2", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: None, altitude_km: Some(630.0), inclination_deg: None, local_time: None, swath_km: Some(9.6), best_resolution_m: Some(0.8), launch_date: Some("2007-01-10"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 87, label: "印度制图卫星2A号（Cartosat-2A）", value: "CARTOSAT2A", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(32783), altitude_km: Some(633.2), inclination_deg: Some(97.803), local_time: None, swath_km: Some(9.6), best_resolution_m: Some(0.8), launch_date: Some("2008-04-28"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 88, label: "印度制图卫星2B号（Cartosat-2B）", value: "CARTOSAT2B", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(36795), altitude_km: Some(633.2), inclination_deg: Some(97.7968), local_time: None, swath_km: Some(9.6), best_resolution_m: Some(0.8), launch_date: Some("2010-07-12"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 89, label: "印度制图卫星2C号（Cartosat-2C）", value: "CARTOSAT2C", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(41599), altitude_km: Some(508.1), inclination_deg: Some(97.4105), local_time: None, swath_km: Some(9.6), best_resolution_m: Some(0.65), launch_date: Some("2016-06-22"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 90, label: "印度制图卫星2D号（Cartosat-2D）", value: "CARTOSAT2D", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(41948), altitude_km: Some(507.9), inclination_deg: Some(97.45), local_time: None, swath_km: Some(9.6), best_resolution_m: Some(0.65), launch_date: Some("2017-02-15"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 91, label: "印度制图卫星2E号（Cartosat-2E）", value: "CARTOSAT2E", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(42767), altitude_km: Some(507.9), inclination_deg: Some(97.4665), local_time: None, swath_km: Some(9.6), best_resolution_m: Some(0.65), launch_date: Some("2017-06-23"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 92, label: "印度制图卫星2F号（Cartosat-2F）", value: "CARTOSAT2F", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(43111), altitude_km: Some(507.9), inclination_deg: Some(97.4426), local_time: None, swath_km: Some(9.6), best_resolution_m: Some(0.65), launch_date: Some("2018-01-12"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 93, label: "印度制图卫星3号（Cartosat-3）", value: "CARTOSAT3", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/irs", country: "印度",
        norad_id: Some(44804), altitude_km: Some(507.9), inclination_deg: Some(97.4692), local_time: None, swath_km: Some(16.0), best_resolution_m: Some(0.25), launch_date: Some("2019-11-27"), operator: Some("印度空间研究组织（ISRO）"), revisit: None },
    Satellite { index: 94, label: "韩国多用途卫星2号（KOMPSAT-2）", value: "KOMPSAT2", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/kompsat", country: "韩国",
        norad_id: Some(29268), altitude_km: Some(679.0), inclination_deg: Some(97.8326), local_time: None, swath_km: Some(15.0), best_resolution_m: Some(1.0), launch_date: Some("2006-07-28"), operator: Some("韩国航空宇宙研究院（KARI）"), revisit: None },
    Satellite { index: 95, label: "韩国多用途卫星3号（KOMPSAT-3）", value: "KOMPSAT3", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/kompsat", country: "韩国",
        norad_id: Some(38338), altitude_km: Some(688.1), inclination_deg: Some(98.3188), local_time: None, swath_km: Some(16.0), best_resolution_m: Some(0.7), launch_date: Some("2012-05-17"), operator: Some("韩国航空宇宙研究院（KARI）"), revisit: None },
    Satellite { index: 96, label: "韩国多用途卫星3A号（KOMPSAT-3A）", value: "KOMPSAT3A", checked: false, properties: Foreign, resolution: SubMetre, kind: Optical, group: "global/optical/kompsat", country: "韩国",
        norad_id: Some(40536), altitude_km: Some(444.8), inclination_deg: Some(97.6686), local_time: None, swath_km: Some(12.0), best_resolution_m: Some(0.55), launch_date: Some("2015-03-25"), operator: Some("韩国航空宇宙研究院（KARI）"), revisit: None },

    // ---- Global hyperspectral (properties 3) ----
    // PRISMA's best figure is its 5 m panchromatic camera; EO-1's is ALI's 10 m band.
    Satellite { index: 97, label: "PRISMA高光谱卫星", value: "PRISMA", checked: false, properties: Other, resolution: Medium, kind: Hyperspectral, group: "global/hyperspectral/prisma", country: "意大利",
        norad_id: Some(44072), altitude_km: Some(617.7), inclination_deg: Some(97.8666), local_time: D1030, swath_km: Some(30.0), best_resolution_m: Some(5.0), launch_date: Some("2019-03-22"), operator: Some("意大利航天局（ASI）"), revisit: None },
    Satellite { index: 98, label: "地球观测一号（EO-1）", value: "EO1", checked: false, properties: Other, resolution: Medium, kind: Hyperspectral, group: "global/hyperspectral/eo1", country: "美国",
        norad_id: None, altitude_km: Some(705.0), inclination_deg: None, local_time: None, swath_km: Some(37.0), best_resolution_m: Some(10.0), launch_date: Some("2000-11-21"), operator: Some("美国国家航空航天局（NASA）"), revisit: None },
    Satellite { index: 99, label: "EnMAP高光谱卫星", value: "ENMAP", checked: false, properties: Other, resolution: Coarse, kind: Hyperspectral, group: "global/hyperspectral/enmap", country: "德国",
        norad_id: Some(52159), altitude_km: Some(645.1), inclination_deg: Some(97.9787), local_time: D1100, swath_km: Some(30.0), best_resolution_m: Some(30.0), launch_date: Some("2022-04-01"), operator: Some("德国航空航天中心（DLR）"), revisit: None },

    // ---- Global radar (properties 2) ----
    Satellite { index: 100, label: "雷达卫星2号（RADARSAT-2）", value: "RADARSAT2", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/radarsat", country: "加拿大",
        norad_id: Some(32382), altitude_km: Some(791.8), inclination_deg: Some(98.5817), local_time: A1800, swath_km: None, best_resolution_m: Some(1.0), launch_date: Some("2007-12-14"), operator: Some("MDA"), revisit: None },
    // RCM: spotlight quoted as 1 × 3 m, so sub-metre class without a single figure.
    Satellite { index: 101, label: "雷达卫星星座1号（RCM-1）", value: "RCM1", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/radarsat", country: "加拿大",
        norad_id: Some(44322), altitude_km: Some(589.9), inclination_deg: Some(97.7601), local_time: A1800, swath_km: None, best_resolution_m: None, launch_date: Some("2019-06-12"), operator: Some("加拿大航天局（CSA）"), revisit: None },
    Satellite { index: 102, label: "雷达卫星星座2号（RCM-2）", value: "RCM2", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/radarsat", country: "加拿大",
        norad_id: Some(44324), altitude_km: Some(589.9), inclination_deg: Some(97.7596), local_time: A1800, swath_km: None, best_resolution_m: None, launch_date: Some("2019-06-12"), operator: Some("加拿大航天局（CSA）"), revisit: None },
    Satellite { index: 103, label: "雷达卫星星座3号（RCM-3）", value: "RCM3", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/radarsat", country: "加拿大",
        norad_id: Some(44323), altitude_km: Some(589.9), inclination_deg: Some(97.7596), local_time: A1800, swath_km: None, best_resolution_m: None, launch_date: Some("2019-06-12"), operator: Some("加拿大航天局（CSA）"), revisit: None },
    Satellite { index: 104, label: "哨兵1A（Sentinel-1A）", value: "S1A", checked: false, properties: Foreign, resolution: Medium, kind: Radar, group: "global/radar/sentinel1", country: "欧洲",
        norad_id: Some(39634), altitude_km: Some(695.8), inclination_deg: Some(98.1825), local_time: A1800, swath_km: Some(80.0), best_resolution_m: Some(5.0), launch_date: Some("2014-04-03"), operator: Some("欧洲航天局（ESA）"), revisit: Some("12天") },
    // Sentinel-1B failed in December 2021 and is out of the active element sets: nominal orbit.
    Satellite { index: 105, label: "哨兵1B（Sentinel-1B）", value: "S1B", checked: false, properties: Foreign, resolution: Medium, kind: Radar, group: "global/radar/sentinel1", country: "欧洲",
        norad_id: None, altitude_km: Some(693.0), inclination_deg: Some(98.18), local_time: A1800, swath_km: Some(80.0), best_resolution_m: Some(5.0), launch_date: Some("2016-04-25"), operator: Some("欧洲航天局（ESA）"), revisit: Some("12天") },
    Satellite { index: 106, label: "哨兵1C（Sentinel-1C）", value: "S1C", checked: false, properties: Foreign, resolution: Medium, kind: Radar, group: "global/radar/sentinel1", country: "欧洲",
        norad_id: Some(62261), altitude_km: Some(695.8), inclination_deg: Some(98.1824), local_time: A1800, swath_km: Some(80.0), best_resolution_m: Some(5.0), launch_date: Some("2024-12-05"), operator: Some("欧洲航天局（ESA）"), revisit: Some("12天") },
    Satellite { index: 107, label: "COSMO-SkyMed 1", value: "CSK1", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/cosmoskymed", country: "意大利",
        norad_id: Some(31598), altitude_km: Some(582.2), inclination_deg: Some(97.8883), local_time: A0600, swath_km: Some(10.0), best_resolution_m: Some(1.0), launch_date: Some("2007-06-08"), operator: Some("意大利航天局（ASI）"), revisit: None },
    Satellite { index: 108, label: "COSMO-SkyMed 2", value: "CSK2", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/cosmoskymed", country: "意大利",
        norad_id: Some(32376), altitude_km: Some(622.5), inclination_deg: Some(97.8901), local_time: A0600, swath_km: Some(10.0), best_resolution_m: Some(1.0), launch_date: Some("2007-12-09"), operator: Some("意大利航天局（ASI）"), revisit: None },
    Satellite { index: 109, label: "COSMO-SkyMed 3", value: "CSK3", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/cosmoskymed", country: "意大利",
        norad_id: Some(33412), altitude_km: Some(553.2), inclination_deg: Some(97.8578), local_time: A0600, swath_km: Some(10.0), best_resolution_m: Some(1.0), launch_date: Some("2008-10-25"), operator: Some("意大利航天局（ASI）"), revisit: None },
    Satellite { index: 110, label: "COSMO-SkyMed 4", value: "CSK4", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/cosmoskymed", country: "意大利",
        norad_id: Some(37216), altitude_km: Some(622.5), inclination_deg: Some(97.89), local_time: A0600, swath_km: Some(10.0), best_resolution_m: Some(1.0), launch_date: Some("2010-11-06"), operator: Some("意大利航天局（ASI）"), revisit: None },
    // COSMO-SkyMed Second Generation: sub-metre spotlight, no single published figure kept here.
    Satellite { index: 111, label: "第二代COSMO-SkyMed 1号（CSG-1）", value: "CSG1", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/cosmoskymed", country: "意大利",
        norad_id: Some(44873), altitude_km: Some(622.5), inclination_deg: Some(97.8902), local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2019-12-18"), operator: Some("意大利航天局（ASI）"), revisit: None },
    Satellite { index: 112, label: "第二代COSMO-SkyMed 2号（CSG-2）", value: "CSG2", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/cosmoskymed", country: "意大利",
        norad_id: Some(51444), altitude_km: Some(622.5), inclination_deg: Some(97.89), local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2022-01-31"), operator: Some("意大利航天局（ASI）"), revisit: None },
    Satellite { index: 113, label: "TerraSAR-X", value: "TSX", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/terrasarx", country: "德国",
        norad_id: Some(31698), altitude_km: Some(508.4), inclination_deg: Some(97.4472), local_time: A1800, swath_km: None, best_resolution_m: Some(0.25), launch_date: Some("2007-06-15"), operator: Some("德国航空航天中心（DLR）"), revisit: None },
    Satellite { index: 114, label: "TanDEM-X", value: "TDX", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/terrasarx", country: "德国",
        norad_id: Some(36605), altitude_km: Some(508.4), inclination_deg: Some(97.4474), local_time: A1800, swath_km: None, best_resolution_m: Some(0.25), launch_date: Some("2010-06-21"), operator: Some("德国航空航天中心（DLR）"), revisit: None },
    // ALOS-2/4 spotlight: 1 × 3 m, so sub-metre class without a single figure.
    Satellite { index: 115, label: "先进陆地观测卫星2号（ALOS-2）", value: "ALOS2", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/alos2", country: "日本",
        norad_id: Some(39766), altitude_km: Some(631.0), inclination_deg: Some(97.9227), local_time: D1200, swath_km: None, best_resolution_m: None, launch_date: Some("2014-05-24"), operator: Some("日本宇宙航空研究开发机构（JAXA）"), revisit: None },
    Satellite { index: 116, label: "先进陆地观测卫星4号（ALOS-4）", value: "ALOS4", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/alos2", country: "日本",
        norad_id: Some(60182), altitude_km: Some(631.0), inclination_deg: Some(97.9219), local_time: D1200, swath_km: None, best_resolution_m: None, launch_date: Some("2024-07-01"), operator: Some("日本宇宙航空研究开发机构（JAXA）"), revisit: None },
    Satellite { index: 117, label: "韩国多用途卫星5号（KOMPSAT-5）", value: "KOMPSAT5", checked: false, properties: Foreign, resolution: SubMetre, kind: Radar, group: "global/radar/kompsat5", country: "韩国",
        norad_id: Some(39227), altitude_km: Some(553.0), inclination_deg: Some(97.6211), local_time: A0600, swath_km: Some(5.0), best_resolution_m: Some(1.0), launch_date: Some("2013-08-22"), operator: Some("韩国航空宇宙研究院（KARI）"), revisit: None },

    // ---- Laser altimetry and gravity (properties 3, class 4: non-imaging) ----
    Satellite { index: 118, label: "冰、云和陆地高程卫星2号（ICESat-2）", value: "ICESAT2", checked: false, properties: Other, resolution: Coarse, kind: Laser, group: "global/laser/icesat2", country: "美国",
        norad_id: Some(43613), altitude_km: Some(480.7), inclination_deg: Some(91.9985), local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2018-09-15"), operator: Some("美国国家航空航天局（NASA）"), revisit: Some("91天（重复轨道）") },
    // GRACE-FO 1/2 are in the active group only.
    Satellite { index: 119, label: "重力恢复与气候实验后续卫星1号（GRACE-FO 1）", value: "GRACEFO1", checked: false, properties: Other, resolution: Coarse, kind: Gravity, group: "global/gravity/gracefo", country: "美国、德国",
        norad_id: Some(43476), altitude_km: Some(459.2), inclination_deg: Some(88.9808), local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2018-05-22"), operator: Some("美国国家航空航天局（NASA）、德国地学研究中心（GFZ）"), revisit: None },
    Satellite { index: 120, label: "重力恢复与气候实验后续卫星2号（GRACE-FO 2）", value: "GRACEFO2", checked: false, properties: Other, resolution: Coarse, kind: Gravity, group: "global/gravity/gracefo", country: "美国、德国",
        norad_id: Some(43477), altitude_km: Some(459.2), inclination_deg: Some(88.9808), local_time: None, swath_km: None, best_resolution_m: None, launch_date: Some("2018-05-22"), operator: Some("美国国家航空航天局（NASA）、德国地学研究中心（GFZ）"), revisit: None },
];

/// Swath of one sensor or SAR mode where it differs from the satellite's
/// `swath_km`, km; `None` where the satellite's figure stands.
pub fn sensor_swath_km(satellite: &str, sensor: &str) -> Option<f64> {
    Some(match (satellite, sensor) {
        ("GF1", "PMS1" | "PMS2") => 32.0,
        ("GF1", _) => 200.0,
        ("GF2", _) => 23.0,
        ("BJ2-01" | "BJ2-02" | "BJ2-03", _) => 24.0,
        ("GF6", "WFV") => 800.0,
        ("CB04A", "WFI") => 685.0,
        ("ZY1-02D" | "ZY1-02E", "AHSI") | ("GF5" | "GF5-02", _) => 60.0,
        ("GF3" | "GF3-02" | "GF3-03", mode) => match mode {
            "SL" => 10.0,
            "UFS" | "QPSI" => 30.0,
            "FSI" => 50.0,
            "FSII" => 100.0,
            "SS" => 130.0,
            "NSC" => 300.0,
            "WSC" => 500.0,
            "QPSII" => 40.0,
            "EXT" => 80.0,
            _ => return None,
        },
        ("LT1A" | "LT1B", "STRIP1") => 50.0,
        ("LT1A" | "LT1B", "SCAN") => 350.0,
        ("L5" | "L7" | "L8" | "L9", _) => 185.0,
        ("S2A" | "S2B" | "S2C", _) => 290.0,
        ("S1A" | "S1B" | "S1C", mode) => match mode {
            "SM" => 80.0,
            "IW" => 250.0,
            "EW" => 400.0,
            _ => return None,
        },
        _ => return None,
    })
}

/// Cameras that image side by side, as one swath (GF-1's two PMS and four
/// WFV cameras, GF-2's two PMS cameras); empty for other satellites.
pub fn side_by_side(satellite: &str) -> &'static [&'static [&'static str]] {
    match satellite {
        "GF1" => &[&["PMS1", "PMS2"], &["WFV1", "WFV2", "WFV3", "WFV4"]],
        "GF2" => &[&["PMS1", "PMS2"]],
        _ => &[],
    }
}

/// The largest off-nadir (roll) angle a satellite images at, degrees, where
/// the operator publishes one: 0 for the nadir-looking wide-swath missions
/// (Landsat and Sentinel-2 cover by swath alone). `None` elsewhere: orbit
/// prediction then uses its configured default (`orbit_off_nadir_deg`).
pub fn max_off_nadir_deg(satellite: &str) -> Option<f64> {
    Some(match satellite {
        "L5" | "L7" | "L8" | "L9" | "S2A" | "S2B" | "S2C" => 0.0,
        // CRESDA: ZY-3 rolls ±32°, GF-2 ±35°.
        "ZY3-01" | "ZY3-02" | "ZY3-03" => 32.0,
        "GF2" => 35.0,
        _ => return None,
    })
}
