//! `cardc render` (issue #19): faces drawn from the compiled bundled pool.
//!
//! - One SVG snapshot per card type (the first card of each type in the pool), beside the
//!   other render fixtures in `tests/render/`: stable output, no timestamps or random ids.
//! - Every face of the pool keeps its text inside its boxes (width and height as measured with
//!   the bundled font), the longest rules texts included, and none is cut.
//! - PNG: the size a DPI asks for, the same bytes twice.
//! - The command: files written, a deck's cards only, bad theme / unknown card / bad DPI
//!   refused with the problem named and nothing written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cardc::render::png::Rasterizer;
use cardc::render::{slug, Renderer, TextSource, Theme};
use cardlang::ir::{Card, CardKind, ModuleKind};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn pool() -> Vec<Card> {
    let files = cardlang::source::read_pool(&repo().join("cards")).expect("the bundled pool reads");
    let c = cardlang::compile(&files);
    assert!(!c.has_errors(), "the bundled pool compiles");
    c.cards
}

/// A coarse type for picking one card of each.
fn bucket(c: &Card) -> &'static str {
    match c.kind {
        CardKind::Station => "station",
        CardKind::Module(ModuleKind::Station) => "module-station",
        CardKind::Module(ModuleKind::Ship) => "module-ship",
        CardKind::Module(ModuleKind::Marine) => "module-marine",
        CardKind::Ship(_) if !c.income.is_zero() => "ship-with-income",
        CardKind::Ship(_) if c.capacity.marines > 0 => "ship-with-capacity",
        CardKind::Ship(_) if c.space > 0 => "fighter-wing",
        CardKind::Ship(_) => "ship",
        CardKind::Marine { character: true } => "marine-character",
        CardKind::Marine { .. } => "marine",
        CardKind::Event => "event",
        CardKind::Tactic => "tactic",
        CardKind::Breakthru => "breakthru",
        CardKind::Stockpile(_) => "stockpile",
    }
}

#[test]
fn one_face_of_each_type_is_snapshotted() {
    let cards = pool();
    let r = Renderer::new(Theme::default_theme());
    let mut seen = Vec::new();
    for card in &cards {
        let b = bucket(card);
        if seen.contains(&b) {
            continue;
        }
        seen.push(b);
        let face = r.face(card, TextSource::Printed);
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(repo().join("tests/render"));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_description(format!("{} ({b})", card.name));
        settings.bind(|| insta::assert_snapshot!(format!("{b}-{}", slug(&card.name)), face.svg));
    }
    assert_eq!(
        seen.len(),
        14,
        "every type of card is in the bundled pool: {seen:?}"
    );
}

#[test]
fn every_face_of_the_pool_keeps_its_text_inside_its_boxes() {
    let cards = pool();
    let r = Renderer::new(Theme::default_theme());
    // The longest rules texts first: they are the ones that shrink.
    let mut by_length: Vec<&Card> = cards.iter().collect();
    by_length.sort_by_key(|c| {
        std::cmp::Reverse(cardc::render::rules_text(c, TextSource::Generated).len())
    });
    for source in [TextSource::Printed, TextSource::Generated] {
        for card in &by_length {
            let face = r.face(card, source);
            assert!(
                !face.truncated,
                "{}: rules text cut ({source:?})",
                card.name
            );
            for b in &face.boxes {
                let [_, _, w, h] = b.rect;
                assert!(
                    b.width <= w + 0.01 && b.height <= h + 0.01,
                    "{}: {} is {:.1} x {:.1} in a {w} x {h} box",
                    card.name,
                    b.what,
                    b.width,
                    b.height
                );
            }
            assert!(face.boxes.iter().any(|b| b.what == "name"));
        }
    }
}

#[test]
fn text_that_cannot_fit_is_cut_and_reported_never_drawn_outside() {
    let mut card = pool()
        .into_iter()
        .find(|c| c.kind == CardKind::Event)
        .unwrap();
    card.text = "Deal 1 compulsory wound to target opposing ship. ".repeat(60);
    let face = Renderer::new(Theme::default_theme()).face(&card, TextSource::Printed);
    assert!(face.truncated);
    let b = face.boxes.iter().find(|b| b.what == "rules text").unwrap();
    assert!(b.height <= b.rect[3]);
    assert!(face.svg.contains('…'));
}

fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |k: usize| u32::from_be_bytes([png[k], png[k + 1], png[k + 2], png[k + 3]]);
    (be(16), be(20))
}

