//! Text on a card face: measured with the bundled font (Noto Sans, `ttf-noto-sans`), wrapped
//! at word boundaries and shrunk until it fits its box, so a long rules text never overflows
//! and the layout is the same on every machine.

use ttf_parser::Face;

/// The bundled faces (SIL/Apache-licensed Noto Sans).
pub const REGULAR: &[u8] = ttf_noto_sans::REGULAR;
pub const BOLD: &[u8] = ttf_noto_sans::BOLD;
pub const ITALIC: &[u8] = ttf_noto_sans::ITALIC;
/// The family name the SVG asks for.
pub const FAMILY: &str = "Noto Sans";

/// Line height as a multiple of the font size.
pub const LEADING: f32 = 1.22;

/// Font metrics for one face.
pub struct Metrics {
    face: Face<'static>,
    per_em: f32,
    /// The advance of `?`, drawn for a character the font lacks.
    fallback: f32,
    /// [`Metrics::units`] of each ASCII character, looked up once: most card text is ASCII,
    /// and a glyph lookup per character was most of the time a layout took.
    ascii: [f32; 128],
}

/// The style of a run of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Regular,
    Bold,
    Italic,
}

impl Metrics {
    pub fn new(style: Style) -> Metrics {
        let bytes = match style {
            Style::Regular => REGULAR,
            Style::Bold => BOLD,
            Style::Italic => ITALIC,
        };
        // The bytes are the crate's own font file: parsing cannot fail for them.
        let face = Face::parse(bytes, 0).expect("the bundled Noto Sans parses");
        let per_em = f32::from(face.units_per_em());
        let mut m = Metrics {
            face,
            per_em,
            fallback: 0.0,
            ascii: [0.0; 128],
        };
        m.fallback = m.advance('?');
        for b in 0u8..128 {
            m.ascii[usize::from(b)] = m.looked_up(char::from(b));
        }
        m
    }

    /// The advance width of `s` at `size`. A character the font lacks counts as the width of
    /// `?`, which is what a renderer with this font draws in its place.
    pub fn width(&self, s: &str, size: f32) -> f32 {
        let units: f32 = s.chars().map(|c| self.units(c)).sum();
        self.scaled(units, size)
    }

    /// One character's advance in font units, as [`Metrics::width`] counts it.
    fn units(&self, c: char) -> f32 {
        match self.ascii.get(c as usize) {
            Some(&units) => units,
            None => self.looked_up(c),
        }
    }

    fn looked_up(&self, c: char) -> f32 {
        let a = self.advance(c);
        if a > 0.0 || c == ' ' {
            a
        } else {
            self.fallback
        }
    }

    /// A run's advance in font units as a width at `size`.
    fn scaled(&self, units: f32, size: f32) -> f32 {
        units / self.per_em * size
    }

    fn advance(&self, c: char) -> f32 {
        self.face
            .glyph_index(c)
            .and_then(|g| self.face.glyph_hor_advance(g))
            .map_or(0.0, f32::from)
    }
}

/// Words of `text` broken into lines no wider than `width` at `size`; a word wider than the
/// line on its own is broken between characters.
pub fn wrap(m: &Metrics, text: &str, size: f32, width: f32) -> Vec<String> {
    wrap_words(m, text, size, width).0
}

/// [`wrap`], and whether some word had to be broken between characters.
///
/// Linear in the text: each line's advance is summed on as characters join it — the same
/// additions in the same order as [`Metrics::width`] makes over the whole line, so the same
/// widths — never measured again from its start (a 4 KiB word measured afresh for each
/// character took seconds).
fn wrap_words(m: &Metrics, text: &str, size: f32, width: f32) -> (Vec<String>, bool) {
    let mut broken = false;
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut line_units = 0.0;
        for word in paragraph.split_whitespace() {
            let mut candidate = if line.is_empty() {
                0.0
            } else {
                line_units + m.units(' ')
            };
            for c in word.chars() {
                candidate += m.units(c);
            }
            if m.scaled(candidate, size) <= width {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
                line_units = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                line_units = 0.0;
            }
            // The word alone: break it if it is still too wide.
            for c in word.chars() {
                let next = line_units + m.units(c);
                if !line.is_empty() && m.scaled(next, size) > width {
                    broken = true;
                    lines.push(std::mem::take(&mut line));
                    line.push(c);
                    line_units = m.units(c);
                } else {
                    line.push(c);
                    line_units = next;
                }
            }
        }
        lines.push(line);
    }
    // A text that is all blank has no lines to draw.
    if lines.iter().all(|l| l.is_empty()) {
        lines.clear();
    }
    (lines, broken)
}

/// Text fitted into a box: its lines, size, and the height they take.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    pub lines: Vec<String>,
    pub size: f32,
    pub height: f32,
}

