//! The route-by-caller matrix: every `/api` operation of the OpenAPI document
//! the server serves, called as an anonymous visitor, `person` (no permission,
//! no area range), `hubei` (the monitoring role, range 420000) and `admin`,
//! answers as its rule in [`RULES`] says. A route missing from the table, or a
//! table entry without a route, fails the test by name: a new route states who
//! may call it here.

mod common;

use std::collections::BTreeSet;

use common::TestServer;
use rscloud::spot::theme::THEMES;
use rscloud::usercenter::guard::{NO_PERMISSION, NO_RANGE, NOT_ADMIN, NOT_EDITOR, NOT_UNIT};
use rscloud::usercenter::perm::Perm;
use rscloud::usercenter::{ADMIN_ROLE, EDITOR_ROLE};
use serde_json::{Value, json};

/// Who may call a route.
#[derive(Debug, Clone, Copy)]
enum Rule {
    /// Anyone, logged in or not.
    Public,
    /// Any logged-in caller; 401 for the anonymous.
    Login,
    /// A caller holding the permission: 401 anonymous, 403 无查看信息权限 without it.
    Perm(Perm),
    /// As `Perm`, and 403 未关联用户权限范围 without a `regionId` area range.
    PermInRange(Perm),
    /// An administrator (the `admin` role): 401 anonymous, 403 仅系统管理员 for anyone else.
    Admin,
    /// A content editor (the `editor` role) or an administrator: 401 anonymous, 403 仅内容编辑
    /// for anyone else.
    Editor,
    /// A monitoring theme's route (`{theme}` in the path): called for every theme as
    /// `PermInRange` of that theme's permission, and for an unknown theme, which a
    /// logged-in caller is told is a bad request (400).
    Theme,
    /// An unknown theme's route: 401 anonymous, 400 for everyone else.
    UnknownTheme,
    /// Any caller with a `regionId` area range: 401 anonymous, 403 未关联用户权限范围 without one.
    InRange,
    /// A unit filling its part: as `InRange`, and 403 仅填报单位 for an administrator.
    Unit,
}

use Rule::{Admin, Editor, Login, Public, Theme};
/// The cart and order data (spec §6).
const CART: Rule = Rule::Perm(rscloud::usercenter::perm::MOD_061);
/// Sending feedback and reading one's own (spec §6: MOD_054).
const FEEDBACK: Rule = Rule::Perm(rscloud::usercenter::perm::MOD_054);

