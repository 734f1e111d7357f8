//! The permission codes (spec §6), the one table of them: route guards
//! ([`super::guard::Require`]), role and screen grants and the web app (through
//! the `Permission` schema of the OpenAPI document) all take them from here.
//!
//! A code without `_DISPLAY` opens a page or its data; its `_DISPLAY` twin shows
//! the page's menu entry. The `permission` table of the database holds the same
//! codes with the same names (migration 0004); a test keeps the two equal, and
//! granting a code that is not in that table is refused.

use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{RefOr, schema};
use utoipa::{PartialSchema, ToSchema};

/// One permission code with its Chinese name and what it guards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Perm {
    /// The code as stored and sent, e.g. `MOD_061`.
    pub code: &'static str,
    /// Its Chinese name, e.g. `购物车与订单`.
    pub name: &'static str,
    /// What holding it allows, in words for developers.
    pub guards: &'static str,
}

/// Declares each page permission and its `_DISPLAY` twin, and [`ALL`] in the
/// migration's order (the page codes, then the display codes).
macro_rules! perms {
    ($($code:ident, $display:ident: $name:literal, $guards:literal;)*) => {
        $(
            #[doc = concat!($name, ": ", $guards, ".")]
            pub const $code: Perm = Perm {
                code: stringify!($code),
                name: $name,
                guards: $guards,
            };
            #[doc = concat!("显示：", $name, ": shows the menu entry of ", stringify!($code), ".")]
            pub const $display: Perm = Perm {
                code: stringify!($display),
                name: concat!("显示：", $name),
                guards: concat!("the menu entry of ", stringify!($code)),
            };
        )*
        /// Every permission code.
        pub const ALL: &[Perm] = &[$($code,)* $($display,)*];
    };
}

perms! {
    MOD_054, MOD_054_DISPLAY: "意见反馈", "the feedback page (/about/contactUs/idea)";
    MOD_056, MOD_056_DISPLAY: "地表覆盖监测", "land-cover monitoring (/monitor/landcover), with a regionId area range";
    MOD_057, MOD_057_DISPLAY: "道路监测", "road monitoring (/monitor/road), with a regionId area range";
    MOD_058, MOD_058_DISPLAY: "光伏用地监测", "photovoltaic land monitoring (/monitor/pvland), with a regionId area range";
    MOD_059, MOD_059_DISPLAY: "风电设施监测", "wind-farm monitoring (/monitor/windmill), with a regionId area range";
    MOD_060, MOD_060_DISPLAY: "钢铁厂监测", "steel-plant monitoring (/monitor/steelplant), with a regionId area range";
    MOD_061, MOD_061_DISPLAY: "购物车与订单", "the cart and order data";
    MOD_068, MOD_068_DISPLAY: "耕地非农化监测", "farmland conversion monitoring (/monitor/nonagricultural), with a regionId area range";
    MOD_069, MOD_069_DISPLAY: "种植结构监测", "planting-structure monitoring (/monitor/plantingstructure), with a regionId area range";
    MOD_076, MOD_076_DISPLAY: "地表形变监测", "surface-deformation monitoring (/monitor/surfaceDeform), with a regionId area range";
}

/// The monitoring pages (spec §6: MOD_056 to MOD_060, MOD_068, MOD_069,
/// MOD_076), each with its display code.
pub const MONITORING: [(Perm, Perm); 8] = [
    (MOD_056, MOD_056_DISPLAY),
    (MOD_057, MOD_057_DISPLAY),
    (MOD_058, MOD_058_DISPLAY),
    (MOD_059, MOD_059_DISPLAY),
    (MOD_060, MOD_060_DISPLAY),
    (MOD_068, MOD_068_DISPLAY),
    (MOD_069, MOD_069_DISPLAY),
    (MOD_076, MOD_076_DISPLAY),
];

/// Does `code` only show a menu entry (a `_DISPLAY` code), no page?
pub fn is_display(code: &str) -> bool {
    code.ends_with("_DISPLAY")
}

/// The `Permission` schema of the OpenAPI document: one of the codes, each
/// with its name as `title` and what it guards as `description`. The web app
/// generates `src/api/permissions.ts` from it.
pub struct Permission;

impl PartialSchema for Permission {
    fn schema() -> RefOr<Schema> {
        let one_of = ALL.iter().fold(OneOfBuilder::new(), |b, p| {
            b.item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some([p.code]))
                    .title(Some(p.name))
                    .description(Some(p.guards)),
            )
        });
        schema::Schema::OneOf(
            one_of
                .description(Some("A permission code (spec §6)."))
                .build(),
        )
        .into()
    }
}

impl ToSchema for Permission {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes the database knows (and so may be granted) are these, with these names.
    #[test]
    fn the_database_holds_the_same_codes_and_names() {
        let conn = crate::db::memory();
        // The permission table is this module's own (usercenter), read here only to compare.
        let mut stmt = conn
            .prepare("SELECT code, name FROM permission ORDER BY code")
            .expect("prepare");
        let stored: Vec<(String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows");
        let mut table: Vec<(String, String)> = ALL
            .iter()
            .map(|p| (p.code.to_owned(), p.name.to_owned()))
            .collect();
        table.sort();
        assert_eq!(stored, table);
    }

    #[test]
    fn display_codes_name_their_page_code() {
        for (page, display) in MONITORING {
            assert_eq!(display.code, format!("{}_DISPLAY", page.code));
            assert_eq!(display.name, format!("显示：{}", page.name));
            assert!(is_display(display.code) && !is_display(page.code));
        }
    }
}
