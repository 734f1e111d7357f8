//! Demo news: twenty items of each type, written here for this platform from
//! the catalogue's satellites and the land offices' work (nothing copied from
//! elsewhere), published over the last year and marked `demo`, each body
//! saying so.

use rusqlite::Connection;

use super::store::{self, Draft};
use crate::catalogue;

/// Items per type.
pub const PER_TYPE: usize = 20;

/// What one type's demo items are about: a title and two paragraphs, each
/// with `{sat}` (a satellite's Chinese name), `{n}` (a number) and `{m}` (a month).
struct Template {
    kind: u8,
    author: &'static str,
    items: &'static [(&'static str, &'static str, &'static str)],
}

const TEMPLATES: [Template; 6] = [
    Template {
        kind: 0,
        author: "平台运行管理组",
        items: &[
            (
                "{sat}{m}月影像数据已入库",
                "本月新增{sat}影像{n}景，已完成几何校正与质量检查，可在影像查询中按卫星与时间检索。",
                "如需订购，请加入购物车后提交订单，审核通过后提供下载链接。",
            ),
            (
                "关于{m}月平台例行维护的通知",
                "平台将于{m}月下旬的周六凌晨进行例行维护，预计持续{n}小时，期间影像查询与订单服务暂停。",
                "维护完成后各项服务自动恢复，给您带来不便，敬请谅解。",
            ),
            (
                "省级节点{m}月推送任务完成情况",
                "本月共向省级节点推送影像{n}景、变化图斑若干批次，各节点可在推送统计中查看明细。",
                "请各节点及时完成图斑核查并反馈结果。",
            ),
        ],
    },
    Template {
        kind: 1,
        author: "行业资讯编辑",
        items: &[
            (
                "{sat}在国土调查中的应用进展",
                "{sat}影像已用于{n}个县的年度变更调查，提高了新增建设用地的发现效率。",
                "结合多时相影像，变化图斑的核查工作量明显下降。",
            ),
            (
                "卫星遥感助力耕地保护监测",
                "利用{sat}等卫星的季度影像，对耕地非农化开展常态化监测，{m}月共发现疑似图斑{n}处。",
                "图斑经省级节点核查后纳入执法台账。",
            ),
            (
                "光伏用地遥感监测方法研讨",
                "研讨围绕{sat}影像的光伏板识别、用地范围提取与年度增量统计展开，参会单位{n}家。",
                "会议形成了光伏用地监测技术要点，供各地参考。",
            ),
        ],
    },
    Template {
        kind: 5,
        author: "宣传办公室",
        items: &[
            (
                "媒体关注：自然资源卫星影像服务覆盖{n}个省份",
                "报道介绍了平台以{sat}等国产卫星为主的影像服务，以及面向省级部门的数据推送机制。",
                "报道认为，统一的云服务降低了基层获取影像的门槛。",
            ),
            (
                "专访：遥感监测如何发现违法用地",
                "采访中，技术人员演示了基于{sat}影像的变化检测流程，一个季度可覆盖全省{n}万平方千米。",
                "受访者表示，监测成果已成为执法检查的重要线索来源。",
            ),
        ],
    },
    Template {
        kind: 2,
        author: "GEO工作组",
        items: &[
            (
                "GEO全体会议{m}月召开",
                "会议讨论了地球观测数据共享原则的落实情况，我方介绍了{sat}数据开放服务进展。",
                "与会方同意在{n}个领域深化合作。",
            ),
            (
                "GEO土地覆盖专题进展",
                "专题组发布了土地覆盖变化监测的工作计划，计划使用包括{sat}在内的多源卫星数据。",
                "第一阶段成果预计覆盖{n}个试点区域。",
            ),
        ],
    },
    Template {
        kind: 3,
        author: "GEO工作组",
        items: &[
            (
                "与合作伙伴签署数据共享备忘录",
                "双方将在{sat}影像、地表覆盖产品等方面开展共享，首批数据约{n}景。",
                "备忘录有效期五年，期间定期交流技术成果。",
            ),
            (
                "联合培训班在{m}月举办",
                "培训面向发展中国家技术人员，内容包括{sat}数据处理与土地利用分类，学员{n}名。",
                "培训结束后学员将回国开展示范应用。",
            ),
        ],
    },
    Template {
        kind: 4,
        author: "GEO工作组",
        items: &[
            (
                "GEO组织机构与成员情况介绍",
                "GEO由成员国和参加组织组成，目前参与的相关工作组共{n}个，我方牵头其中的土地观测任务。",
                "我国通过{sat}等卫星为GEO提供数据支撑。",
            ),
            (
                "GEO秘书处{m}月工作简报",
                "简报介绍了秘书处近期在数据门户建设与能力建设方面的工作，新增数据集{n}个。",
                "其中包括基于{sat}的区域土地覆盖产品。",
            ),
        ],
    },
];

