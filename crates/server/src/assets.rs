//! The browser UI, embedded in the binary at build time. Assets are looked up by exact name in a
//! fixed table, so no request can reach the file system.

/// One embedded file: its name under `/assets/`, content type and bytes.
pub struct Asset {
    /// The file name.
    pub name: &'static str,
    /// The `Content-Type`.
    pub mime: &'static str,
    /// The content.
    pub bytes: &'static [u8],
}

/// The page every UI route answers with.
pub const INDEX: &[u8] = include_bytes!("../../../web/index.html");

/// Every file served under `/assets/`.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        mime: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../../web/app.js"),
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        bytes: include_bytes!("../../../web/style.css"),
    },
    Asset {
        name: "icon.svg",
        mime: "image/svg+xml",
        bytes: include_bytes!("../../../web/icon.svg"),
    },
];

/// The asset called `name`, if any.
#[must_use]
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}
