//! Event limits per key: after too many events within a window (failed logins
//! of an account or from an address, uploads, account lookups and display-screen
//! logins from an address) the key is locked out for a while.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::AppError;

/// Failures one account may have within the window before it is locked.
pub const MAX_ACCOUNT_FAILURES: u32 = 5;
/// Failures one client address may cause across all accounts: higher, since a
/// whole office may share one address.
pub const MAX_ADDRESS_FAILURES: u32 = 20;
/// Uploads one client address may make within the window: enough for a person
/// trying file after file, too few to fill the upload table.
pub const MAX_ADDRESS_UPLOADS: u32 = 60;
/// Existence checks (`valid/*`, `send/*`) one client address may make within
/// the window: plenty for a person filling in the form, too few to enumerate
/// accounts.
pub const MAX_ADDRESS_LOOKUPS: u32 = 60;
/// Display-screen sessions one client address may open within the window: a
/// wall of screens reloading now and then, not a session factory.
pub const MAX_SCREEN_LOGINS: u32 = 30;
/// 429 when an address has used up its account lookups or screen logins.
pub const TOO_MANY: &str = "请求过于频繁，请稍后再试";
/// Events older than this are forgotten.
const WINDOW: Duration = Duration::from_secs(15 * 60);
/// How long a lockout lasts.
pub const LOCKOUT: Duration = Duration::from_secs(15 * 60);
/// Keys tracked at once; a flood of distinct keys drops the oldest state.
const CAPACITY: usize = 100_000;
/// When full of live keys, this share of the oldest is dropped at once, so the
/// scan that finds them runs once per many inserts.
const EVICT_SHARE: usize = 10;

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
    /// Keys tracked at once.
    capacity: usize,
}

/// Drops the keys whose window and lockout are over; when every key is still
/// live (a flood of distinct keys), drops the oldest tenth, so memory stays
/// bounded whatever the number of keys.
fn make_room<K: Eq + Hash>(map: &mut HashMap<K, Entry>, capacity: usize, now: Instant) {
    map.retain(|_, e| {
        now.duration_since(e.first) < WINDOW || e.locked_until.is_some_and(|u| u > now)
    });
    if map.len() < capacity {
        return;
    }
    let mut starts: Vec<Instant> = map.values().map(|e| e.first).collect();
    let cut = (capacity / EVICT_SHARE).max(1).min(starts.len() - 1);
    let (_, &mut threshold, _) = starts.select_nth_unstable(cut);
    map.retain(|_, e| e.first > threshold);
}

impl<K: Eq + Hash + Clone> Limiter<K> {
    /// A limiter that locks a key after `max_events` events in the window.
    pub fn new(max_events: u32) -> Self {
        Self::with_capacity(max_events, CAPACITY)
    }

    /// The same, tracking at most `capacity` keys (tests use a small one).
    fn with_capacity(max_events: u32, capacity: usize) -> Self {
        Self {
            entries: Mutex::new(HashMap::new()),
            max_events,
            capacity,
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

    /// Counts an event unless the key is locked out: false (nothing counted)
    /// while it is, so the event is to be refused.
    pub fn admit(&self, key: &K, now: Instant) -> bool {
        if self.is_locked(key, now) {
            return false;
        }
        self.record(key, now);
        true
    }

    /// Records an event (a failed login, an upload); true when this event locks the key.
    pub fn record(&self, key: &K, now: Instant) -> bool {
        let Ok(mut map) = self.entries.lock() else {
            return false;
        };
        if map.len() >= self.capacity && !map.contains_key(key) {
            make_room(&mut map, self.capacity, now);
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

impl Limiter<IpAddr> {
    /// Counts a request from a client address, or refuses it with a 429 that
    /// says `refusal` while the address has used up its window; a request
    /// whose address is unknown (router-only tests) is not counted.
    pub fn admit_client(&self, ip: Option<IpAddr>, refusal: &str) -> Result<(), AppError> {
        match ip {
            Some(ip) if !self.admit(&ip, Instant::now()) => {
                Err(AppError::TooManyRequests(refusal.into()))
            }
            _ => Ok(()),
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
    fn admit_serves_max_events_then_refuses_without_counting() {
        let l = Limiter::new(3);
        let t0 = Instant::now();
        assert!((0..3).all(|_| l.admit(&"a", t0)), "three events are served");
        assert!(!l.admit(&"a", t0), "the fourth is refused");
        assert!(l.admit(&"b", t0), "other keys are not affected");
    }

    #[test]
    fn a_flood_of_live_keys_stays_within_capacity_dropping_the_oldest() {
        let l = Limiter::with_capacity(5, 100);
        let t0 = Instant::now();
        l.record(&0u32, t0);
        l.record(&0u32, t0);
        for key in 1..1_000u32 {
            l.record(&key, t0 + Duration::from_millis(u64::from(key)));
            assert!(l.entries.lock().expect("lock").len() <= 100);
        }
        let map = l.entries.lock().expect("lock");
        assert!(map.contains_key(&999), "the newest key is kept");
        assert!(!map.contains_key(&0), "the oldest key made room");
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