/// Every `/api` operation and its rule (spec §6: login, captcha, registration,
/// lookups, dictionaries, regions and the image query are public).
const RULES: &[(&str, &str, Rule)] = &[
    ("GET", "/api/dict/{code}", Public),
    ("GET", "/api/coverage/v1/lastest/{x}", Public),
    (
        "GET",
        "/api/coverage/v1/statistics/{year}/{quarter}/{regionId}",
        Public,
    ),
    ("POST", "/api/normal/v5/allids", Public),
    ("POST", "/api/normal/v5/coverage", Public),
    ("POST", "/api/normal/v5/coveragebyids", Public),
    ("POST", "/api/normal/v5/covershp", Public),
    ("POST", "/api/normal/v5/export/quickimage", Public),
    ("POST", "/api/normal/v5/fallfigure", Public),
    ("GET", "/api/normal/v5/filename", Public),
    ("POST", "/api/normal/v5/filenames", Public),
    ("POST", "/api/normal/v5/normalmeta", Public),
    ("POST", "/api/normal/v5/notcovershp", Public),
    ("POST", "/api/normal/v5/offlinebyids", Public),
    ("POST", "/api/normal/v5/pr", Public),
    ("GET", "/api/normal/v5/quicklook/{id}", Public),
    ("GET", "/api/normal/v5/satellite", Public),
    ("GET", "/api/normal/v5/template/pathandrows", Public),
    ("POST", "/api/normal/v5/unionarea", Public),
    ("POST", "/api/normal/v5/upload/file", Public),
    ("GET", "/api/normal/v5/upload/file/{id}", Public),
    ("POST", "/api/normal/v5/upload/shp", Public),
    ("GET", "/api/normal/v5/upload/shp/{id}", Public),
    ("GET", "/api/openapi.json", Public),
    ("GET", "/api/uav/status", Rule::InRange),
    ("GET", "/api/uav/task", Rule::InRange),
    ("POST", "/api/uav/task", Rule::InRange),
    ("POST", "/api/plan-collaborative/save/{x}", Rule::Unit),
    (
        "DELETE",
        "/api/plan-collaborative/delete/id/{id}",
        Rule::Unit,
    ),
    ("POST", "/api/plan-collaborative/submit", Rule::Unit),
    ("POST", "/api/plan-collaborative/submit/{x}", Rule::Unit),
    ("POST", "/api/plan-collaborative/apply-edit", Rule::Unit),
    ("POST", "/api/plan-collaborative/process-shp", Rule::Unit),
    ("POST", "/api/plan-collaborative/apply-edit/{id}", Admin),
    ("POST", "/api/plan-collaborative/publish", Admin),
    ("GET", "/api/plan-collaborative/overlap", Admin),
    ("GET", "/api/plan-collaborative/purchase", Admin),
    ("GET", "/api/plan-collaborative/purchase/export", Admin),
    ("GET", "/api/plan-collaborative/purchase/exportshp", Admin),
    ("GET", "/api/plan-collaborative/overall", Admin),
    ("GET", "/api/push/v1/provincial-feedback", Rule::InRange),
    ("PUT", "/api/push/v1/provincial-feedback", Rule::Unit),
    ("GET", "/api/push/v1/metadata-optical", Rule::InRange),
    ("GET", "/api/plan-collaborative/list", Rule::InRange),
    ("GET", "/api/plan-collaborative/geom/{x}", Rule::InRange),
    ("GET", "/api/plan-collaborative/id/{id}", Rule::InRange),
    ("GET", "/api/plan-collaborative/publish", Rule::InRange),
    (
        "GET",
        "/api/plan-collaborative/publication/{id}",
        Rule::InRange,
    ),
    ("GET", "/api/push/v1/batch", Admin),
    ("POST", "/api/push/v1/batch", Admin),
    ("GET", "/api/push/v1/own", Login),
    ("GET", "/api/push/v1/detail/{id}", Login),
    ("GET", "/api/push/v1/vector/{id}", Login),
    ("GET", "/api/push/v1/exportshp/{id}", Login),
    ("GET", "/api/push/v1/exportexcel/{id}", Login),
    ("GET", "/api/push/v1/coverCalculate/{id}", Login),
    ("GET", "/api/push/v1/exportdiffcover/{id}", Login),
    ("GET", "/api/sta-distribute/{channel}", Login),
    ("GET", "/api/sta-distribute/detail", Login),
    ("GET", "/api/sta-distribute/export", Login),
    ("GET", "/api/sta-distribute/progress", Login),
    ("GET", "/api/push-screen/node", Login),
    ("GET", "/api/usercenter/push/statistics", Login),
    ("GET", "/api/usercenter/pushuser/image/typelist", Login),
    ("GET", "/api/usercenter/pushuser/spot/typelist", Login),
    ("GET", "/api/usercenter/pushuser/userlist", Admin),
    ("POST", "/api/spotbatch/v1/batch", Admin),
    ("POST", "/api/spotbatch/v1/send/{id}", Admin),
    ("GET", "/api/spotbatch/v1/manager", Admin),
    ("GET", "/api/spotbatch/v1/own", Login),
    ("GET", "/api/spotbatch/v1/batch/{id}", Login),
    ("GET", "/api/spotbatch/v1/vector/{id}", Login),
    ("GET", "/api/spotbatch/v1/exportexcel/{id}", Login),
    ("GET", "/api/push-spot-bjhs/query", Login),
    ("GET", "/api/push-spot-bjhs/export", Login),
    ("GET", "/api/push-spot-bjhs/statistics", Login),
    ("GET", "/api/push-spot-bjhs/detail/{id}", Login),
    ("GET", "/api/push-spot-bjhs/position/{id}", Login),
    ("GET", "/api/push-spot-bjhs/photo/{photoId}", Login),
    ("GET", "/api/push-spot-zdbh/query", Login),
    ("GET", "/api/push-spot-zdbh/export", Login),
    ("GET", "/api/push-spot-zdbh/statistics", Login),
    ("GET", "/api/push-spot-zdbh/detail/{id}", Login),
    ("GET", "/api/push-spot-zdbh/position/{id}", Login),
    ("GET", "/api/process-spot-bjhs/query", Admin),
    ("GET", "/api/process-spot-bjhs/export", Admin),
    ("GET", "/api/process-spot-bjhs/statistics", Admin),
    ("POST", "/api/process-spot-bjhs/process", Login),
    ("POST", "/api/process-spot-bjhs/photo/{id}", Login),
    ("DELETE", "/api/process-spot-bjhs/photo/{id}", Login),
    ("GET", "/api/feedback", FEEDBACK),
    ("GET", "/api/feedback/manage", Editor),
    ("PUT", "/api/feedback/manage/{id}/answer", Editor),
    ("POST", "/api/feedback/submit", FEEDBACK),
    ("GET", "/api/satellite/image/now/{x}", Public),
    ("GET", "/api/satellite/statistics", Public),
    ("GET", "/api/news/v3/home", Public),
    ("GET", "/api/news/v3/id/{id}", Public),
    ("GET", "/api/news/v3/manage", Editor),
    ("POST", "/api/news/v3/manage", Editor),
    ("DELETE", "/api/news/v3/manage/{id}", Editor),
    ("GET", "/api/news/v3/manage/{id}", Editor),
    ("PUT", "/api/news/v3/manage/{id}", Editor),
    ("PUT", "/api/news/v3/manage/{id}/pinned", Editor),
    ("PUT", "/api/news/v3/manage/{id}/published", Editor),
    ("GET", "/api/news/v3/news-v3", Public),
    ("GET", "/api/news/v3/s", Public),
    ("GET", "/api/client-package", Public),
    ("GET", "/api/page/v1/faq", Public),
    ("POST", "/api/page/v1/manage/faq", Editor),
    ("DELETE", "/api/page/v1/manage/faq/{id}", Editor),
    ("PUT", "/api/page/v1/manage/faq/{id}", Editor),
    ("GET", "/api/page/v1/manage/page", Editor),
    ("PUT", "/api/page/v1/manage/page/{slug}", Editor),
    ("POST", "/api/page/v1/manage/preview", Editor),
    ("GET", "/api/page/v1/page/{slug}", Public),
    ("GET", "/api/share/v2", Public),
    ("GET", "/api/share/v2/file/{id}", Public),
    ("POST", "/api/share/v2/manage", Editor),
    ("DELETE", "/api/share/v2/manage/{id}", Editor),
    ("GET", "/api/order/v3/count", CART),
    ("GET", "/api/order/v3/detail/{id}", CART),
    // A signed link is its own permission.
    ("GET", "/api/order/v3/download/{orderId}/{itemId}", Public),
    ("GET", "/api/order/v3/exporturi/{id}", CART),
    ("GET", "/api/order/v3/manage/order", Admin),
    ("POST", "/api/order/v3/manage/order/{id}/{action}", Admin),
    ("GET", "/api/order/v3/manage/request", Admin),
    ("POST", "/api/order/v3/manage/request/{id}/{action}", Admin),
    ("POST", "/api/order/v3/order", CART),
    ("POST", "/api/order/v3/order/{id}/cancel", CART),
    ("POST", "/api/order/v3/ordercart", CART),
    ("DELETE", "/api/order/v3/ordercart", CART),
    ("GET", "/api/order/v3/ordercart/allids", CART),
    ("GET", "/api/order/v3/ordercart/count", CART),
    ("GET", "/api/order/v3/ordercart/own", CART),
    ("GET", "/api/order/v3/orderitem", CART),
    ("GET", "/api/order/v3/own", CART),
    ("GET", "/api/order/v3/own/allids", CART),
    ("GET", "/api/order/v3/own/status/{status}", CART),
    ("POST", "/api/order/v3/request", CART),
    ("POST", "/api/order/v3/request/{id}/cancel", CART),
    ("GET", "/api/order/v3/request/detail/{id}", CART),
    ("GET", "/api/order/v3/request/own", CART),
    ("GET", "/api/order/v3/requestitem", CART),
    ("GET", "/api/region/v1/extent/{id}", Public),
    ("GET", "/api/region/v1/globalregion", Public),
    ("GET", "/api/region/v1/id/{id}", Public),
    ("GET", "/api/region/v1/id/{id}/l", Public),
    ("GET", "/api/region/v1/pid/{id}", Public),
    ("GET", "/api/region/v1/pid/{id}/l", Public),
    ("GET", "/api/region/v1/pid/{id}/s", Public),
    ("GET", "/api/region/v1/pids/{ids}/s", Public),
    ("GET", "/api/region/v1/position", Public),
    ("GET", "/api/region/v2/extent/{id}", Public),
    ("GET", "/api/region/v2/globalregion", Public),
    ("GET", "/api/region/v2/id/{id}", Public),
    ("GET", "/api/region/v2/id/{id}/l", Public),
    ("GET", "/api/region/v2/pid/{id}", Public),
    ("GET", "/api/region/v2/pid/{id}/l", Public),
    ("GET", "/api/region/v2/pid/{id}/s", Public),
    ("GET", "/api/region/v2/pids/{ids}/s", Public),
    ("GET", "/api/region/v2/position", Public),
    ("GET", "/api/sateorbit/v2/config", Login),
    ("POST", "/api/sateorbit/v2/csj", Login),
    ("POST", "/api/sateorbit/v2/csj/csv", Login),
    ("POST", "/api/sateorbit/v2/csj/ics", Login),
    ("POST", "/api/sateorbit/v2/region", Login),
    ("POST", "/api/sateorbit/v2/satorbit", Login),
    ("POST", "/api/sateorbit/v2/selectline", Login),
    ("POST", "/api/sateorbit/v2/shp", Login),
    ("GET", "/api/spot/v2/themes", Login),
    ("GET", "/api/spot/v2/{theme}/batch", Theme),
    ("GET", "/api/spot/v2/{theme}/dynamic", Theme),
    ("GET", "/api/spot/v2/{theme}/dynamic/export/excel", Theme),
    ("GET", "/api/spot/v2/{theme}/export/excel", Theme),
    ("GET", "/api/spot/v2/{theme}/export/shp", Theme),
    ("GET", "/api/spot/v2/{theme}/gridstatistics/percent", Theme),
    ("GET", "/api/spot/v2/{theme}/lastest", Theme),
    ("GET", "/api/spot/v2/{theme}/spot/{id}", Theme),
    ("GET", "/api/spot/v2/{theme}/spot/{id}/image/{when}", Theme),
    ("GET", "/api/spot/v2/{theme}/spotmeta", Theme),
    ("GET", "/api/spot/v2/{theme}/spotstatistics", Theme),
    ("GET", "/api/spot/v2/{theme}/trend", Theme),
    ("GET", "/api/spot/v2/{theme}/trend/export/excel", Theme),
    ("POST", "/api/statistics-transaction/incr", Public),
    ("DELETE", "/api/usercenter/arearange/id/{id}", Admin),
    ("POST", "/api/usercenter/arearange/userid/{userId}", Admin),
    // Anyone's ranges for an administrator, one's own for everyone else.
    (
        "GET",
        "/api/usercenter/arearange/userid/{userId}/{deleted}",
        Login,
    ),
    ("GET", "/api/usercenter/audit", Admin),
    ("GET", "/api/usercenter/captcha", Public),
    ("GET", "/api/usercenter/detail", Login),
    ("PUT", "/api/usercenter/email", Login),
    ("POST", "/api/usercenter/forgetpwd", Public),
    ("GET", "/api/usercenter/loginhistory", Login),
    ("GET", "/api/usercenter/nodetype", Login),
    // The old password proves who asks, not a session.
    ("PUT", "/api/usercenter/password", Public),
    ("GET", "/api/usercenter/permission", Login),
    ("GET", "/api/usercenter/publickey", Public),
    ("GET", "/api/usercenter/pushnode", Public),
    ("POST", "/api/usercenter/register", Public),
    ("GET", "/api/usercenter/role", Login),
    ("POST", "/api/usercenter/screen/login", Public),
    ("POST", "/api/usercenter/send/email/{email}", Public),
    ("POST", "/api/usercenter/send/telephone/{telephone}", Public),
    ("PUT", "/api/usercenter/telephone", Login),
    ("GET", "/api/usercenter/userinfo", Admin),
    ("POST", "/api/usercenter/userinfo", Admin),
    ("PUT", "/api/usercenter/userinfo/{id}/permissions", Admin),
    ("PUT", "/api/usercenter/userinfo/{id}/roles", Admin),
    ("PUT", "/api/usercenter/userinfo/{id}/status", Admin),
    ("POST", "/api/usercenter/userinfo/loginv2", Public),
    // Ending a session that has already ended succeeds too.
    ("POST", "/api/usercenter/userinfo/logout", Public),
    ("GET", "/api/usercenter/valid/email/{email}", Public),
    ("GET", "/api/usercenter/valid/telephone/{telephone}", Public),
    ("GET", "/api/usercenter/valid/username/{username}", Public),
];

