//! Demo text for the editable pages and the FAQ, written for this platform
//! and marked as demo on every page: what a provincial satellite centre would
//! put there, for an editor to replace from the console.

use rusqlite::Connection;

use super::store::{self, FaqDraft, PageRow};

/// The line that marks every demo page.
const MARK: &str = "<p><em>本页为演示内容，平台编辑可在“内容管理 → 页面管理”中修改。</em></p>";

/// Slug, title and body of each demo page.
const PAGES: &[(&str, &str, &str)] = &[
    (
        "platformIntro/description",
        "平台简介",
        "<p>自然资源卫星遥感云服务平台面向各级自然资源管理部门，汇聚国产与国外陆地观测卫星数据，提供影像检索、订购与推送，以及风电、光伏、钢铁、耕地非农化、道路、种植结构、地表形变和地表覆盖等专题的变化监测。</p>\
         <p>平台由国家级中心与省级节点协同运行：国家级中心统一编目、生产与分发，省级节点按权限范围接收影像和变化图斑，开展核查并反馈结果。</p>",
    ),
    (
        "platformIntro/data-sources",
        "数据来源",
        "<p>平台编目的数据包括资源系列、高分系列、天绘、吉林一号、北京二号、高景一号等国产卫星，以及 Landsat、Sentinel 等国外卫星的公开数据。</p>\
         <ul><li>光学影像：全色、多光谱与高光谱；</li><li>雷达影像：C 波段与 L 波段合成孔径雷达；</li><li>专题成果：变化图斑、覆盖统计与地表形变监测结果。</li></ul>\
         <p>每景影像记录卫星、传感器、成像时间、云量与覆盖范围，可在“影像查询”中按行政区或自绘范围检索。</p>",
    ),
    (
        "platformIntro/service",
        "用户分级",
        "<p>平台用户分为四级：</p>\
         <ol><li>访客：浏览新闻、卫星介绍与公开资料；</li><li>注册个人用户：检索影像、提交数据申请；</li><li>省级节点用户：在授权行政区范围内订购、接收推送并核查变化图斑；</li><li>管理员：管理账号、权限范围、订单与内容。</li></ol>\
         <p>各级用户可使用的功能由账号的权限与行政区范围决定，所有权限在服务器端校验。</p>",
    ),
    (
        "platformIntro/evaluation",
        "服务评价",
        "<p>平台按季度统计影像覆盖率、推送及时率与图斑核查完成率，并向省级节点公开各项指标。</p>\
         <p>用户可在“关于我们 → 联系我们 → 意见反馈”中提交意见，编辑答复后可在个人中心查看。</p>",
    ),
    (
        "platformIntro/feature",
        "平台特色",
        "<ul><li>百万景影像秒级检索，按行政区、矩形、上传范围或自绘范围查询；</li>\
         <li>影像覆盖与未覆盖范围即时计算，可导出矢量；</li>\
         <li>八类专题监测统一图斑引擎，地图、图表与表格联动；</li>\
         <li>离线底图与标准 OGC 服务（WMTS、WFS），可在桌面 GIS 中直接使用。</li></ul>",
    ),
    (
        "geo/plan",
        "GEO 战略计划",
        "<p>地球观测组织（GEO）致力于推动对地观测数据的开放共享。本页介绍我国参与 GEO 工作计划的重点任务，以及平台在数据共享与能力建设方面的配合工作。</p>",
    ),
    (
        "geo/links",
        "相关链接",
        "<ul><li><a href=\"https://earthobservations.org\">地球观测组织（GEO）</a></li>\
         <li><a href=\"https://www.mnr.gov.cn\">中华人民共和国自然资源部</a></li></ul>",
    ),
    (
        "about/contact",
        "联系方式",
        "<p>地址：北京市海淀区（演示地址）</p><p>服务电话：010-0000 0000（工作日 9:00–17:00）</p>\
         <p>电子邮箱：<a href=\"mailto:service@example.cn\">service@example.cn</a></p>\
         <p>省级节点用户请优先联系本省节点管理员。</p>",
    ),
    (
        "software/landsis",
        "LandSIS 卫星影像服务系统",
        "<p>LandSIS 用于省级节点接收、管理和发布平台推送的卫星影像，支持按批次入库、快视浏览与元数据检索。</p>",
    ),
    (
        "software/landgc",
        "LandGC 几何校正软件",
        "<p>LandGC 对国产卫星影像进行有理函数模型区域网平差与正射校正，支持控制点自动匹配与精度报告输出。</p>",
    ),
    (
        "software/landdm",
        "LandDM 数据管理软件",
        "<p>LandDM 管理影像与专题成果的入库、编目、备份与分发，提供按行政区与时间的统计报表。</p>",
    ),
    (
        "software/sdp",
        "SDP 标准产品生产系统",
        "<p>SDP 批量生产正射影像、融合影像与镶嵌影像等标准产品，支持生产任务监控与质量检查。</p>",
    ),
    (
        "software/landlaser",
        "LandLaser 激光测高数据处理软件",
        "<p>LandLaser 处理卫星激光测高数据，提取高程控制点，用于立体影像的高程精度提升。</p>",
    ),
    (
        "software/landsar",
        "LandSAR 雷达数据处理软件",
        "<p>LandSAR 完成雷达影像的辐射定标、地理编码与干涉处理，支持地表形变监测成果生产。</p>",
    ),
    (
        "software/satimage",
        "SatImage 影像浏览工具",
        "<p>SatImage 是轻量的影像浏览与量测工具，可打开常见格式的影像与矢量数据，适合外业核查使用。</p>",
    ),
    (
        "software/landinfoextra",
        "LandInfoExtra 信息提取软件",
        "<p>LandInfoExtra 基于样本与规则从影像中提取地物信息，生成变化图斑并支持人工编辑与核查。</p>",
    ),
    (
        "software/stsimu",
        "STSimu 卫星任务仿真软件",
        "<p>STSimu 仿真卫星轨道、观测条带与成像机会，辅助编制数据获取计划。</p>",
    ),
];

