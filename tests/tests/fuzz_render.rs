//! Fuzzing `cardc render`'s escaping (issue #39, docs/render.md): card names, rules texts and
//! flavour lines full of what an SVG must never hold raw — U+FFFE, U+FFFF, other
//! noncharacters, control characters, markup (`<&>"'`, `]]>`), bidi controls, combining marks,
//! words wider than any box — and the same texts mutated by the shared mutator.
//!
//! Three layers, cheapest first, so a long run can give each the inputs it can afford:
//! - `fuzz_render_text`: the text layer alone (escaping, wrapping, fitting): the escaped text
//!   parses back as XML to exactly what a face draws, and fitted lines stay in their box;
//! - `fuzz_render_faces`: whole faces of a card whose name, text and flavour are the input:
//!   no panic, the SVG is XML whose title is the name as drawn, every text in its box, and
//!   resvg lays the face out and draws it (at a thumbnail's size) without a panic;
//! - `fuzz_render_compiled`: card source with hostile strings, mutated, compiled, and every
//!   card that compiles drawn and parsed as above.
//!
//! The in-suite run is small; a long run sets `HB_FUZZ_ITERS` (docs/reliability.md,
//! "Fuzzing"), e.g. `HB_FUZZ_ITERS=1000000 cargo test -p tests --test fuzz_render
//! fuzz_render_text -- --nocapture`.

mod inputs;

use std::sync::OnceLock;

use cardc::render::png::Rasterizer;
use cardc::render::text::{self, drawable, escape, fit, Metrics, Style};
use cardc::render::{Renderer, TextSource, Theme};
use cardlang::ir::Card;
use cardlang::source::SourceFile;
use inputs::fuzzing::{fuzz, iterations, seed};
use resvg::usvg::roxmltree;

/// Tokens the mutator inserts: everything an SVG must escape or may not hold, and what a
/// layout finds awkward.
const WORDS: &[&str] = &[
    "\u{FFFE}",
    "\u{FFFF}",
    "\u{FDD0}",
    "\u{1FFFE}",
    "\u{10FFFF}",
    "\u{1}",
    "\u{8}",
    "\u{B}",
    "\u{C}",
    "\u{1B}[31m",
    "\u{7F}",
    "\u{85}",
    "\u{9F}",
    "\r",
    "\n",
    "\t",
    "<",
    ">",
    "&",
    "\"",
    "'",
    "\\\"",
    "]]>",
    "<![CDATA[",
    "<!--",
    "&amp;",
    "&#xFFFF;",
    "&#0;",
    "<script>",
    "\u{202E}",
    "\u{202D}",
    "\u{2066}",
    "\u{200F}",
    "\u{0301}\u{0301}\u{0301}",
    "\u{0E47}",
    "\u{FEFF}",
    "\u{00A0}",
    "\u{2028}",
    "\u{1F600}",
    "\u{1F469}\u{200D}\u{1F680}",
    "ﷺ",
    "漢字",
    "Supercalifragilisticexpialidociouslyoverengineeredbattlecruiser",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
];

/// Texts as the corpus of the text and face layers.
const TEXTS: &[&str] = &[
    "Merlin-class Frigate",
    "Odd\u{FFFF} <Name> & \"Co\"",
    "Deal 1 compulsory wound to target opposing ship.",
    "When this ship destroys an opposing ship, gain 1 Currency.\nDraw 1.",
    "\u{FFFE}\u{FFFF}\u{1}\u{85}]]><&>\"'",
    "\u{202E}gnirts desrever\u{202C} a\u{0301}e\u{0301}",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "",
    " ",
];

fn corpus(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|t| t.as_bytes().to_vec()).collect()
}

/// Every text node of `svg` parsed as XML, or a panic saying why it is not XML.
fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML ({e}):\n{svg}"))
}

fn metrics() -> &'static [Metrics; 3] {
    static M: OnceLock<[Metrics; 3]> = OnceLock::new();
    M.get_or_init(|| {
        [
            Metrics::new(Style::Regular),
            Metrics::new(Style::Bold),
            Metrics::new(Style::Italic),
        ]
    })
}

/// The text layer: escaped text reads back as exactly the text drawn; fitted lines stay inside
/// their box.
fn check_text(bytes: &[u8]) {
    let s = String::from_utf8_lossy(bytes);
    let (shown, bad) = drawable(&s);
    assert_eq!(bad.is_some(), s.chars().any(|c| !text::showable(c)));
    assert!(shown.chars().all(text::showable));
    let doc = format!("<t>{}</t>", escape(&s));
    let parsed = parse(&doc);
    let back = parsed.root_element().text().unwrap_or_default();
    assert_eq!(back, shown, "escaped text reads back as the text drawn");
    // Size from the input, so the fuzz reaches every step of the shrink loop.
    let m = &metrics()[bytes.len() % 3];
    let width = 60.0 + (bytes.len() % 7) as f32 * 80.0;
    let height = 30.0 + (bytes.len() % 5) as f32 * 45.0;
    let max = 13.0 + (bytes.len() % 27) as f32 * 0.5;
    let (f, cut) = fit(m, &shown, max, 13.0, width, height);
    assert!(f.height <= height + 0.01 || f.lines.len() == 1, "{f:?}");
    for line in &f.lines {
        assert!(
            m.width(line, f.size) <= width + 0.01,
            "{line:?} wider than {width}"
        );
    }
    if !cut {
        let kept: String = f
            .lines
            .concat()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let want: String = shown.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(kept, want, "an uncut text keeps every character");
    }
}

