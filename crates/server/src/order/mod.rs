//! Cart, orders and data requests (`/api/order/v3/…`, spec §7 "order v3";
//! MOD_061: cart and order data).
//!
//! A land office puts online scenes into its cart (`cart.rs`), orders checked
//! cart lines, and asks for offline scenes by a data request (`records.rs`).
//! Administrators approve, reject, process and deliver orders, and accept,
//! reject and complete requests; `machine.rs` holds both state machines.
//! Delivery gives every item a signed, expiring link (`delivery.rs`), listed
//! for download managers by `exporturi`. Every record belongs to its owner:
//! another user's is answered 404, never with its content.

pub mod cart;
pub mod delivery;
pub mod machine;
pub mod records;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::perm;

/// The order routes: the cart, own orders and requests with MOD_061;
/// administration for the `admin` role; download links for anyone holding one.
pub fn router() -> OpenApiRouter<AppState> {
    let own = OpenApiRouter::new()
        .routes(routes!(cart::add, cart::remove))
        .routes(routes!(cart::own))
        .routes(routes!(cart::count))
        .routes(routes!(cart::all_ids_in_cart))
        .routes(routes!(records::create_order))
        .routes(routes!(records::own_orders))
        .routes(routes!(records::own_order_ids))
        .routes(routes!(records::own_orders_in_status))
        .routes(routes!(records::order_counts))
        .routes(routes!(records::order_detail))
        .routes(routes!(records::order_items))
        .routes(routes!(records::cancel_order))
        .routes(routes!(records::export_uri))
        .routes(routes!(records::create_request))
        .routes(routes!(records::own_requests))
        .routes(routes!(records::request_detail))
        .routes(routes!(records::request_items))
        .routes(routes!(records::cancel_request))
        .route_layer(Require::authority(perm::MOD_061));
    let manage = OpenApiRouter::new()
        .routes(routes!(records::all_orders))
        .routes(routes!(records::act_on_order))
        .routes(routes!(records::all_requests))
        .routes(routes!(records::act_on_request))
        .route_layer(Require::admin());
    OpenApiRouter::new()
        .merge(own)
        .merge(manage)
        .routes(routes!(records::download))
}
