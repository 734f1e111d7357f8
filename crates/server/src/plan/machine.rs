//! The state machine of a plan area (PLAN_AREA_STATE): which action moves an area where and
//! who may take it. The numbers are the dictionary's values (migration 0019); a test keeps the
//! labels here equal to the dictionary's.
//!
//! | from \ action | save, delete (unit) | submit (unit) | apply-edit (unit) | grant (manager) | refuse (manager) | publish (manager) |
//! |---|---|---|---|---|---|---|
//! | 草稿 draft | 草稿 (delete: gone) | 已提交 | — | — | — | — |
//! | 已提交 submitted | — | — | 申请修改 | — | — | 已发布 |
//! | 申请修改 edit requested | — | — | — | 草稿 | 已提交 | — |
//! | 已发布 published | — | — | — | — | — | — |

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::usercenter::guard::{NOT_ADMIN, NOT_UNIT};

/// A plan area's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PlanState)]
pub enum State {
    /// 草稿: saved by its unit, editable.
    Draft,
    /// 已提交: submitted to the national centre.
    Submitted,
    /// 申请修改: its unit asked to edit it again.
    EditRequested,
    /// 已发布: in a published national plan; read-only for good.
    Published,
}

/// Every state, in the order of its stored value.
pub const STATES: [State; 4] = [
    State::Draft,
    State::Submitted,
    State::EditRequested,
    State::Published,
];

impl State {
    /// The stored value.
    pub fn code(self) -> i64 {
        match self {
            Self::Draft => 0,
            Self::Submitted => 1,
            Self::EditRequested => 2,
            Self::Published => 3,
        }
    }

    /// The state of a stored value.
    pub fn of(code: i64) -> Option<Self> {
        STATES.into_iter().find(|s| s.code() == code)
    }

    /// The Chinese label, as the dictionary has it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Draft => "草稿",
            Self::Submitted => "已提交",
            Self::EditRequested => "申请修改",
            Self::Published => "已发布",
        }
    }
}

/// A step of an area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PlanAction)]
pub enum Action {
    /// The unit saves (creates or changes) a draft.
    Save,
    /// The unit deletes a draft.
    Delete,
    /// The unit submits a draft.
    Submit,
    /// The unit asks to edit a submitted area.
    ApplyEdit,
    /// A manager grants an edit request: the area is a draft again.
    Grant,
    /// A manager refuses an edit request: the area stays submitted.
    Refuse,
    /// A manager publishes the year's plan, with every submitted area in it.
    Publish,
}

/// Every action.
pub const ACTIONS: [Action; 7] = [
    Action::Save,
    Action::Delete,
    Action::Submit,
    Action::ApplyEdit,
    Action::Grant,
    Action::Refuse,
    Action::Publish,
];

/// Who takes an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// A user of the area's unit (an account with its area range, not a manager).
    Unit,
    /// A manager (the `admin` role).
    Manager,
}

impl Action {
    /// The wire name, also the history's.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Save => "save",
            Self::Delete => "delete",
            Self::Submit => "submit",
            Self::ApplyEdit => "applyEdit",
            Self::Grant => "grant",
            Self::Refuse => "refuse",
            Self::Publish => "publish",
        }
    }

    /// Who may take it.
    pub fn actor(self) -> Actor {
        match self {
            Self::Save | Self::Delete | Self::Submit | Self::ApplyEdit => Actor::Unit,
            Self::Grant | Self::Refuse | Self::Publish => Actor::Manager,
        }
    }

    /// The state it moves `from` to, or `None` when it may not be taken there. Delete answers
    /// the state the area leaves in (it is then removed).
    pub fn next(self, from: State) -> Option<State> {
        use State::{Draft, EditRequested, Published, Submitted};
        match (self, from) {
            (Self::Save | Self::Delete, Draft) => Some(Draft),
            (Self::Submit, Draft) => Some(Submitted),
            (Self::ApplyEdit, Submitted) => Some(EditRequested),
            (Self::Grant, EditRequested) => Some(Draft),
            (Self::Refuse, EditRequested) => Some(Submitted),
            (Self::Publish, Submitted) => Some(Published),
            _ => None,
        }
    }

    /// Whether `actor` may take it.
    pub fn allowed(self, actor: Actor) -> bool {
        self.actor() == actor
    }

    /// The Chinese refusal of taking it `from` a state where it may not be taken (409).
    pub fn refused(self, from: State) -> String {
        let what = match self {
            Self::Save => "修改",
            Self::Delete => "删除",
            Self::Submit => "提交",
            Self::ApplyEdit => "申请修改",
            Self::Grant => "同意修改",
            Self::Refuse => "驳回修改申请",
            Self::Publish => "发布",
        };
        format!("需求范围当前为“{}”，不能{what}", from.label())
    }
}

/// The Chinese refusal of `actor` taking `action` (403), if it may not.
pub fn forbidden(action: Action, actor: Actor) -> Option<&'static str> {
    match (action.allowed(actor), action.actor()) {
        (true, _) => None,
        (false, Actor::Unit) => Some(NOT_UNIT),
        (false, Actor::Manager) => Some(NOT_ADMIN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use State::{Draft, EditRequested, Published, Submitted};

    #[test]
    fn every_transition_is_the_table_and_nothing_else() {
        // (from, action, to); every pair not listed is refused.
        let legal = [
            (Draft, Action::Save, Draft),
            (Draft, Action::Delete, Draft),
            (Draft, Action::Submit, Submitted),
            (Submitted, Action::ApplyEdit, EditRequested),
            (Submitted, Action::Publish, Published),
            (EditRequested, Action::Grant, Draft),
            (EditRequested, Action::Refuse, Submitted),
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
        // Nothing leaves 已发布.
        assert!(ACTIONS.iter().all(|a| a.next(Published).is_none()));
        assert_eq!(
            Action::Save.refused(Published),
            "需求范围当前为“已发布”，不能修改"
        );
    }

    #[test]
    fn units_fill_and_managers_decide() {
        for action in ACTIONS {
            let unit = matches!(
                action,
                Action::Save | Action::Delete | Action::Submit | Action::ApplyEdit
            );
            assert_eq!(action.allowed(Actor::Unit), unit, "{action:?}");
            assert_eq!(action.allowed(Actor::Manager), !unit, "{action:?}");
        }
        assert_eq!(forbidden(Action::Grant, Actor::Unit), Some(NOT_ADMIN));
        assert_eq!(forbidden(Action::Save, Actor::Manager), Some(NOT_UNIT));
        assert_eq!(forbidden(Action::Publish, Actor::Manager), None);
    }

    #[test]
    fn codes_round_trip_and_labels_are_the_dictionary() {
        for s in STATES {
            assert_eq!(State::of(s.code()), Some(s));
        }
        assert_eq!(State::of(4), None);
        let conn = crate::db::memory();
        let items = crate::dict::store::items(&conn, "PLAN_AREA_STATE").expect("dict");
        assert_eq!(items.len(), STATES.len());
        for item in items {
            let state = State::of(item.value.parse().expect("number")).expect("state");
            assert_eq!(state.label(), item.label);
        }
    }
}
