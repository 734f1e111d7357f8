//! The state machines of orders and data requests: which action moves a
//! record from which status to which, and who may take it.
//!
//! Orders (ORDER_STATUS): submitted → approved or rejected (with a reason) →
//! processing → delivered; the owner may cancel while submitted; an
//! administrator may withdraw a delivery (its links stop working).
//! Data requests (REQUEST_STATUS), for offline scenes: pending → accepted or
//! rejected → done (the scenes are back online and can be ordered); the owner
//! may cancel while pending.
//!
//! The numbers are the dictionaries' values (migrations 0002 and 0010); a test
//! keeps the labels here equal to the dictionaries'.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An order or a data request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Online scenes, delivered as files.
    Order,
    /// Offline scenes, asked to be brought back online.
    Request,
}

impl Kind {
    /// The stored `kind` column.
    pub fn code(self) -> i64 {
        match self {
            Kind::Order => 0,
            Kind::Request => 1,
        }
    }

    /// The prefix of a record's code (`DD20261126000001`, `SQ…`).
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::Order => "DD",
            Kind::Request => "SQ",
        }
    }

    /// The dictionary of its statuses.
    pub fn dict(self) -> &'static str {
        match self {
            Kind::Order => "ORDER_STATUS",
            Kind::Request => "REQUEST_STATUS",
        }
    }

    /// What the record is called in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Order => "订单",
            Kind::Request => "数据申请",
        }
    }

    /// The status a new record starts in.
    pub fn first(self) -> i64 {
        0
    }

    /// The Chinese label of a status, as the dictionary has it.
    pub fn label(self, status: i64) -> &'static str {
        let labels: &[&str] = match self {
            Kind::Order => &ORDER_LABELS,
            Kind::Request => &REQUEST_LABELS,
        };
        usize::try_from(status)
            .ok()
            .and_then(|i| labels.get(i))
            .copied()
            .unwrap_or("未知状态")
    }
}

/// ORDER_STATUS values.
pub mod order {
    /// 待审核: waiting for an administrator.
    pub const SUBMITTED: i64 = 0;
    /// 审核通过.
    pub const APPROVED: i64 = 1;
    /// 生产中: the products are being prepared.
    pub const PROCESSING: i64 = 2;
    /// 已完成: delivered; the download links work until they expire.
    pub const DELIVERED: i64 = 3;
    /// 已驳回, with a reason.
    pub const REJECTED: i64 = 4;
    /// 已取消 by its owner.
    pub const CANCELLED: i64 = 5;
    /// 已撤回: an administrator took the delivery back; the links stop working.
    pub const WITHDRAWN: i64 = 6;
}

/// REQUEST_STATUS values.
pub mod request {
    /// 待处理.
    pub const PENDING: i64 = 0;
    /// 已受理: the archive is bringing the scenes back.
    pub const ACCEPTED: i64 = 1;
    /// 已完成: the scenes are online again.
    pub const DONE: i64 = 2;
    /// 已驳回, with a reason.
    pub const REJECTED: i64 = 3;
    /// 已取消 by its owner.
    pub const CANCELLED: i64 = 4;
}

const ORDER_LABELS: [&str; 7] = [
    "待审核",
    "审核通过",
    "生产中",
    "已完成",
    "已驳回",
    "已取消",
    "已撤回",
];
const REQUEST_LABELS: [&str; 5] = ["待处理", "已受理", "已完成", "已驳回", "已取消"];

/// What someone does to an order or a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Order: an administrator approves it.
    Approve,
    /// Order or request: an administrator refuses it, with a reason.
    Reject,
    /// Order: an administrator starts preparing the products.
    Process,
    /// Order: an administrator delivers it (download links are made).
    Deliver,
    /// Order: an administrator takes a delivery back, with a reason.
    Withdraw,
    /// Request: an administrator accepts it.
    Accept,
    /// Request: an administrator marks the scenes back online.
    Complete,
    /// Order or request: its owner takes it back while it waits.
    Cancel,
}

