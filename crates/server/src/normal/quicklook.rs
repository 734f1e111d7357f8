//! Quick-look images of scenes.

/// The URL of a scene's generated quick-look image.
pub fn url(scene_id: &str) -> String {
    format!("/api/normal/v5/quicklook/{scene_id}")
}
