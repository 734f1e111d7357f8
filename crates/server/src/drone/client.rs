//! The client of the external drone service (contract in README, "Drone tasks"): `POST
//! {base}/tasks` adds a task, `GET {base}/tasks?requester=` lists a requester's. Every call
//! carries `Authorization: Bearer {key}`, takes at most the configured time (answer included),
//! follows no redirect, and reads at most [`MAX_ANSWER_BYTES`] of an answer and at most
//! [`MAX_TASKS`] tasks of a list before it is refused; the answer is parsed into typed
//! structs ([`parse_tasks`], [`parse_added`]).

use std::fmt;
use std::time::Duration;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::config::Config;

/// Largest answer read from the service, bytes: a thousand tasks are about 300 KB.
pub const MAX_ANSWER_BYTES: usize = 2 << 20;

/// Most tasks of one list read from the service.
pub const MAX_TASKS: usize = 1_000;

/// The state of a drone task, as the service reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TaskStatus {
    /// Accepted, waiting for a flight (排队中).
    Queued,
    /// Being flown (飞行中).
    Flying,
    /// Flown; the images are being interpreted (处理中).
    Processing,
    /// Interpreted; the result may be fetched (已完成).
    Done,
    /// Given up (失败).
    Failed,
}

/// A drone task as the service lists it, and as rscloud answers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UavTask {
    /// The service's id of the task.
    pub id: String,
    /// Name.
    pub name: String,
    /// State.
    pub status: TaskStatus,
    /// First day of the monitoring period, `YYYY-MM-DD`.
    pub start: String,
    /// Last day, `YYYY-MM-DD`.
    pub end: String,
    /// When the service accepted it, RFC 3339.
    pub created_at: String,
    /// Where the interpretation result is, once done: an http or https address (others are
    /// dropped, so the page never links to a script).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_url: Option<String>,
}

/// What the service answers to an added task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AddedTask {
    /// The service's id of the new task.
    pub id: String,
    /// Its state (queued, as a rule).
    pub status: TaskStatus,
}

/// A task to add, as sent to the service.
#[derive(Debug, Serialize)]
pub struct NewTask<'a> {
    /// Name, 1–50 characters.
    pub name: &'a str,
    /// The area: a GeoJSON MultiPolygon, WGS 84.
    pub area: geojson::Geometry,
    /// First day, `YYYY-MM-DD`.
    pub start: String,
    /// Last day, `YYYY-MM-DD`.
    pub end: String,
    /// The rscloud account id of the requester, as text.
    pub requester: String,
}

/// Why a call to the service gave nothing usable.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// No answer within the configured time.
    #[error("the drone service did not answer in time")]
    Timeout,
    /// No connection, or the connection broke.
    #[error("the drone service could not be reached: {0}")]
    Unreachable(String),
    /// An answer other than 2xx (a redirect included: none is followed).
    #[error("the drone service answered {0}")]
    Status(u16),
    /// An answer over [`MAX_ANSWER_BYTES`].
    #[error("the drone service answered more than {MAX_ANSWER_BYTES} bytes")]
    TooLarge,
    /// An answer that is not the contract's JSON.
    #[error("the drone service answered something unreadable: {0}")]
    BadAnswer(String),
}

impl ServiceError {
    /// What the user is told (a 502).
    pub fn message(&self) -> String {
        match self {
            Self::Timeout => "无人机服务响应超时，请稍后重试".into(),
            Self::Unreachable(_) => "无法连接无人机服务，请稍后重试".into(),
            Self::Status(code) => format!("无人机服务返回错误（{code}），请稍后重试"),
            Self::TooLarge => "无人机服务的答复过大，已拒绝".into(),
            Self::BadAnswer(_) => "无人机服务的答复格式错误".into(),
        }
    }
}

impl From<reqwest::Error> for ServiceError {
    fn from(e: reqwest::Error) -> Self {
        if e.is_timeout() {
            Self::Timeout
        } else {
            Self::Unreachable(e.to_string())
        }
    }
}

/// The configured drone service.
pub struct Drone {
    http: reqwest::Client,
    tasks_url: String,
    key: String,
}

