//! Account types (`accountType`): the one table of them, read by account
//! creation and `GET /api/usercenter/nodetype`.
//!
//! The spec names only 0, a person (§3, §6). The platform serves land offices
//! at every level besides individual people (§1: provincial and national land
//! offices; /about/province lists the provincial nodes), so our reading is:
//! 0 个人用户, 1 省级节点, 2 市级节点, 3 县级节点, 4 国家级用户. The type only
//! describes the account; what it may do comes from its roles, permissions and
//! area ranges.

use serde::Serialize;
use utoipa::ToSchema;

/// One account type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountType {
    /// The number stored and sent as `accountType`.
    pub code: i64,
    /// Its Chinese name.
    pub name: &'static str,
}

/// Every account type, by code.
pub const ACCOUNT_TYPES: &[AccountType] = &[
    AccountType {
        code: 0,
        name: "个人用户",
    },
    AccountType {
        code: 1,
        name: "省级节点",
    },
    AccountType {
        code: 2,
        name: "市级节点",
    },
    AccountType {
        code: 3,
        name: "县级节点",
    },
    AccountType {
        code: 4,
        name: "国家级用户",
    },
];

/// The type numbered `code`, if there is one.
pub fn of(code: i64) -> Option<AccountType> {
    ACCOUNT_TYPES.iter().copied().find(|t| t.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_a_person_and_codes_are_unique() {
        assert_eq!(of(0).map(|t| t.name), Some("个人用户"));
        assert_eq!(of(5), None);
        let mut codes: Vec<i64> = ACCOUNT_TYPES.iter().map(|t| t.code).collect();
        codes.dedup();
        assert_eq!(codes.len(), ACCOUNT_TYPES.len());
    }
}