/// Writes the demo items with publication times spread over the year before
/// `now`; answers how many. Nothing is written when demo items exist.
pub fn store(conn: &mut Connection, now: i64) -> rusqlite::Result<usize> {
    if store::has_demo(conn)? {
        return Ok(0);
    }
    let satellites: Vec<&str> = catalogue::satellites()
        .iter()
        .filter(|s| s.checked)
        .map(|s| s.label)
        .collect();
    let tx = conn.transaction()?;
    let mut made = 0;
    for (t, template) in TEMPLATES.iter().enumerate() {
        for k in 0..PER_TYPE {
            let (title, first, second) = template.items[k % template.items.len()];
            let sat = satellites[(k * 7 + t * 3) % satellites.len()];
            // Newest first in the list: item 0 a day ago, the last about a year ago.
            let age_days = (k * 18 + t * 2 + 1) as i64;
            let published_at = now - age_days * 86_400;
            // The month an item speaks of is the one it was published in (Beijing time).
            let month = time::OffsetDateTime::from_unix_timestamp(published_at)
                .map_or(1, |t| u8::from(t.to_offset(crate::beijing::OFFSET).month()));
            let n = 3 + (k * 37 + t * 11) % 97;
            let fill = |s: &str| {
                s.replace("{sat}", sat)
                    .replace("{n}", &n.to_string())
                    .replace("{m}", &month.to_string())
            };
            let draft = Draft {
                kind: template.kind,
                title: fill(title),
                summary: fill(first),
                body: format!(
                    "<p>{}</p><p>{}</p><p><em>（本条为演示内容，由平台演示数据生成。）</em></p>",
                    fill(first),
                    fill(second)
                ),
                author: template.author.to_owned(),
                cover: None,
            };
            let id = store::create(&tx, &draft, None, true, published_at)?;
            store::set_published(&tx, id, true, published_at)?;
            if k == 0 && template.kind == 0 {
                store::set_pinned(&tx, id, true, published_at)?;
            }
            made += 1;
        }
    }
    tx.commit()?;
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::news::store::{ListFilter, list};
    use crate::news::text;

    #[test]
    fn the_demo_fills_every_type_once_and_is_found_by_chinese_words() {
        let mut conn = crate::db::memory();
        let now = 1_795_622_400;
        assert_eq!(store(&mut conn, now).expect("demo"), 6 * PER_TYPE);
        assert_eq!(store(&mut conn, now).expect("again"), 0);
        for (kind, _) in crate::news::TYPES {
            let filter = ListFilter {
                kind: Some(kind),
                published_only: true,
                ..ListFilter::default()
            };
            let (rows, total) = list(&conn, &filter, 0, 5).expect("list");
            assert_eq!(total, PER_TYPE as i64);
            assert!(
                rows.iter()
                    .all(|r| r.demo && r.published && r.body.contains("演示内容"))
            );
        }
        // The pinned notice leads its list although others are as new.
        let notices = ListFilter {
            kind: Some(0),
            published_only: true,
            ..ListFilter::default()
        };
        assert!(list(&conn, &notices, 0, 1).expect("list").0[0].pinned);
        // Words inside titles and bodies are found, Chinese without spaces included.
        let search = ListFilter {
            published_only: true,
            search: text::query("例行维护"),
            ..ListFilter::default()
        };
        let (rows, total) = list(&conn, &search, 0, 50).expect("search");
        assert!(total > 0);
        assert!(
            rows.iter()
                .all(|r| r.title.contains("例行维护") || r.body.contains("例行维护"))
        );
        let none = ListFilter {
            published_only: true,
            search: text::query("量子纠缠"),
            ..ListFilter::default()
        };
        assert_eq!(list(&conn, &none, 0, 50).expect("search").1, 0);
    }
}