#[test]
fn pngs_have_the_size_their_dpi_asks_for_and_are_reproducible() {
    let card = pool().into_iter().next().unwrap();
    let r = Renderer::new(Theme::default_theme());
    let svg = r.face(&card, TextSource::Printed).svg;
    let raster = Rasterizer::new();
    let a = raster.png(&svg, 300).unwrap();
    assert_eq!(png_size(&a), (744, 1039)); // 63 x 88 mm at 300 dpi
    assert_eq!(png_size(&raster.png(&svg, 100).unwrap()), (248, 346));
    assert_eq!(a, Rasterizer::new().png(&svg, 300).unwrap());
    assert!(raster.png(&svg, 5000).unwrap_err().contains("--dpi"));
}

// ----- the command ----------------------------------------------------------------------------

fn cardc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("cardc runs")
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("cardc-render-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn render_writes_the_whole_pool_and_a_back() {
    let s = Scratch::new("pool");
    let out = cardc(&["render", "cards", "--out", s.0.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let n = pool().len();
    let written = files(&s.0);
    assert_eq!(written.len(), n + 1);
    assert!(written.contains(&"back.svg".to_string()));
    assert!(written.contains(&"merlin-class-frigate.svg".to_string()));
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("rendered {n} card faces")));
}

#[test]
fn render_a_deck_draws_each_of_its_cards_once_with_pngs() {
    let s = Scratch::new("deck");
    let out = cardc(&[
        "render",
        "cards",
        "--out",
        s.0.to_str().unwrap(),
        "--deck",
        "cards/decks/rdf-starter.txt",
        "--png",
        "--dpi",
        "60",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let deck = std::fs::read_to_string(repo().join("cards/decks/rdf-starter.txt")).unwrap();
    let list = engine::deck::parse(deck.as_bytes());
    let mut names: Vec<&str> = list.entries.iter().map(|e| e.name.as_str()).collect();
    names.sort();
    names.dedup();
    let written = files(&s.0);
    assert_eq!(written.len(), 2 * (names.len() + 1));
    for name in names {
        assert!(written.contains(&format!("{}.png", slug(name))), "{name}");
    }
}

#[test]
fn bad_inputs_are_refused_and_nothing_is_written() {
    let s = Scratch::new("bad");
    let dir = s.0.to_str().unwrap();
    let out = cardc(&[
        "render",
        "cards",
        "--out",
        dir,
        "--cards",
        "Merlin-class Frigat",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no card named `Merlin-class Frigat`"));
    assert!(files(&s.0).is_empty());

    let theme =
        std::env::temp_dir().join(format!("cardc-render-theme-{}.toml", std::process::id()));
    std::fs::write(&theme, "[colours]\nink = 3\n").unwrap();
    let out = cardc(&[
        "render",
        "cards",
        "--out",
        dir,
        "--theme",
        theme.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&theme);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a valid theme"));
    assert!(files(&s.0).is_empty());

    let out = cardc(&["render", "cards", "--out", dir, "--png", "--dpi", "9000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--dpi must be 30 to 1200"));
    assert!(files(&s.0).is_empty());
}

#[test]
fn the_documented_example_image_is_what_the_tool_draws() {
    let card = pool()
        .into_iter()
        .find(|c| c.name == "Eagle-class Battle Cruiser")
        .expect("the example card is in the pool");
    let svg = Renderer::new(Theme::default_theme())
        .face(&card, TextSource::Printed)
        .svg;
    let png = Rasterizer::new().png(&svg, 150).unwrap();
    let path = repo().join("docs/render/eagle-class-battle-cruiser.png");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &png).unwrap();
    }
    let on_disk = std::fs::read(&path).expect("docs/render holds the example");
    assert!(
        on_disk == png,
        "docs/render/eagle-class-battle-cruiser.png is stale: run UPDATE_DOCS=1 cargo test -p cardc --test render"
    );
}

#[test]
fn a_tabletop_simulator_deck_matches_the_decklist() {
    let s = Scratch::new("tts");
    let out = cardc(&[
        "render",
        "cards",
        "--deck",
        "cards/decks/corporate-starter.txt",
        "--tts",
        s.0.to_str().unwrap(),
        "--tts-url",
        "https://example.org/decks/corporate",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(files(&s.0), ["back.png", "deck.json", "faces-1.png"]);
    let sheet = std::fs::read(s.0.join("faces-1.png")).unwrap();
    let (w, h) = png_size(&sheet);
    assert!(w <= 4096 && h <= 4096, "{w}x{h}");
    assert_eq!((w, h), (10 * 409, 7 * 571));

    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(s.0.join("deck.json")).unwrap()).unwrap();
    let deck = &json["ObjectStates"][0];
    assert_eq!(deck["Name"], "DeckCustom");
    let custom = &deck["CustomDeck"]["1"];
    assert_eq!(
        custom["FaceURL"],
        "https://example.org/decks/corporate/faces-1.png"
    );
    assert_eq!(
        custom["BackURL"],
        "https://example.org/decks/corporate/back.png"
    );
    assert_eq!(
        (custom["NumWidth"].as_u64(), custom["NumHeight"].as_u64()),
        (Some(10), Some(7))
    );
    // One card per copy, each named, its id a slot of sheet 1, in the decklist's counts.
    let text = std::fs::read_to_string(repo().join("cards/decks/corporate-starter.txt")).unwrap();
    let list = engine::deck::parse(text.as_bytes());
    let ids = deck["DeckIDs"].as_array().unwrap();
    let cards = deck["ContainedObjects"].as_array().unwrap();
    let total: u32 = list.entries.iter().map(|e| e.count).sum();
    assert_eq!(ids.len(), total as usize);
    assert_eq!(cards.len(), total as usize);
    for e in &list.entries {
        let n = cards
            .iter()
            .filter(|c| c["Nickname"] == e.name.as_str())
            .count();
        let want: u32 = list
            .entries
            .iter()
            .filter(|x| x.name == e.name)
            .map(|x| x.count)
            .sum();
        assert_eq!(n as u32, want, "{}", e.name);
    }
    for (id, card) in ids.iter().zip(cards) {
        let id = id.as_u64().unwrap();
        assert_eq!(card["CardID"].as_u64(), Some(id));
        assert!((100..100 + 69).contains(&id), "{id}");
    }
}

#[test]
fn more_faces_than_a_sheet_holds_go_on_a_second_sheet() {
    use cardc::render::tts;
    let cards = pool();
    let r = Renderer::new(Theme::default_theme());
    let raster = Rasterizer::new();
    let entries: Vec<tts::Entry<'_>> = cards
        .iter()
        .take(tts::PER_SHEET + 1)
        .map(|c| tts::Entry {
            name: &c.name,
            svg: r.face(c, TextSource::Printed).svg,
            copies: 1,
        })
        .collect();
    let e = tts::export(&raster, &entries, &r.back(), "big", "file:///x/").unwrap();
    assert_eq!(e.sheets.len(), 2);
    let json: serde_json::Value = serde_json::from_str(&e.json).unwrap();
    let ids = json["ObjectStates"][0]["DeckIDs"].as_array().unwrap();
    assert_eq!(ids[tts::PER_SHEET - 1].as_u64(), Some(168));
    assert_eq!(ids[tts::PER_SHEET].as_u64(), Some(200));
    assert!(json["ObjectStates"][0]["CustomDeck"]["2"]["FaceURL"]
        .as_str()
        .unwrap()
        .ends_with("faces-2.png"));
}

#[test]
fn a_print_and_play_pdf_has_a_page_of_backs_after_each_page_of_faces() {
    let s = Scratch::new("pdf");
    std::fs::create_dir_all(&s.0).unwrap();
    let pdf = s.0.join("rdf.pdf");
    let out = cardc(&[
        "render",
        "cards",
        "--deck",
        "cards/decks/rdf-starter.txt",
        "--pdf",
        pdf.to_str().unwrap(),
        "--paper",
        "letter",
        "--bleed",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // 55 cards, nine a page: 7 pages of faces, each followed by its backs.
    assert!(String::from_utf8_lossy(&out.stdout).contains("wrote 55 cards on 14 pages"));
    let doc = lopdf::Document::load(&pdf).expect("the PDF reads back");
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 14);
    for (_, id) in pages {
        let page = doc.get_dictionary(id).unwrap();
        let media = page.get(b"MediaBox").unwrap().as_array().unwrap();
        let w = media[2].as_float().unwrap();
        let h = media[3].as_float().unwrap();
        // Letter: 8.5 x 11 inches.
        assert!(
            (w - 612.0).abs() < 0.5 && (h - 792.0).abs() < 0.5,
            "{w} x {h}"
        );
    }

    let out = cardc(&[
        "render",
        "cards",
        "--pdf",
        pdf.to_str().unwrap(),
        "--bleed",
        "9",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bleed must be 0 to 2 mm"));
}