/// Question and answer of each demo FAQ entry.
const FAQ: &[(&str, &str)] = &[
    (
        "如何注册账号？",
        "<p>点击页面右上角“注册”，填写用户名、手机号或邮箱并完成验证即可注册个人账号。省级节点账号由管理员开通。</p>",
    ),
    (
        "忘记密码怎么办？",
        "<p>在登录框中点击“忘记密码”，通过绑定的手机号或邮箱接收验证码后重置密码。</p>",
    ),
    (
        "如何按行政区检索影像？",
        "<p>进入“影像查询”，选择行政区、时间范围、卫星与云量后点击查询，结果列表与地图联动显示覆盖范围。</p>",
    ),
    (
        "可以上传自己的范围查询影像吗？",
        "<p>可以。影像查询支持上传压缩的 Shapefile、KML、KMZ、GeoJSON 或 WKT 文件，也可以在地图上直接绘制范围。</p>",
    ),
    (
        "为什么看不到购物车？",
        "<p>购物车与订单功能需要账号具备相应权限，请联系本省节点管理员开通。</p>",
    ),
    (
        "订单提交后多久可以下载？",
        "<p>管理员审核通过并完成分发后，可在“个人中心 → 我的订单”中下载，下载链接在有效期内可重复使用。</p>",
    ),
    (
        "专题监测页面为什么提示无权限？",
        "<p>每个监测专题需要单独的权限，且只显示账号行政区范围内的图斑。如需开通，请联系管理员。</p>",
    ),
    (
        "轨道预报使用什么数据？",
        "<p>轨道预报使用公开的卫星两行根数（TLE）计算，根数超过 30 天的卫星会提示精度下降。</p>",
    ),
    (
        "如何提交意见反馈？",
        "<p>在“关于我们 → 联系我们 → 意见反馈”中选择类别并填写内容，答复后可在个人中心查看。</p>",
    ),
    (
        "平台数据可以在桌面 GIS 中使用吗？",
        "<p>可以。平台提供 WMTS 与 WFS 服务，可在 QGIS 等软件中添加地址后直接浏览与下载矢量数据。</p>",
    ),
];

/// Stores the demo pages that have no page yet and, the first time, the demo
/// FAQ; how many pages and entries were stored.
pub fn store(conn: &mut Connection, now: i64) -> rusqlite::Result<usize> {
    let tx = conn.transaction()?;
    let mut made = 0;
    for (slug, title, body) in PAGES {
        let page = PageRow {
            slug: (*slug).to_owned(),
            title: (*title).to_owned(),
            body: crate::html::sanitize(&format!("{body}{MARK}")),
            updated_at: now,
            updated_by: String::new(),
            demo: true,
        };
        made += usize::from(store::add_page_if_missing(&tx, &page)?);
    }
    if !store::faq_ever_written(&tx)? {
        for (i, (question, answer)) in FAQ.iter().enumerate() {
            let entry = FaqDraft {
                question: (*question).to_owned(),
                answer: crate::html::sanitize(answer),
                sort: i as i64 * 10,
            };
            store::add_faq(&tx, &entry, true, now)?;
            made += 1;
        }
    }
    tx.commit()?;
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_page_has_a_valid_slug_and_survives_the_sanitiser() {
        for (slug, _, body) in PAGES {
            assert!(super::super::slug(slug).is_ok(), "{slug}");
            let html = format!("{body}{MARK}");
            let clean = crate::html::sanitize(&html);
            assert_eq!(
                crate::html::plain(&clean)
                    .split_whitespace()
                    .collect::<String>(),
                crate::html::plain(&html)
                    .split_whitespace()
                    .collect::<String>(),
                "{slug}"
            );
        }
    }
}
