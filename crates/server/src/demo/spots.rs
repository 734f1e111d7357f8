//! Demo spots.

// placeholder until H2's drawing lands
/// Draws a demo spot's before or after image as PNG.
pub fn draw_image(_: &crate::spot::model::ImageSubject<'_>) -> Vec<u8> {
    Vec::new()
}
