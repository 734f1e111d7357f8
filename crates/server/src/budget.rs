//! The budget of CPU-heavy work (coverage, union areas, shapefile and
//! quick-look exports, and whatever later needs seconds of a core): at most
//! a few runs per client address and in total, off the async workers, and a
//! time limit after which the work itself stops and the request answers 503.
//! Routes call [`heavy`]; nothing else needs to know the limits.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use geo_kit::deadline::{Deadline, TimedOut};

use crate::api::blocking;
use crate::config::Config;
use crate::error::AppError;
use crate::state::AppState;

/// 429 when the address already runs its share.
const CLIENT_BUSY: &str = "您有统计或导出任务正在进行，请等待其完成后再试";
/// 503 when every slot is taken.
const SERVER_BUSY: &str = "服务器繁忙，统计或导出任务过多，请稍后重试";
/// 503 when the work ran past the time limit.
const TOO_LONG: &str = "计算超时：范围过于复杂或影像过多，请缩小范围或减少影像后重试";

impl From<TimedOut> for AppError {
    fn from(_: TimedOut) -> Self {
        AppError::Unavailable(TOO_LONG.into())
    }
}

/// Runs of heavy work now, per client address and in total.
pub struct Budget {
    per_client: usize,
    total: usize,
    time_limit: Duration,
    /// Runs per client (`None`: the address is unknown, as in router-only tests).
    running: Mutex<HashMap<Option<IpAddr>, usize>>,
}

/// One admitted run; dropping it gives the slot back.
pub struct Permit {
    budget: Arc<Budget>,
    client: Option<IpAddr>,
}

impl Budget {
    /// The limits the configuration sets.
    pub fn new(config: &Config) -> Self {
        Self {
            per_client: config.heavy_per_client,
            total: config.heavy_total,
            time_limit: Duration::from_millis(config.heavy_time_limit_ms),
            running: Mutex::new(HashMap::new()),
        }
    }

    /// A slot for the client, or 429 (its share is taken) or 503 (all are).
    pub fn admit(self: &Arc<Self>, client: Option<IpAddr>) -> Result<Permit, AppError> {
        let mut running = self
            .running
            .lock()
            .map_err(|_| AppError::Unavailable(SERVER_BUSY.into()))?;
        let mine = running.get(&client).copied().unwrap_or(0);
        if mine >= self.per_client {
            return Err(AppError::TooManyRequests(CLIENT_BUSY.into()));
        }
        if running.values().sum::<usize>() >= self.total {
            return Err(AppError::Unavailable(SERVER_BUSY.into()));
        }
        running.insert(client, mine + 1);
        Ok(Permit {
            budget: self.clone(),
            client,
        })
    }

    /// Runs holding a slot now.
    pub fn in_use(&self) -> usize {
        self.running.lock().map_or(0, |r| r.values().sum())
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Ok(mut running) = self.budget.running.lock()
            && let Some(n) = running.get_mut(&self.client)
        {
            *n -= 1;
            if *n == 0 {
                running.remove(&self.client);
            }
        }
    }
}

/// Runs CPU-heavy work for a client within the budget: admitted or refused
/// at once, then on a blocking thread with a deadline the work checks in its
/// loops. The slot is given back when the work returns, so a 503 for the
/// time limit is only sent once the thread is free.
pub async fn heavy<T: Send + 'static>(
    state: &AppState,
    client: Option<IpAddr>,
    work: impl FnOnce(&Deadline) -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    let permit = state.heavy.admit(client)?;
    let deadline = Deadline::at(Instant::now() + state.heavy.time_limit);
    blocking(move || {
        let result = work(&deadline);
        drop(permit);
        result
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(per_client: usize, total: usize) -> Arc<Budget> {
        Arc::new(Budget::new(&Config {
            heavy_per_client: per_client,
            heavy_total: total,
            ..Config::default()
        }))
    }

    #[test]
    fn slots_are_limited_per_client_and_in_total_and_come_back() {
        let b = budget(1, 2);
        let a: Option<IpAddr> = "203.0.113.1".parse().ok();
        let c: Option<IpAddr> = "203.0.113.2".parse().ok();
        let first = b.admit(a).expect("first");
        let again = b.admit(a).err().expect("second from the same address");
        assert_eq!(again.status(), 429);
        let other = b.admit(c).expect("another address");
        let third = b.admit(None).err().expect("all taken");
        assert_eq!(third.status(), 503);
        assert_eq!(b.in_use(), 2);
        drop(first);
        drop(other);
        assert_eq!(b.in_use(), 0);
        assert!(b.admit(a).is_ok());
    }
}