/// A caller of the matrix and what the server says it holds.
struct Who {
    name: &'static str,
    token: Option<String>,
    user_id: i64,
    permissions: BTreeSet<String>,
    roles: BTreeSet<String>,
    has_range: bool,
}

impl Who {
    async fn logged_in(server: &TestServer, name: &'static str, password: &str) -> Self {
        let token = server.token_of(name, password).await;
        let (_, detail) = server.get_as("/api/usercenter/detail", &token).await;
        let user_id = detail["data"]["id"].as_i64().expect("user id");
        let permissions = detail["data"]["permissions"]
            .as_array()
            .expect("permissions")
            .iter()
            .map(|p| p.as_str().expect("code").to_owned())
            .collect();
        let roles = detail["data"]["roles"]
            .as_array()
            .expect("roles")
            .iter()
            .map(|r| r.as_str().expect("role").to_owned())
            .collect();
        let path = format!("/api/usercenter/arearange/userid/{user_id}/0");
        let (_, ranges) = server.get_as(&path, &token).await;
        let has_range = ranges["data"]
            .as_array()
            .expect("ranges")
            .iter()
            .any(|r| r["type"] == "regionId");
        Self {
            name,
            token: Some(token),
            user_id,
            permissions,
            roles,
            has_range,
        }
    }

