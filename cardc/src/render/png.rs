//! Raster faces (`cardc render --png`): the SVG drawn by resvg with only the bundled fonts
//! loaded, so a PNG is the same on every machine whatever fonts it has installed.

use resvg::{tiny_skia, usvg};

use super::text::{BOLD, FAMILY, ITALIC, REGULAR};

/// The resolutions accepted: enough for a screen, bounded so a face stays under ~50 MB of
/// pixels in memory.
pub const DPI: std::ops::RangeInclusive<u32> = 30..=1200;

/// Card size in millimetres (poker size).
const MM: (f32, f32) = (63.0, 88.0);

pub struct Rasterizer {
    options: usvg::Options<'static>,
}

impl Default for Rasterizer {
    fn default() -> Self {
        Rasterizer::new()
    }
}

impl Rasterizer {
    pub fn new() -> Rasterizer {
        let mut options = usvg::Options::default();
        let db = options.fontdb_mut();
        for face in [REGULAR, BOLD, ITALIC] {
            db.load_font_data(face.to_vec());
        }
        options.font_family = FAMILY.to_string();
        Rasterizer { options }
    }

    /// Pixel size of a card at `dpi`.
    pub fn size(dpi: u32) -> (u32, u32) {
        let px = |mm: f32| (mm / 25.4 * dpi as f32).round() as u32;
        (px(MM.0), px(MM.1))
    }

    /// The PNG bytes of `svg` at `dpi`, or why not.
    pub fn png(&self, svg: &str, dpi: u32) -> Result<Vec<u8>, String> {
        if !DPI.contains(&dpi) {
            return Err(format!(
                "--dpi must be {} to {}, not {dpi}",
                DPI.start(),
                DPI.end()
            ));
        }
        let (w, h) = Rasterizer::size(dpi);
        self.pixmap(svg, w, h)?
            .encode_png()
            .map_err(|e| e.to_string())
    }

    /// `svg` drawn into a `w` × `h` image (the card stretched to fill it).
    pub fn pixmap(&self, svg: &str, w: u32, h: u32) -> Result<tiny_skia::Pixmap, String> {
        let tree = usvg::Tree::from_str(svg, &self.options).map_err(|e| e.to_string())?;
        let mut pixmap =
            tiny_skia::Pixmap::new(w, h).ok_or_else(|| format!("cannot make a {w}x{h} image"))?;
        let size = tree.size();
        let transform =
            tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        Ok(pixmap)
    }
}