/// Who takes an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The user whose record it is.
    Owner,
    /// An administrator.
    Admin,
}

/// One allowed move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transition {
    /// The action.
    pub action: Action,
    /// The status it starts from.
    pub from: i64,
    /// The status it leads to.
    pub to: i64,
    /// Who may take it.
    pub by: Actor,
    /// Whether a reason must be given (shown to the owner).
    pub needs_reason: bool,
}

const fn t(action: Action, from: i64, to: i64, by: Actor, needs_reason: bool) -> Transition {
    Transition {
        action,
        from,
        to,
        by,
        needs_reason,
    }
}

/// Every move of an order.
pub const ORDER_TRANSITIONS: &[Transition] = &[
    t(
        Action::Approve,
        order::SUBMITTED,
        order::APPROVED,
        Actor::Admin,
        false,
    ),
    t(
        Action::Reject,
        order::SUBMITTED,
        order::REJECTED,
        Actor::Admin,
        true,
    ),
    t(
        Action::Cancel,
        order::SUBMITTED,
        order::CANCELLED,
        Actor::Owner,
        false,
    ),
    t(
        Action::Process,
        order::APPROVED,
        order::PROCESSING,
        Actor::Admin,
        false,
    ),
    t(
        Action::Deliver,
        order::PROCESSING,
        order::DELIVERED,
        Actor::Admin,
        false,
    ),
    t(
        Action::Withdraw,
        order::DELIVERED,
        order::WITHDRAWN,
        Actor::Admin,
        true,
    ),
];

/// Every move of a data request.
pub const REQUEST_TRANSITIONS: &[Transition] = &[
    t(
        Action::Accept,
        request::PENDING,
        request::ACCEPTED,
        Actor::Admin,
        false,
    ),
    t(
        Action::Reject,
        request::PENDING,
        request::REJECTED,
        Actor::Admin,
        true,
    ),
    t(
        Action::Cancel,
        request::PENDING,
        request::CANCELLED,
        Actor::Owner,
        false,
    ),
    t(
        Action::Complete,
        request::ACCEPTED,
        request::DONE,
        Actor::Admin,
        false,
    ),
];

/// Why an action cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The action does not exist for this kind (a request cannot be delivered).
    #[error("{noun}不支持此操作")]
    NoSuchAction {
        /// 订单 or 数据申请.
        noun: &'static str,
    },
    /// The actor may not take it (an owner approving their own order).
    #[error("无权对该{noun}执行此操作")]
    NotYours {
        /// 订单 or 数据申请.
        noun: &'static str,
    },
    /// The record is not in a status the action starts from (someone else moved it first).
    #[error("{noun}当前状态为「{label}」，不能执行此操作")]
    WrongStatus {
        /// 订单 or 数据申请.
        noun: &'static str,
        /// The current status's label.
        label: &'static str,
    },
    /// A rejection or withdrawal without a reason.
    #[error("请填写原因")]
    NoReason,
}

/// Every move of a kind.
pub fn transitions(kind: Kind) -> &'static [Transition] {
    match kind {
        Kind::Order => ORDER_TRANSITIONS,
        Kind::Request => REQUEST_TRANSITIONS,
    }
}

/// The move `by` takes with `action` on a `kind` record now in `status`.
pub fn step(
    kind: Kind,
    status: i64,
    action: Action,
    by: Actor,
    reason: Option<&str>,
) -> Result<Transition, StepError> {
    let noun = kind.noun();
    let of_action: Vec<&Transition> = transitions(kind)
        .iter()
        .filter(|t| t.action == action)
        .collect();
    if of_action.is_empty() {
        return Err(StepError::NoSuchAction { noun });
    }
    if !of_action.iter().any(|t| t.by == by) {
        return Err(StepError::NotYours { noun });
    }
    let found = of_action
        .into_iter()
        .find(|t| t.by == by && t.from == status)
        .ok_or(StepError::WrongStatus {
            noun,
            label: kind.label(status),
        })?;
    if found.needs_reason && reason.is_none_or(|r| r.trim().is_empty()) {
        return Err(StepError::NoReason);
    }
    Ok(*found)
}