    /// What the rule lets this caller get: `None` for "not refused" (the
    /// handler's own answer), else the refusal's status and message.
    fn refusal(&self, rule: Rule) -> Option<(u16, Option<&'static str>)> {
        let holds = |p: Perm| self.permissions.contains(p.code);
        match (rule, &self.token) {
            (Public, _) => None,
            (_, None) => Some((401, None)),
            (Login, Some(_)) => None,
            (Admin, Some(_)) if self.roles.contains(ADMIN_ROLE) => None,
            (Admin, Some(_)) => Some((403, Some(NOT_ADMIN))),
            (Editor, Some(_))
                if self.roles.contains(ADMIN_ROLE) || self.roles.contains(EDITOR_ROLE) =>
            {
                None
            }
            (Editor, Some(_)) => Some((403, Some(NOT_EDITOR))),
            (Rule::InRange | Rule::Unit, Some(_)) if !self.has_range => Some((403, Some(NO_RANGE))),
            (Rule::Unit, Some(_)) if self.roles.contains(ADMIN_ROLE) => Some((403, Some(NOT_UNIT))),
            (Rule::InRange | Rule::Unit, Some(_)) => None,
            (Rule::Perm(p) | Rule::PermInRange(p), Some(_)) if !holds(p) => {
                Some((403, Some(NO_PERMISSION)))
            }
            (Rule::PermInRange(_), Some(_)) if !self.has_range => Some((403, Some(NO_RANGE))),
            (Rule::Perm(_) | Rule::PermInRange(_), Some(_)) => None,
            (Rule::UnknownTheme, Some(_)) => Some((400, None)),
            (Theme, Some(_)) => unreachable!("a theme route is checked per theme"),
        }
    }
}