struct Faces {
    renderer: Renderer,
    raster: Rasterizer,
    card: Card,
}

fn faces() -> &'static Faces {
    static F: OnceLock<Faces> = OnceLock::new();
    F.get_or_init(|| {
        let files =
            cardlang::source::read_pool(&inputs::repo().join("cards")).expect("the pool reads");
        let card = cardlang::compile(&files)
            .cards
            .into_iter()
            .find(|c| !c.flavour.is_empty() && !c.traits.is_empty())
            .expect("a card with flavour and traits");
        Faces {
            renderer: Renderer::new(Theme::default_theme()),
            raster: Rasterizer::new(),
            card,
        }
    })
}

/// One face of `card`: XML, its title the name as drawn, every text inside its box.
fn check_face(r: &Renderer, card: &Card, source: TextSource) -> String {
    let face = r.face(card, source);
    let doc = parse(&face.svg);
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    // (A face is written one element a line, so an empty title holds that line break.)
    let shown = drawable(&card.name).0;
    let want = if shown.is_empty() { "\n" } else { &shown };
    assert_eq!(title, want, "the title is the name as drawn");
    assert!(face
        .svg
        .contains(&format!("<title>{}</title>", escape(want))));
    for b in &face.boxes {
        let [_, _, w, h] = b.rect;
        assert!(
            b.width <= w + 0.01 && b.height <= h + 0.01,
            "{} is {:.1} x {:.1} in a {w} x {h} box",
            b.what,
            b.width,
            b.height
        );
    }
    face.svg
}

/// A face whose name, rules text and flavour are the input (split at the first two `|`).
fn check_hostile_face(bytes: &[u8]) {
    let f = faces();
    let s = String::from_utf8_lossy(bytes);
    let mut parts = s.splitn(3, '|');
    let mut card = f.card.clone();
    card.name = parts.next().unwrap_or_default().to_string();
    card.text = parts.next().unwrap_or_default().to_string();
    card.flavour = parts.next().unwrap_or_default().to_string();
    let svg = check_face(&f.renderer, &card, TextSource::Printed);
    // resvg parses, shapes and draws it: no panic in the renderer either.
    f.raster
        .pixmap(&svg, 16, 22)
        .unwrap_or_else(|e| panic!("resvg refuses a face: {e}"));
}

/// Card source: whatever compiles is drawn, both texts, and parses.
fn check_compiled(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let out = cardlang::compile(&[SourceFile::new("fuzz.hb", text)]);
    let r = &faces().renderer;
    for card in &out.cards {
        for source in [TextSource::Printed, TextSource::Generated] {
            check_face(r, card, source);
        }
    }
}

#[test]
fn fuzz_render_text() {
    fuzz(
        "render-text",
        &corpus(TEXTS),
        WORDS,
        iterations(1000),
        seed(11),
        |b| b,
        check_text,
    );
}

#[test]
fn fuzz_render_faces() {
    let texts: Vec<String> = TEXTS
        .iter()
        .zip(TEXTS.iter().rev())
        .map(|(a, b)| format!("{a}|{b}|{a}"))
        .collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    fuzz(
        "render-faces",
        &corpus(&texts),
        WORDS,
        iterations(40),
        seed(12),
        |b| b,
        check_hostile_face,
    );
}

#[test]
fn fuzz_render_compiled() {
    let sources = [
        "Event \"Odd\u{FFFF} <Name> & \\\"Co\\\"\" {\n    cost: 1R\n    text: \"Deal 1 \u{FFFE} wound \u{85}<b>&amp;</b> ]]> to target opposing ship.\"\n    flavour: \"Static\u{FFFF}\u{FDD0} on the line.\"\n}\n",
        "Ship \"Merlin\u{202E}-class\u{0301} Frigate\" {\n    faction: RDF\n    class: Frigate\n    cost: 2R 1C\n    attack: 2\n    defense: 3\n    wounds: 2\n    traits: Escort\n    text: \"<&>\\\"'\"\n    flavour: \"]]><!--\"\n}\n",
        "Module-Ship \"Plating & <Armour>\" {\n    cost: 1R 1C\n    defense: +1\n    flavour: \"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\"\n}\n",
    ];
    for s in sources {
        let out = cardlang::compile(&[SourceFile::new("seed.hb", s)]);
        assert!(!out.has_errors(), "a seed compiles: {:?}", out.diagnostics);
    }
    fuzz(
        "render-compiled",
        &corpus(&sources),
        WORDS,
        iterations(100),
        seed(13),
        |b| b,
        check_compiled,
    );
}
