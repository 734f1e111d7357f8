//! Access rules as route layers, enforced on the server:
//! `.route_layer(Require::login())`, `.route_layer(Require::authority(perm::MOD_061))`,
//! `.route_layer(Require::authority_in_range(perm::MOD_056))`; and the region test that
//! modules use to clip their queries to the caller's area ranges.
//!
//! A module's router puts the routes that share a rule in one group and layers
//! the rule on the group (see `usercenter::router`); a route without a layer is
//! public. `tests/access.rs` holds what every route answers to whom.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use tower::{Layer, Service};

use super::perm::Perm;
use super::session::Caller;
use crate::error::AppError;
use crate::region::tree::{COUNTRY, COUNTRY_ALIAS};

/// 403 without an area range (spec §8).
pub const NO_RANGE: &str = "未关联用户权限范围，请联系管理员";
/// 403 without the permission (spec §8).
pub const NO_PERMISSION: &str = "无查看信息权限，请联系管理员";

/// 403 on an administration route for anyone but an administrator.
pub const NOT_ADMIN: &str = "仅系统管理员可以进行此操作";

/// 403 on a content-editing route for anyone but an editor or an administrator.
pub const NOT_EDITOR: &str = "仅内容编辑可以进行此操作";

/// 403 on a route of a unit filling its own part (an acquisition plan's areas) for an
/// administrator, who decides on what units fill instead.
pub const NOT_UNIT: &str = "仅填报单位（省级等用户）可以进行此操作";

/// What a route needs of its caller.
#[derive(Debug, Clone, Copy)]
enum Need {
    Login,
    Authority(Perm),
    AuthorityInRange(Perm),
    /// The permission the request's path names (a theme's), and an area range.
    AuthorityInRangeOf(fn(&str) -> Option<Perm>),
    Admin,
    Editor,
    /// Any caller with an area range.
    InRange,
    /// A caller with an area range who is not an administrator: a unit filling its part.
    Unit,
}

impl Need {
    fn check(self, caller: Option<&Caller>, path: &str) -> Result<(), AppError> {
        let caller = caller.ok_or(AppError::Unauthorized)?;
        match self {
            Need::Login => Ok(()),
            Need::Admin if caller.is_admin() => Ok(()),
            Need::Admin => Err(AppError::Forbidden(NOT_ADMIN.into())),
            Need::Editor if caller.is_admin() || caller.is_editor() => Ok(()),
            Need::Editor => Err(AppError::Forbidden(NOT_EDITOR.into())),
            // A manager reads every unit's part, with or without a range of their own, and
            // fills none.
            Need::InRange if caller.is_admin() => Ok(()),
            Need::Unit if caller.is_admin() => Err(AppError::Forbidden(NOT_UNIT.into())),
            Need::InRange | Need::Unit if caller.regions.is_empty() => {
                Err(AppError::Forbidden(NO_RANGE.into()))
            }
            Need::InRange | Need::Unit => Ok(()),
            Need::Authority(perm) => holds(caller, perm),
            Need::AuthorityInRange(perm) => in_range(caller, perm),
            // A path naming nothing the resolver knows is the handler's to refuse (400).
            Need::AuthorityInRangeOf(resolve) => {
                resolve(path).map_or(Ok(()), |perm| in_range(caller, perm))
            }
        }
    }
}

fn holds(caller: &Caller, perm: Perm) -> Result<(), AppError> {
    if caller.has(perm.code) {
        Ok(())
    } else {
        Err(AppError::Forbidden(NO_PERMISSION.into()))
    }
}

fn in_range(caller: &Caller, perm: Perm) -> Result<(), AppError> {
    holds(caller, perm)?;
    if caller.regions.is_empty() {
        Err(AppError::Forbidden(NO_RANGE.into()))
    } else {
        Ok(())
    }
}

/// A route layer that refuses callers who lack what the route needs.
#[derive(Debug, Clone, Copy)]
pub struct Require(Need);

impl Require {
    /// Any logged-in caller (401 otherwise).
    pub fn login() -> Self {
        Self(Need::Login)
    }

    /// A caller holding `perm` (403 无查看信息权限 otherwise).
    pub fn authority(perm: Perm) -> Self {
        Self(Need::Authority(perm))
    }