/// `path` with its parameters filled in for `who`: real values where cheap
/// (Hubei for regions, the caller's own id), otherwise ones the handler refuses
/// or does not find, which is fine: the matrix is about who gets through.
fn fill(path: &str, who: &Who) -> String {
    let mut out = path.to_owned();
    for (param, value) in [
        ("{code}", "NO_SUCH_DICT".to_owned()),
        ("{id}", "420000".to_owned()),
        ("{ids}", "420000".to_owned()),
        ("{orderId}", "1".to_owned()),
        ("{itemId}", "1".to_owned()),
        ("{status}", "0".to_owned()),
        ("{action}", "approve".to_owned()),
        ("{when}", "before".to_owned()),
        ("{userId}", who.user_id.to_string()),
        ("{deleted}", "0".to_owned()),
        ("{email}", "nobody@example.com".to_owned()),
        ("{telephone}", "13800000000".to_owned()),
        ("{username}", "nobody".to_owned()),
        ("{x}", "GF1".to_owned()),
        ("{slug}", "no-such-page".to_owned()),
        ("{year}", "2025".to_owned()),
        ("{quarter}", "1".to_owned()),
        ("{regionId}", "420000".to_owned()),
        ("{channel}", "internet".to_owned()),
        ("{photoId}", "1".to_owned()),
    ] {
        out = out.replace(param, &value);
    }
    assert!(
        !out.contains('{'),
        "no test value for a parameter of {path}"
    );
    out
}

