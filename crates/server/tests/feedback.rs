//! Feedback over HTTP: only holders of MOD_054 send it and read their own
//! list, each sees only what they sent, an editor answers (audited) and the
//! sender reads the answer; the text is bounded, the sending rate too. And the
//! public list of province push nodes, which names no account.

mod common;

use common::{TestServer, assert_error};
use rscloud::usercenter::guard::{NO_PERMISSION, NOT_EDITOR};
use serde_json::{Value, json};

const SUBMIT: &str = "/api/feedback/submit";

fn list(body: &Value) -> &Vec<Value> {
    body["data"]["list"].as_array().expect("list")
}

/// Grants MOD_054 to `username` through the administrators' API; their token.
async fn with_feedback(s: &TestServer, admin: &str, username: &str, password: &str) -> String {
    let token = s.token_of(username, password).await;
    let (_, me) = s.get_as("/api/usercenter/detail", &token).await;
    let id = me["data"]["id"].as_i64().expect("id");
    let (status, body) = s
        .put_json(
            &format!("/api/usercenter/userinfo/{id}/permissions"),
            admin,
            &json!({"codes": ["MOD_054", "MOD_054_DISPLAY"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    token
}

fn piece(content: &str) -> Value {
    json!({"category": "数据问题", "content": content, "contact": "027-12345678"})
}

#[tokio::test]
async fn only_holders_of_mod_054_send_feedback_and_each_sees_only_their_own() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;

    // Without MOD_054 (person by default): refused, in Chinese.
    let person_before = s.token_of("person", "Person12345").await;
    let (status, body) = s.post_json(SUBMIT, Some(&person_before), &piece("x")).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["message"], NO_PERMISSION);
    let (status, _) = s.post_json(SUBMIT, None, &piece("x")).await;
    assert_eq!(status, 401);
    let (status, _) = s.get_as("/api/feedback", &person_before).await;
    assert_eq!(status, 403);

    // The demo's provincial account holds it; person is granted it here.
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let person = with_feedback(&s, &admin, "person", "Person12345").await;
    let (status, sent) = s
        .post_json(
            SUBMIT,
            Some(&hubei),
            &piece("  武汉市2026年10月的影像缺失  "),
        )
        .await;
    assert_eq!(status, 200, "{sent}");
    assert_eq!(sent["data"]["content"], "武汉市2026年10月的影像缺失");
    assert_eq!(sent["data"]["category"], "数据问题");
    assert_eq!(sent["data"]["answer"], Value::Null);
    let (status, _) = s
        .post_json(
            SUBMIT,
            Some(&person),
            &json!({"category": "功能建议", "content": "希望支持批量下载"}),
        )
        .await;
    assert_eq!(status, 200);

    let (status, mine) = s.get_as("/api/feedback", &hubei).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["data"]["total"], 1);
    assert_eq!(list(&mine)[0]["content"], "武汉市2026年10月的影像缺失");
    assert!(list(&mine)[0].get("username").is_none(), "{mine}");
    let (_, theirs) = s.get_as("/api/feedback", &person).await;
    assert_eq!(theirs["data"]["total"], 1);
    assert_eq!(list(&theirs)[0]["content"], "希望支持批量下载");
    // Admin holds MOD_054 through its role and has sent nothing.
    let (status, own) = s.get_as("/api/feedback", &admin).await;
    assert_eq!(status, 200);
    assert_eq!(own["data"]["total"], 0);
}

#[tokio::test]
async fn an_editor_answers_audited_and_the_sender_reads_the_answer() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let editor = s.token_of("editor", "Editor12345").await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let (_, sent) = s
        .post_json(SUBMIT, Some(&hubei), &piece("十堰市缺少高分二号影像"))
        .await;
    let id = sent["data"]["id"].as_i64().expect("id");

    // A user, even the sender, cannot answer nor read everyone's list.
    let answer = format!("/api/feedback/manage/{id}/answer");
    let (status, body) = s
        .put_json(&answer, &hubei, &json!({"answer": "自答"}))
        .await;
    assert_error(status, &body, 403, NOT_EDITOR);
    let (status, _) = s.get_as("/api/feedback/manage", &hubei).await;
    assert_eq!(status, 403);

    let (status, open) = s
        .get_as("/api/feedback/manage?answered=false", &editor)
        .await;
    assert_eq!(status, 200, "{open}");
    assert_eq!(open["data"]["total"], 1);
    assert_eq!(list(&open)[0]["username"], "hubei");

    let (status, body) = s
        .put_json(&answer, &editor, &json!({"answer": "   "}))
        .await;
    assert_error(status, &body, 400, "回复内容不能为空");
    let (status, body) = s
        .put_json(
            "/api/feedback/manage/99999/answer",
            &editor,
            &json!({"answer": "好"}),
        )
        .await;
    assert_error(status, &body, 404, "反馈不存在");
    let (status, body) = s
        .put_json(
            &answer,
            &editor,
            &json!({"answer": "已安排补充，预计下周入库。"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["answeredBy"], "editor");

    let (_, open) = s
        .get_as("/api/feedback/manage?answered=false", &editor)
        .await;
    assert_eq!(open["data"]["total"], 0);
    let (_, done) = s
        .get_as("/api/feedback/manage?answered=true", &editor)
        .await;
    assert_eq!(done["data"]["total"], 1);

    let (_, mine) = s.get_as("/api/feedback", &hubei).await;
    let row = &list(&mine)[0];
    assert_eq!(row["answer"], "已安排补充，预计下周入库。");
    assert!(row["answeredAt"].is_string(), "{row}");

    let (_, audit) = s
        .get_as("/api/usercenter/audit?action=feedback.answer", &admin)
        .await;
    let entries = audit["data"]["list"].as_array().expect("entries");
    assert!(
        entries
            .iter()
            .any(|e| e["target"] == format!("feedback:{id}") && e["actor"] == "editor"),
        "{audit}"
    );
}

#[tokio::test]
async fn feedback_is_bounded_in_size_category_and_rate() {
    let s = TestServer::start().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;

    let (status, body) = s.post_json(SUBMIT, Some(&hubei), &piece(" ")).await;
    assert_error(status, &body, 400, "反馈内容不能为空");
    let (status, body) = s
        .post_json(SUBMIT, Some(&hubei), &piece(&"字".repeat(2001)))
        .await;
    assert_error(status, &body, 400, "反馈内容不能超过2000个字");
    let long_contact = json!({"category": "其他", "content": "x", "contact": "1".repeat(101)});
    let (status, body) = s.post_json(SUBMIT, Some(&hubei), &long_contact).await;
    assert_error(status, &body, 400, "联系方式不能超过100个字");
    let (status, _) = s
        .post_json(
            SUBMIT,
            Some(&hubei),
            &json!({"category": "投诉", "content": "x"}),
        )
        .await;
    assert_eq!(status, 400, "an unknown category is refused");
    // A body far past any allowed text is refused before it is parsed.
    let (status, _) = s
        .post_json(SUBMIT, Some(&hubei), &piece(&"a".repeat(100_000)))
        .await;
    assert_eq!(status, 413);

    // 2000 characters are fine; ten pieces an hour, the eleventh is refused.
    for n in 0..10 {
        let text = if n == 0 {
            "字".repeat(2000)
        } else {
            format!("第{n}条")
        };
        let (status, body) = s.post_json(SUBMIT, Some(&hubei), &piece(&text)).await;
        assert_eq!(status, 200, "{n}: {body}");
    }
    let (status, body) = s.post_json(SUBMIT, Some(&hubei), &piece("第11条")).await;
    assert_error(status, &body, 429, "一小时内最多提交10条反馈，请稍后再试");
}

#[tokio::test]
async fn the_public_push_node_list_counts_accounts_and_names_none() {
    let s = TestServer::start().await;
    let (status, body) = s.get_json("/api/usercenter/pushnode").await;
    assert_eq!(status, 200, "{body}");
    let nodes = body["data"].as_array().expect("nodes");
    assert!(!nodes.is_empty());
    let hubei = nodes
        .iter()
        .find(|n| n["regionId"] == "420000")
        .expect("the Hubei node");
    assert_eq!(hubei["accounts"], 1);
    for n in nodes {
        let mut keys: Vec<&String> = n.as_object().expect("object").keys().collect();
        keys.sort();
        assert_eq!(
            keys,
            ["accounts", "id", "name", "regionId", "regionName"],
            "only these fields: {n}"
        );
    }
    let text = body.to_string();
    // The only id is the node's (the keys above); no account is named.
    for personal in ["hubei\"", "username", "telephone", "email", "userId"] {
        assert!(!text.contains(personal), "{personal} in {text}");
    }
}
