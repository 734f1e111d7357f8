//! What the benches that start the release server share.

/// A field of the server's /proc status, e.g. `VmRSS:` or `VmHWM:` (empty once it has gone).
pub fn proc_status(pid: u32, field: &str) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .map(|l| l.trim_start_matches(field).trim().to_owned())
        .unwrap_or_default()
}