/// Every (method, path) of the served OpenAPI document.
async fn documented(server: &TestServer) -> BTreeSet<(String, String)> {
    let (status, doc) = server.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let paths = doc["paths"].as_object().expect("paths");
    paths
        .iter()
        .flat_map(|(path, item)| {
            let methods = item.as_object().expect("path item");
            methods
                .keys()
                .map(move |m| (m.to_uppercase(), path.clone()))
        })
        .collect()
}

#[tokio::test]
async fn every_api_route_answers_each_caller_as_its_rule_says() {
    let server = TestServer::start().await;
    let routes = documented(&server).await;
    let table: BTreeSet<(String, String)> = RULES
        .iter()
        .map(|(m, p, _)| (m.to_string(), p.to_string()))
        .collect();
    let missing: Vec<_> = routes.difference(&table).collect();
    assert!(
        missing.is_empty(),
        "routes without a rule in tests/access.rs RULES: {missing:?}"
    );
    let stale: Vec<_> = table.difference(&routes).collect();
    assert!(
        stale.is_empty(),
        "RULES entries for routes that do not exist: {stale:?}"
    );

    let callers = [
        Who {
            name: "anonymous",
            token: None,
            user_id: 1,
            permissions: BTreeSet::new(),
            roles: BTreeSet::new(),
            has_range: false,
        },
        Who::logged_in(&server, "person", "Person12345").await,
        Who::logged_in(&server, "hubei", "Hubei12345").await,
        Who::logged_in(&server, "editor", "Editor12345").await,
        Who::logged_in(&server, "admin", "Admin12345").await,
    ];
    assert!(callers[1].permissions.is_empty() && !callers[1].has_range);
    assert!(!callers[2].permissions.is_empty() && callers[2].has_range);
    assert!(callers[3].roles.contains(EDITOR_ROLE) && !callers[3].roles.contains(ADMIN_ROLE));
    assert!(callers[4].roles.contains(ADMIN_ROLE) && !callers[2].roles.contains(ADMIN_ROLE));

    // Logging out ends the caller's session, so it goes last.
    let mut rules: Vec<_> = RULES.to_vec();
    rules.sort_by_key(|(_, path, _)| path.ends_with("/logout"));
    // A theme's route is called for every theme, and for one that does not exist.
    let rules: Vec<(&str, String, Rule)> = rules
        .into_iter()
        .flat_map(|(method, path, rule)| match rule {
            Theme => THEMES
                .iter()
                .map(|t| {
                    let path = path.replace("{theme}", t.name.as_str());
                    (method, path, Rule::PermInRange(t.perm))
                })
                .chain([(
                    method,
                    path.replace("{theme}", "nosuch"),
                    Rule::UnknownTheme,
                )])
                .collect(),
            _ => vec![(method, path.to_owned(), rule)],
        })
        .collect();
    let mut cells = 0;
    for (method, path, rule) in rules {
        for who in &callers {
            let url = server.url(&fill(&path, who));
            let mut req = match method {
                "GET" => server.client.get(url),
                "POST" => server.client.post(url).json(&json!({})),
                "PUT" => server.client.put(url).json(&json!({})),
                "DELETE" => server.client.delete(url).json(&json!({})),
                other => panic!("no request for method {other}"),
            };
            if let Some(t) = &who.token {
                req = req.header("token", t);
            }
            let res = req.send().await.expect("request");
            let status = res.status().as_u16();
            let cell = format!("{method} {path} as {}: {status}", who.name);
            match who.refusal(rule) {
                None => assert!(
                    status != 401 && status != 403,
                    "{cell}, but {rule:?} lets it through"
                ),
                Some((want, message)) => {
                    let body: Value = res.json().await.expect("json envelope");
                    assert_eq!(
                        (status, body["code"].as_u64()),
                        (want, Some(u64::from(want))),
                        "{cell} {body}"
                    );
                    if let Some(m) = message {
                        assert_eq!(body["message"], m, "{cell}");
                    }
                }
            }
            cells += 1;
        }
    }
    eprintln!(
        "route-by-caller matrix: {} routes × {} callers = {cells} calls",
        RULES.len(),
        callers.len()
    );
}