    /// A caller holding `perm` and at least one `regionId` area range (spec §4, §6).
    pub fn authority_in_range(perm: Perm) -> Self {
        Self(Need::AuthorityInRange(perm))
    }

    /// A caller holding the permission `resolve` finds in the request's path (a monitoring
    /// theme's, say) and at least one area range; a path it finds nothing in needs a login.
    pub fn authority_in_range_of(resolve: fn(&str) -> Option<Perm>) -> Self {
        Self(Need::AuthorityInRangeOf(resolve))
    }

    /// Any caller with at least one `regionId` area range (403 未关联用户权限范围 otherwise),
    /// whatever they hold, or an administrator: a route that scopes what it answers to the
    /// caller's ranges (a manager's to every one).
    pub fn in_range() -> Self {
        Self(Need::InRange)
    }

    /// A unit filling its own part: an area range and not an administrator (403
    /// 未关联用户权限范围 without a range, 仅填报单位 for an administrator).
    pub fn unit() -> Self {
        Self(Need::Unit)
    }

    /// An administrator: the `admin` role (403 仅系统管理员 otherwise).
    pub fn admin() -> Self {
        Self(Need::Admin)
    }

    /// 401 when anonymous, 403 unless the caller edits content (role `editor`) or administers.
    pub fn editor() -> Self {
        Self(Need::Editor)
    }
}

impl<S> Layer<S> for Require {
    type Service = RequireService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        RequireService {
            inner,
            need: self.0,
        }
    }
}

/// The service [`Require`] wraps around a route.
#[derive(Debug, Clone)]
pub struct RequireService<S> {
    inner: S,
    need: Need,
}

impl<S> Service<Request> for RequireService<S>
where
    S: Service<Request, Response = Response> + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        match self
            .need
            .check(req.extensions().get::<Caller>(), req.uri().path())
        {
            Ok(()) => Box::pin(self.inner.call(req)),
            Err(e) => Box::pin(std::future::ready(Ok(e.into_response()))),
        }
    }
}

/// Is `region` inside one of the `ranges`? 100000 (or 156000000) covers the
/// country, a province code its cities and counties, a city code its counties.
pub fn region_in_ranges(region: &str, ranges: &[String]) -> bool {
    ranges.iter().any(|r| covers(r, region))
}