/// The actions `by` may take on a `kind` record in `status` (the buttons a page shows).
pub fn actions(kind: Kind, status: i64, by: Actor) -> Vec<Action> {
    transitions(kind)
        .iter()
        .filter(|t| t.from == status && t.by == by)
        .map(|t| t.action)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_goes_from_submitted_to_delivered_through_approval_and_processing() {
        let mut status = Kind::Order.first();
        for action in [Action::Approve, Action::Process, Action::Deliver] {
            status = step(Kind::Order, status, action, Actor::Admin, None)
                .unwrap_or_else(|_| panic!("{action:?} from {status}"))
                .to;
        }
        assert_eq!(status, order::DELIVERED);
    }

    #[test]
    fn only_the_listed_moves_exist() {
        // Every (status, action, actor) not in the table is refused.
        for kind in [Kind::Order, Kind::Request] {
            let statuses = match kind {
                Kind::Order => 0..7,
                Kind::Request => 0..5,
            };
            for status in statuses {
                for action in [
                    Action::Approve,
                    Action::Reject,
                    Action::Process,
                    Action::Deliver,
                    Action::Withdraw,
                    Action::Accept,
                    Action::Complete,
                    Action::Cancel,
                ] {
                    for by in [Actor::Owner, Actor::Admin] {
                        let listed = transitions(kind)
                            .iter()
                            .any(|t| t.from == status && t.action == action && t.by == by);
                        let got = step(kind, status, action, by, Some("原因"));
                        assert_eq!(got.is_ok(), listed, "{kind:?} {status} {action:?} {by:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(
            step(
                Kind::Order,
                order::DELIVERED,
                Action::Approve,
                Actor::Admin,
                None
            ),
            Err(StepError::WrongStatus {
                noun: "订单",
                label: "已完成"
            })
        );
        assert_eq!(
            step(
                Kind::Order,
                order::SUBMITTED,
                Action::Approve,
                Actor::Owner,
                None
            ),
            Err(StepError::NotYours { noun: "订单" })
        );
        assert_eq!(
            step(
                Kind::Request,
                request::PENDING,
                Action::Deliver,
                Actor::Admin,
                None
            ),
            Err(StepError::NoSuchAction {
                noun: "数据申请"
            })
        );
        assert_eq!(
            step(
                Kind::Order,
                order::SUBMITTED,
                Action::Reject,
                Actor::Admin,
                Some("  ")
            ),
            Err(StepError::NoReason)
        );
        assert_eq!(
            StepError::WrongStatus {
                noun: "订单",
                label: "已取消"
            }
            .to_string(),
            "订单当前状态为「已取消」，不能执行此操作"
        );
    }

    #[test]
    fn the_owner_may_only_cancel_while_it_waits() {
        assert_eq!(
            actions(Kind::Order, order::SUBMITTED, Actor::Owner),
            [Action::Cancel]
        );
        assert!(actions(Kind::Order, order::APPROVED, Actor::Owner).is_empty());
        assert_eq!(
            actions(Kind::Request, request::PENDING, Actor::Owner),
            [Action::Cancel]
        );
        assert_eq!(
            actions(Kind::Order, order::SUBMITTED, Actor::Admin),
            [Action::Approve, Action::Reject]
        );
    }

    #[test]
    fn labels_are_the_dictionaries() {
        let conn = crate::db::memory();
        for kind in [Kind::Order, Kind::Request] {
            let items = crate::dict::store::items(&conn, kind.dict()).expect("dict");
            assert!(!items.is_empty());
            for item in items {
                let value: i64 = item.value.parse().expect("number");
                assert_eq!(kind.label(value), item.label, "{kind:?} {value}");
            }
        }
    }
}
