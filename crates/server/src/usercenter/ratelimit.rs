//! Event limits per key: after too many events within a window (failed logins
//! of an account or from an address, uploads from an address) the key is
//! locked out for a while.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures one account may have within the window before it is locked.
pub const MAX_ACCOUNT_FAILURES: u32 = 5;
/// Failures one client address may cause across all accounts: higher, since a
/// whole office may share one address.
pub const MAX_ADDRESS_FAILURES: u32 = 20;
/// Uploads one client address may make within the window: enough for a person
/// trying file after file, too few to fill the upload table.
pub const MAX_ADDRESS_UPLOADS: u32 = 60;
/// Events older than this are forgotten.
const WINDOW: Duration = Duration::from_secs(15 * 60);
/// How long a lockout lasts.
pub const LOCKOUT: Duration = Duration::from_secs(15 * 60);
/// Keys tracked at once; a flood of distinct keys drops the oldest state.
const CAPACITY: usize = 100_000;

#[derive(Debug, Clone, Copy)]
struct Entry {
    events: u32,
    first: Instant,
    locked_until: Option<Instant>,
}

/// Event counts per key (an account name, or a client address).
pub struct Limiter<K> {
    entries: Mutex<HashMap<K, Entry>>,
    /// Events allowed within the window; the last of them starts a lockout.
    max_events: u32,
}

impl<K: Eq + Hash + Clone> Limiter<K> {
    /// A limiter that locks a key after `max_events` events in the window.
    pub fn new(max_events: u32) -> Self {
        Self {
            entries: Mutex::new(HashMap::new()),
            max_events,
        }
    }

    /// Is the key locked out now?
    pub fn is_locked(&self, key: &K, now: Instant) -> bool {
        self.entries
            .lock()
            .map(|m| {
                m.get(key)
                    .and_then(|e| e.locked_until)
                    .is_some_and(|until| until > now)
            })
            .unwrap_or(false)
    }

    /// Records an event (a failed login, an upload); true when this event locks the key.
    pub fn record(&self, key: &K, now: Instant) -> bool {
        let Ok(mut map) = self.entries.lock() else {
            return false;
        };
        if map.len() >= CAPACITY {
            map.retain(|_, e| {
                now.duration_since(e.first) < WINDOW || e.locked_until.is_some_and(|u| u > now)
            });
        }
        let entry = map.entry(key.clone()).or_insert(Entry {
            events: 0,
            first: now,
            locked_until: None,
        });
        if now.duration_since(entry.first) >= WINDOW || entry.locked_until.is_some_and(|u| u <= now)
        {
            *entry = Entry {
                events: 0,
                first: now,
                locked_until: None,
            };
        }
        entry.events += 1;
        if entry.events >= self.max_events {
            entry.locked_until = Some(now + LOCKOUT);
            return true;
        }
        false
    }

    /// Forgets a key's events (after a successful login).
    pub fn clear(&self, key: &K) {
        if let Ok(mut map) = self.entries.lock() {
            map.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_after_max_events_and_unlocks_after_the_lockout() {
        let l = Limiter::new(3);
        let t0 = Instant::now();
        assert!(!l.record(&"alice", t0));
        assert!(!l.record(&"alice", t0));
        assert!(!l.is_locked(&"alice", t0));
        assert!(l.record(&"alice", t0));
        assert!(l.is_locked(&"alice", t0 + Duration::from_secs(60)));
        assert!(!l.is_locked(&"bob", t0));
        assert!(!l.is_locked(&"alice", t0 + LOCKOUT + Duration::from_secs(1)));
    }

    #[test]
    fn old_events_are_forgotten_and_clearing_forgets() {
        let l = Limiter::new(2);
        let t0 = Instant::now();
        l.record(&"a", t0);
        assert!(
            !l.record(&"a", t0 + WINDOW + Duration::from_secs(1)),
            "first event expired"
        );
        l.clear(&"a");
        assert!(!l.record(&"a", t0 + WINDOW + Duration::from_secs(2)));
    }
}