fn covers(range: &str, region: &str) -> bool {
    if range == COUNTRY || range == COUNTRY_ALIAS {
        return true;
    }
    if range.len() != 6 || region.len() != 6 {
        return false;
    }
    // xx0000 keeps the first two digits, xxxx00 the first four, a county all six.
    let significant = if range.ends_with("0000") {
        2
    } else if range.ends_with("00") {
        4
    } else {
        6
    };
    region.as_bytes()[..significant] == range.as_bytes()[..significant]
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Need {
        fn check_at(self, caller: Option<&Caller>) -> Result<(), AppError> {
            self.check(caller, "/")
        }
    }
    use crate::usercenter::perm::{MOD_056, MOD_061};
    use std::collections::BTreeSet;

    fn caller(perms: &[Perm], regions: &[&str]) -> Caller {
        Caller {
            user_id: 1,
            username: "u".into(),
            permissions: perms
                .iter()
                .map(|p| p.code.to_owned())
                .collect::<BTreeSet<_>>(),
            regions: regions.iter().map(|s| s.to_string()).collect(),
            roles: BTreeSet::new(),
            push_nodes: Vec::new(),
            read_only: false,
            screen: None,
            token: "t".into(),
        }
    }

    #[test]
    fn country_province_city_and_county_ranges_cover_what_they_should() {
        let hubei = vec!["420000".to_string()];
        assert!(region_in_ranges("420111", &hubei)); // 洪山区
        assert!(region_in_ranges("429004", &hubei)); // 仙桃市, province-administered
        assert!(region_in_ranges("420000", &hubei));
        assert!(!region_in_ranges("430100", &hubei));
        let wuhan = vec!["420100".to_string()];
        assert!(region_in_ranges("420111", &wuhan));
        assert!(
            !region_in_ranges("420000", &wuhan),
            "a city range does not cover its province"
        );
        assert!(!region_in_ranges("420500", &wuhan));
        assert!(region_in_ranges("650000", &["100000".to_string()]));
        assert!(region_in_ranges("650000", &["156000000".to_string()]));
        assert!(!region_in_ranges("420111", &["420112".to_string()]));
        assert!(!region_in_ranges("420111", &[]));
    }

    #[test]
    fn needs_answer_401_or_the_spec_403_messages() {
        assert!(matches!(
            Need::Login.check_at(None),
            Err(AppError::Unauthorized)
        ));
        assert!(Need::Login.check_at(Some(&caller(&[], &[]))).is_ok());
        let no_perm = Need::Authority(MOD_061).check_at(Some(&caller(&[], &["420000"])));
        assert_eq!(no_perm.expect_err("403").to_string(), NO_PERMISSION);
        let no_range = Need::AuthorityInRange(MOD_056).check_at(Some(&caller(&[MOD_056], &[])));
        assert_eq!(no_range.expect_err("403").to_string(), NO_RANGE);
        assert!(
            Need::AuthorityInRange(MOD_056)
                .check_at(Some(&caller(&[MOD_056], &["420000"])))
                .is_ok()
        );
        // A range, whatever the permissions; a unit is not an administrator.
        let none = caller(&[], &[]);
        let hubei = caller(&[], &["420000"]);
        let mut admin = caller(&[], &["100000"]);
        admin.roles.insert(super::super::ADMIN_ROLE.to_owned());
        for need in [Need::InRange, Need::Unit] {
            let refused = need.check_at(Some(&none)).expect_err("403");
            assert_eq!(refused.to_string(), NO_RANGE);
            assert!(need.check_at(Some(&hubei)).is_ok());
            assert!(matches!(need.check_at(None), Err(AppError::Unauthorized)));
        }
        assert!(Need::InRange.check_at(Some(&admin)).is_ok());
        admin.regions.clear();
        assert!(
            Need::InRange.check_at(Some(&admin)).is_ok(),
            "a manager reads every unit's part without a range of their own"
        );
        let refused = Need::Unit.check_at(Some(&admin)).expect_err("403");
        assert_eq!(refused.to_string(), NOT_UNIT);
    }

    /// Who calls, and what each kind of route answers them, through the real layer.
    #[tokio::test]
    async fn permission_matrix_through_the_route_layer() {
        use axum::Router;
        use axum::body::Body;
        use axum::routing::get;
        use tower::ServiceExt;

        let app = |caller: Option<Caller>| {
            let protected = Router::new()
                .route(
                    "/login",
                    get(|| async { "ok" }).route_layer(Require::login()),
                )
                .route(
                    "/cart",
                    get(|| async { "ok" }).route_layer(Require::authority(MOD_061)),
                )
                .route(
                    "/landcover",
                    get(|| async { "ok" }).route_layer(Require::authority_in_range(MOD_056)),
                );
            protected.layer(axum::middleware::from_fn(
                move |mut req: Request, next: axum::middleware::Next| {
                    let caller = caller.clone();
                    async move {
                        if let Some(c) = caller {
                            req.extensions_mut().insert(c);
                        }
                        next.run(req).await
                    }
                },
            ))
        };
        let anonymous = None;
        let person = Some(caller(&[], &[]));
        let provincial = Some(caller(&[MOD_056, MOD_061], &["420000"]));
        let rangeless = Some(caller(&[MOD_056, MOD_061], &[]));
        let matrix = [
            (&anonymous, [401, 401, 401]),
            (&person, [200, 403, 403]),
            (&provincial, [200, 200, 200]),
            (&rangeless, [200, 200, 403]),
        ];
        for (who, expected) in matrix {
            for (path, want) in ["/login", "/cart", "/landcover"].into_iter().zip(expected) {
                let req = axum::http::Request::get(path)
                    .body(Body::empty())
                    .expect("request");
                let res = app(who.clone()).oneshot(req).await.expect("response");
                assert_eq!(
                    res.status().as_u16(),
                    want,
                    "{path} for {:?}",
                    who.as_ref().map(|c| &c.permissions)
                );
            }
        }
    }
}