/// The schema name of each `ToSchema` type under `dir`: the type's name, or the last segment
/// of its `#[schema(as = …)]`; generic types (named per use) are left out.
fn schema_names(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            schema_names(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source");
        let mut derives_schema = false;
        let mut renamed: Option<String> = None;
        for line in text.lines().map(str::trim) {
            if line.starts_with("#[derive(") && line.contains("ToSchema") {
                derives_schema = true;
            } else if let Some(rest) = line.strip_prefix("#[schema(as = ") {
                renamed = rest
                    .split(')')
                    .next()
                    .and_then(|p| p.rsplit("::").next())
                    .map(str::to_owned);
            } else if derives_schema && !line.starts_with("#[") && !line.starts_with("//") {
                let declared = line
                    .trim_start_matches("pub ")
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub(super) ");
                let name = declared
                    .strip_prefix("struct ")
                    .or_else(|| declared.strip_prefix("enum "))
                    .map(|rest| {
                        rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                            .collect::<Vec<_>>()
                    })
                    .filter(|parts| !parts.is_empty());
                if let Some(parts) = name {
                    let generic = declared.contains('<');
                    if !generic {
                        let name = renamed.clone().unwrap_or_else(|| parts[0].to_owned());
                        out.push((name, path.display().to_string()));
                    }
                }
                derives_schema = false;
                renamed = None;
            }
        }
    }
}

/// utoipa keeps one schema per name: two `ToSchema` types of one name would silently give
/// every route of both the shape of one of them in the OpenAPI document and the web types.
#[test]
fn no_two_schemas_share_a_name() {
    let mut names = Vec::new();
    schema_names(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut names,
    );
    assert!(names.len() > 100, "schemas found: {}", names.len());
    names.sort();
    let twins: Vec<String> = names
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| format!("{} in {} and {}", w[0].0, w[0].1, w[1].1))
        .collect();
    assert!(twins.is_empty(), "schema names used twice: {twins:#?}");
}