/// The largest size from `max` down to `min` (in steps of 0.5) at which `text` wraps into
/// `width` × `height` without breaking a word (at `min`, breaking one if it must). At `min` the lines that still do not fit are cut and the last one ends
/// with an ellipsis, so nothing is ever drawn outside the box; `truncated` says so.
pub fn fit(m: &Metrics, text: &str, max: f32, min: f32, width: f32, height: f32) -> (Fitted, bool) {
    let mut size = max;
    loop {
        let (lines, broken) = wrap_words(m, text, size, width);
        let h = lines.len() as f32 * size * LEADING;
        if (h <= height && !broken) || size <= min {
            if h <= height {
                return (
                    Fitted {
                        lines,
                        size,
                        height: h,
                    },
                    false,
                );
            }
            let keep = ((height / (size * LEADING)).floor() as usize).max(1);
            let mut lines: Vec<String> = lines.into_iter().take(keep).collect();
            if let Some(last) = lines.last_mut() {
                while !last.is_empty() && m.width(&format!("{last}…"), size) > width {
                    last.pop();
                }
                last.push('…');
            }
            let height = lines.len() as f32 * size * LEADING;
            return (
                Fitted {
                    lines,
                    size,
                    height,
                },
                true,
            );
        }
        size = (size - 0.5).max(min);
    }
}

/// Whether an SVG file may hold `c` as text: XML 1.0 allows no control character but tab and
/// line breaks (and a carriage return is read back as a line break, so it is not kept either),
/// and no noncharacter (U+FFFE, U+FFFF, U+FDD0–U+FDEF and the last two of every plane).
/// Surrogates cannot occur in a Rust string.
pub fn showable(c: char) -> bool {
    let n = u32::from(c);
    let noncharacter = (0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE;
    (!c.is_control() || c == '\t' || c == '\n') && !noncharacter
}

/// What a face draws of `s`: every character [`showable`] refuses replaced by U+FFFD, the
/// replacement character (visible on the proof, so the designer sees where), and the first one
/// replaced, if any.
pub fn drawable(s: &str) -> (std::borrow::Cow<'_, str>, Option<char>) {
    match s.chars().find(|&c| !showable(c)) {
        None => (std::borrow::Cow::Borrowed(s), None),
        Some(first) => (
            s.chars()
                .map(|c| if showable(c) { c } else { '\u{FFFD}' })
                .collect::<String>()
                .into(),
            Some(first),
        ),
    }
}

/// XML text escaping for SVG: markup characters as entities, and whatever an XML file may not
/// hold as U+FFFD (the faces pass text through [`drawable`] first; this is the last guard, so
/// no text can make a face that is not XML).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if !showable(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wider_text_measures_wider_and_scales_with_size() {
        let m = Metrics::new(Style::Regular);
        let a = m.width("Merlin", 10.0);
        assert!(a > 0.0);
        assert!(m.width("Merlin-class Frigate", 10.0) > a);
        assert!((m.width("Merlin", 20.0) - 2.0 * a).abs() < 1e-3);
    }

    #[test]
    fn wrapping_keeps_every_line_inside_the_width() {
        let m = Metrics::new(Style::Regular);
        let text = "When this ship destroys an opposing ship, gain 1 Currency. Supercalifragilisticexpialidocious";
        for width in [60.0, 120.0, 300.0] {
            let lines = wrap(&m, text, 12.0, width);
            assert!(lines.len() > 1);
            for l in &lines {
                assert!(m.width(l, 12.0) <= width + 1e-3, "{l:?} wider than {width}");
            }
            // Nothing is lost: the words come back in order.
            let joined: String = lines
                .concat()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            let want: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(joined, want);
        }
    }

    #[test]
    fn fitting_shrinks_then_cuts_with_an_ellipsis() {
        let m = Metrics::new(Style::Regular);
        let short = fit(&m, "Draw 2.", 26.0, 13.0, 500.0, 100.0);
        assert_eq!(short.0.size, 26.0);
        assert!(!short.1);
        let long = "word ".repeat(400);
        let (f, cut) = fit(&m, &long, 26.0, 13.0, 500.0, 100.0);
        assert!(cut);
        assert_eq!(f.size, 13.0);
        assert!(f.height <= 100.0);
        assert!(f.lines.last().unwrap().ends_with('…'));
    }

    #[test]
    fn escaping_makes_valid_xml_text() {
        assert_eq!(
            escape("A & <B> \"C\"\u{1}\u{FFFE}\u{FFFF}\u{85}\u{FDD0}\u{10FFFF}\r"),
            "A &amp; &lt;B&gt; &quot;C&quot;\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        // What XML allows is kept: tabs, line breaks, bidi controls, combining marks, astral.
        let fine = "a\tb\nc \u{202E}d\u{0301} \u{1F600} \u{FFFD} \u{E000}";
        assert_eq!(escape(fine), fine);
        assert_eq!(drawable(fine), (fine.into(), None));
        assert_eq!(
            drawable("x\u{FFFF}"),
            ("x\u{FFFD}".into(), Some('\u{FFFF}'))
        );
    }
}
