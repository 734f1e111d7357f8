//! The state machines of spot verification: a record's state (SPOT_BJHS_STATE) and which
//! action moves it where and who may take it, and a batch node's status
//! (SPOT_BJHS_BATCH_STATUS). The numbers are the dictionaries' values (migrations 0002 and
//! 0018); a test keeps the labels here equal to the dictionaries'.
//!
//! | from \ action | save (node) | submit (node) | approve (manager) | return (manager) |
//! |---|---|---|---|---|
//! | 待核查 pending | 核查中 | 已提交 | — | — |
//! | 核查中 draft | 核查中 | 已提交 | — | — |
//! | 已提交 submitted | — | — | 已通过 | 已退回 |
//! | 已退回 returned | 核查中 | 已提交 | — | — |
//! | 已通过 approved | — | — | — | — |

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A verification record's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// 待核查: sent, not yet touched.
    Pending,
    /// 核查中: saved by the node.
    Draft,
    /// 已提交: submitted for review.
    Submitted,
    /// 已退回: returned by a manager, with a reason.
    Returned,
    /// 已通过: approved; final.
    Approved,
}

/// Every state, in the order of its stored value.
pub const STATES: [State; 5] = [
    State::Pending,
    State::Draft,
    State::Submitted,
    State::Returned,
    State::Approved,
];

impl State {
    /// The stored value.
    pub fn code(self) -> i64 {
        match self {
            Self::Pending => 0,
            Self::Draft => 1,
            Self::Submitted => 2,
            Self::Returned => 3,
            Self::Approved => 4,
        }
    }

    /// The state of a stored value.
    pub fn of(code: i64) -> Option<Self> {
        STATES.into_iter().find(|s| s.code() == code)
    }

    /// The Chinese label, as the dictionary has it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Pending => "待核查",
            Self::Draft => "核查中",
            Self::Submitted => "已提交",
            Self::Returned => "已退回",
            Self::Approved => "已通过",
        }
    }

    /// Whether the node may still change the record's photos.
    pub fn photos_open(self) -> bool {
        !matches!(self, Self::Submitted | Self::Approved)
    }
}

/// A step of the review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = CheckAction)]
pub enum Action {
    /// The node saves what it found so far.
    Save,
    /// The node submits its finding (needs a result).
    Submit,
    /// A manager approves a submitted finding.
    Approve,
    /// A manager returns a submitted finding, with a reason.
    Return,
}

/// Who takes an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// A user of the record's node.
    Node,
    /// A manager (the `admin` role).
    Manager,
}

impl Action {
    /// The wire name, also the history's.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Save => "save",
            Self::Submit => "submit",
            Self::Approve => "approve",
            Self::Return => "return",
        }
    }

    /// Who may take it.
    pub fn actor(self) -> Actor {
        match self {
            Self::Save | Self::Submit => Actor::Node,
            Self::Approve | Self::Return => Actor::Manager,
        }
    }

    /// The state it moves `from` to, or `None` when it may not be taken there.
    pub fn next(self, from: State) -> Option<State> {
        use State::{Approved, Draft, Pending, Returned, Submitted};
        match (self, from) {
            (Self::Save, Pending | Draft | Returned) => Some(Draft),
            (Self::Submit, Pending | Draft | Returned) => Some(Submitted),
            (Self::Approve, Submitted) => Some(Approved),
            (Self::Return, Submitted) => Some(Returned),
            _ => None,
        }
    }

    /// The Chinese refusal of taking it `from` a state where it may not be taken.
    pub fn refused(self, from: State) -> String {
        let what = match self {
            Self::Save => "保存",
            Self::Submit => "提交",
            Self::Approve => "通过",
            Self::Return => "退回",
        };
        format!("核查记录当前为“{}”，不能{what}", from.label())
    }
}

/// SPOT_BJHS_BATCH_STATUS: a batch node's status.
pub mod node {
    /// 未下发: prepared, invisible to the node.
    pub const PREPARED: i64 = 0;
    /// 已下发: sent, nothing verified yet.
    pub const SENT: i64 = 1;
    /// 核查中: the node saved or submitted its first verification.
    pub const VERIFYING: i64 = 2;
    /// 已完成: every spot of the node's part approved.
    pub const DONE: i64 = 3;

    /// The Chinese label, as the dictionary has it.
    pub fn label(status: i64) -> &'static str {
        match status {
            PREPARED => "未下发",
            SENT => "已下发",
            VERIFYING => "核查中",
            DONE => "已完成",
            _ => "未知状态",
        }
    }
}

/// SPOT_BJHS_RESULT: what the node found.
pub const RESULTS: [(i64, &str); 3] = [(1, "真实变化"), (2, "伪变化"), (3, "其他")];

/// The result that makes a key change (重点变化).
pub const REAL_CHANGE: i64 = 1;

/// The Chinese label of a result.
pub fn result_label(result: i64) -> Option<&'static str> {
    RESULTS.iter().find(|(r, _)| *r == result).map(|(_, l)| *l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use State::{Approved, Draft, Pending, Returned, Submitted};

    const ACTIONS: [Action; 4] = [
        Action::Save,
        Action::Submit,
        Action::Approve,
        Action::Return,
    ];

    #[test]
    fn every_transition_is_the_table_and_nothing_else() {
        // (from, action, to); every pair not listed is refused.
        let legal = [
            (Pending, Action::Save, Draft),
            (Draft, Action::Save, Draft),
            (Returned, Action::Save, Draft),
            (Pending, Action::Submit, Submitted),
            (Draft, Action::Submit, Submitted),
            (Returned, Action::Submit, Submitted),
            (Submitted, Action::Approve, Approved),
            (Submitted, Action::Return, Returned),
        ];
        let mut taken = 0;
        for from in STATES {
            for action in ACTIONS {
                let expected = legal
                    .iter()
                    .find(|(f, a, _)| *f == from && *a == action)
                    .map(|(_, _, to)| *to);
                assert_eq!(action.next(from), expected, "{action:?} from {from:?}");
                taken += usize::from(expected.is_some());
            }
        }
        assert_eq!(taken, legal.len());
        assert_eq!(
            Action::Approve.refused(Draft),
            "核查记录当前为“核查中”，不能通过"
        );
    }

    #[test]
    fn nodes_verify_and_managers_review() {
        assert_eq!(Action::Save.actor(), Actor::Node);
        assert_eq!(Action::Submit.actor(), Actor::Node);
        assert_eq!(Action::Approve.actor(), Actor::Manager);
        assert_eq!(Action::Return.actor(), Actor::Manager);
        let open: Vec<State> = STATES.into_iter().filter(|s| s.photos_open()).collect();
        assert_eq!(open, [Pending, Draft, Returned]);
    }

    #[test]
    fn labels_are_the_dictionaries() {
        let conn = crate::db::memory();
        let items = |code: &str| crate::dict::store::items(&conn, code).expect("dict");
        let states = items("SPOT_BJHS_STATE");
        assert_eq!(states.len(), STATES.len());
        for item in states {
            let state = State::of(item.value.parse().expect("number")).expect("state");
            assert_eq!(state.label(), item.label);
        }
        let statuses = items("SPOT_BJHS_BATCH_STATUS");
        assert_eq!(statuses.len(), 4);
        for item in statuses {
            assert_eq!(node::label(item.value.parse().expect("number")), item.label);
        }
        let results = items("SPOT_BJHS_RESULT");
        assert_eq!(results.len(), RESULTS.len());
        for item in results {
            assert_eq!(
                result_label(item.value.parse().expect("number")),
                Some(item.label.as_str())
            );
        }
    }
}