impl Drone {
    /// The client of the service `config` names; `None` when drone tasks are off (no
    /// `drone_base_url`; the configuration check makes a key come with it).
    pub fn from_config(config: &Config) -> anyhow::Result<Option<Self>> {
        let (Some(base), Some(key)) = (&config.drone_base_url, &config.drone_key) else {
            return Ok(None);
        };
        let timeout = Duration::from_millis(config.drone_timeout_ms);
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Some(Self {
            http,
            tasks_url: format!("{}/tasks", base.trim_end_matches('/')),
            key: key.0.clone(),
        }))
    }

    /// The requester's tasks, as the service lists them.
    pub async fn list(&self, requester: i64) -> Result<Vec<UavTask>, ServiceError> {
        let request = self
            .http
            .get(&self.tasks_url)
            .query(&[("requester", requester.to_string())]);
        parse_tasks(&self.call(request).await?)
    }

    /// Adds a task; the service's id and state of it.
    pub async fn add(&self, task: &NewTask<'_>) -> Result<AddedTask, ServiceError> {
        let body = serde_json::to_vec(task).map_err(|e| ServiceError::BadAnswer(e.to_string()))?;
        let request = self
            .http
            .post(&self.tasks_url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body);
        parse_added(&self.call(request).await?)
    }

    /// Sends the request with the key; the body of a 2xx answer, read up to the limit.
    async fn call(&self, request: reqwest::RequestBuilder) -> Result<Vec<u8>, ServiceError> {
        let mut response = request.bearer_auth(&self.key).send().await?;
        if !response.status().is_success() {
            return Err(ServiceError::Status(response.status().as_u16()));
        }
        if response
            .content_length()
            .is_some_and(|n| n > MAX_ANSWER_BYTES as u64)
        {
            return Err(ServiceError::TooLarge);
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await? {
            if body.len() + chunk.len() > MAX_ANSWER_BYTES {
                return Err(ServiceError::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

/// A list answer, refused at its [`MAX_TASKS`] + 1st task while it is read.
struct Bounded(Vec<UavTask>);

impl<'de> Deserialize<'de> for Bounded {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Tasks;
        impl<'de> Visitor<'de> for Tasks {
            type Value = Bounded;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {MAX_TASKS} tasks")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bounded, A::Error> {
                let mut tasks = Vec::new();
                while let Some(task) = seq.next_element::<UavTask>()? {
                    if tasks.len() == MAX_TASKS {
                        return Err(de::Error::custom(format!("more than {MAX_TASKS} tasks")));
                    }
                    tasks.push(task);
                }
                Ok(Bounded(tasks))
            }
        }
        d.deserialize_seq(Tasks)
    }
}

/// The service's list of tasks (a JSON array, at most [`MAX_TASKS`]), with result
/// addresses other than http or https dropped.
pub fn parse_tasks(body: &[u8]) -> Result<Vec<UavTask>, ServiceError> {
    let Bounded(mut tasks) =
        serde_json::from_slice(body).map_err(|e| ServiceError::BadAnswer(e.to_string()))?;
    for task in &mut tasks {
        task.result_url = task
            .result_url
            .take()
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"));
    }
    Ok(tasks)
}

/// The service's answer to an added task.
pub fn parse_added(body: &[u8]) -> Result<AddedTask, ServiceError> {
    serde_json::from_slice(body).map_err(|e| ServiceError::BadAnswer(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(id: usize, url: &str) -> serde_json::Value {
        serde_json::json!({"id": id.to_string(), "name": "河道巡查", "status": "done",
            "start": "2026-05-01", "end": "2026-05-31", "createdAt": "2026-04-30T08:00:00Z",
            "resultUrl": url})
    }

    #[test]
    fn a_list_is_typed_and_only_web_result_addresses_are_kept() {
        let body = serde_json::json!([
            task(1, "https://uav.example.cn/r/1"),
            task(2, "javascript:alert(1)")
        ]);
        let tasks = parse_tasks(body.to_string().as_bytes()).expect("parsed");
        assert_eq!(tasks[0].status, TaskStatus::Done);
        assert_eq!(
            tasks[0].result_url.as_deref(),
            Some("https://uav.example.cn/r/1")
        );
        assert_eq!(tasks[1].result_url, None);
    }

    #[test]
    fn a_list_over_the_limit_an_unknown_status_or_not_a_list_is_refused() {
        let many: Vec<_> = (0..=MAX_TASKS).map(|i| task(i, "")).collect();
        let body = serde_json::to_vec(&many).expect("json");
        assert!(
            matches!(parse_tasks(&body), Err(ServiceError::BadAnswer(e)) if e.contains("more than"))
        );
        let mut odd = task(1, "");
        odd["status"] = "lost".into();
        let body = serde_json::to_vec(&[odd]).expect("json");
        assert!(parse_tasks(&body).is_err());
        assert!(parse_tasks(b"{\"tasks\": []}").is_err());
        assert!(parse_added(b"[]").is_err());
        assert_eq!(
            parse_added(br#"{"id": "t-1", "status": "queued"}"#)
                .expect("added")
                .status,
            TaskStatus::Queued
        );
    }
}
