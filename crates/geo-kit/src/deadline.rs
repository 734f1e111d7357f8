//! When long geometry work (coverage, set cover, simplification for display)
//! must give up: the work checks its deadline in its loops and returns
//! [`TimedOut`], so the thread running it is freed instead of running on.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The work ran past its deadline and stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("计算超时")]
pub struct TimedOut;

/// A moment after which work stops, or a number of checks after which it
/// does (work bounded deterministically, for tests), or neither.
#[derive(Debug, Default)]
pub struct Deadline {
    at: Option<Instant>,
    checks_left: Option<AtomicU64>,
}

impl Deadline {
    /// No limit.
    pub fn never() -> Self {
        Self::default()
    }

    /// Stops work once this moment has passed.
    pub fn at(at: Instant) -> Self {
        Self {
            at: Some(at),
            checks_left: None,
        }
    }

    /// Stops work at its `n + 1`-th check, whatever the clock says.
    pub fn after_checks(n: u64) -> Self {
        Self {
            at: None,
            checks_left: Some(AtomicU64::new(n)),
        }
    }

    /// `Err` once the deadline has passed; work calls this in its loops.
    pub fn check(&self) -> Result<(), TimedOut> {
        if let Some(left) = &self.checks_left {
            let spent = left
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                .is_err();
            if spent {
                return Err(TimedOut);
            }
        }
        match self.at {
            Some(at) if Instant::now() >= at => Err(TimedOut),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_passes_after_its_moment_or_its_checks() {
        assert_eq!(Deadline::never().check(), Ok(()));
        assert_eq!(Deadline::at(Instant::now()).check(), Err(TimedOut));
        let two = Deadline::after_checks(2);
        assert_eq!(two.check(), Ok(()));
        assert_eq!(two.check(), Ok(()));
        assert_eq!(two.check(), Err(TimedOut));
        assert_eq!(two.check(), Err(TimedOut));
    }
}
