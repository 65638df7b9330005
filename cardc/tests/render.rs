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
use cardc::render::{slug, Note, Renderer, TextSource, Theme};
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
                face.notes.is_empty(),
                "{}: {:?} ({source:?})",
                card.name,
                face.notes
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
    assert_eq!(face.notes, [Note::Cut("rules text")]);
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
    let out = cardc(&["render", "cards", "--out-dir", s.0.to_str().unwrap()]);
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
        "--out-dir",
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
        "--out-dir",
        dir,
        "--names",
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
        "--out-dir",
        dir,
        "--theme",
        theme.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&theme);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a valid theme"));
    assert!(files(&s.0).is_empty());

    let out = cardc(&[
        "render",
        "cards",
        "--out-dir",
        dir,
        "--png",
        "--dpi",
        "9000",
    ]);
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

// ----- issue #39: hostile pools, planted links, clashing names --------------------------------

/// A scratch pool of the given card files (name, text) under `s/pool`.
fn scratch_pool(s: &Scratch, source: &str) -> PathBuf {
    let pool = s.0.join("pool");
    std::fs::create_dir_all(&pool).unwrap();
    std::fs::write(pool.join("cards.hb"), source).unwrap();
    pool
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[cfg(unix)]
#[test]
fn a_link_planted_at_an_output_name_is_replaced_never_written_through() {
    use std::os::unix::fs::symlink;
    let s = Scratch::new("links");
    let faces = s.0.join("faces");
    let tts = s.0.join("tts");
    std::fs::create_dir_all(&faces).unwrap();
    std::fs::create_dir_all(&tts).unwrap();
    let victim = s.0.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    for planted in [
        faces.join("merlin-class-frigate.svg"),
        faces.join("back.svg"),
        faces.join("back.png"),
        tts.join("deck.json"),
        tts.join("faces-1.png"),
        tts.join("back.png"),
    ] {
        symlink(&victim, &planted).unwrap();
    }
    let pdf = s.0.join("sheets.pdf");
    symlink(&victim, s.0.join("planted.pdf")).unwrap();
    let deck = s.0.join("one.txt");
    std::fs::write(&deck, "1 Merlin-class Frigate\n").unwrap();
    let out = cardc(&[
        "render",
        "cards",
        "--deck",
        deck.to_str().unwrap(),
        "--out-dir",
        faces.to_str().unwrap(),
        "--png",
        "--dpi",
        "30",
        "--tts",
        tts.to_str().unwrap(),
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    for written in [
        faces.join("merlin-class-frigate.svg"),
        faces.join("back.svg"),
        tts.join("deck.json"),
    ] {
        let meta = std::fs::symlink_metadata(&written).unwrap();
        assert!(meta.file_type().is_file(), "{}", written.display());
    }
    assert!(std::fs::read_to_string(faces.join("back.svg"))
        .unwrap()
        .contains("card back"));
}

#[test]
fn a_deck_count_beyond_a_whole_deck_is_refused_naming_the_line_before_anything_is_drawn() {
    let s = Scratch::new("huge-count");
    std::fs::create_dir_all(&s.0).unwrap();
    let tts = s.0.join("tts");
    for count in ["56", "4294967295"] {
        let deck = s.0.join("huge.txt");
        std::fs::write(&deck, format!("# one line\n{count} Merlin-class Frigate\n")).unwrap();
        let out = cardc(&[
            "render",
            "cards",
            "--deck",
            deck.to_str().unwrap(),
            "--tts",
            tts.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{count}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("line 2"), "{count}: {err}");
        assert!(err.contains("55"), "{count}: {err}");
        assert!(files(&tts).is_empty(), "{count}");
    }
}

/// Two cards whose names hold characters no XML file may hold (U+FFFE, U+FFFF, a C1 control)
/// and markup.
const HOSTILE: &str = "Event \"Odd\u{FFFF} <Name> & \\\"Co\\\"\" {\n    cost: 1R\n    text: \"Deal 1 \u{FFFE} wound \u{85}<b>&amp;</b> ]]> to target opposing ship.\"\n    flavour: \"Static\u{FFFF}\u{FDD0}\u{1FFFE} on the line.\"\n}\n\nEvent \"Plain Event\" {\n    cost: 1C\n}\n";

#[test]
fn characters_no_svg_may_hold_are_replaced_and_every_face_parses_as_xml() {
    let s = Scratch::new("hostile");
    let pool = scratch_pool(&s, HOSTILE);
    let dir = s.0.join("faces");
    let out = cardc(&[
        "render",
        pool.to_str().unwrap(),
        "--out-dir",
        dir.to_str().unwrap(),
        "--png",
        "--dpi",
        "30",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svgs: Vec<String> = files(&dir)
        .into_iter()
        .filter(|f| f.ends_with(".svg"))
        .collect();
    assert_eq!(svgs.len(), 3, "{svgs:?}");
    let mut titles = Vec::new();
    for f in &svgs {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        let doc = resvg::usvg::roxmltree::Document::parse(&text)
            .unwrap_or_else(|e| panic!("{f} is not XML: {e}"));
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap_or_default()
            .to_string();
        titles.push(title);
    }
    assert!(
        titles.contains(&"Odd\u{FFFD} <Name> & \"Co\"".to_string()),
        "{titles:?}"
    );
    assert!(stderr(&out).contains("U+FFFF"), "{}", stderr(&out));
    assert_eq!(
        files(&dir).iter().filter(|f| f.ends_with(".png")).count(),
        3
    );
}

#[test]
fn an_output_that_cannot_be_written_is_found_before_any_file_is_written() {
    let s = Scratch::new("partial");
    let pool = scratch_pool(&s, HOSTILE);
    let dir = s.0.join("faces");
    // A directory where the last PNG goes: refused before the first face is written.
    std::fs::create_dir_all(dir.join("back.png")).unwrap();
    let out = cardc(&[
        "render",
        pool.to_str().unwrap(),
        "--out-dir",
        dir.to_str().unwrap(),
        "--png",
        "--dpi",
        "30",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("back.png"), "{}", stderr(&out));
    assert_eq!(files(&dir), ["back.png"]);

    // The same for a PDF that cannot be written: the faces of --out are not written either.
    let other = s.0.join("other");
    let pdf = s.0.join("sheets.pdf");
    std::fs::create_dir_all(&pdf).unwrap();
    let out = cardc(&[
        "render",
        pool.to_str().unwrap(),
        "--out-dir",
        other.to_str().unwrap(),
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("sheets.pdf"), "{}", stderr(&out));
    assert!(files(&other).is_empty(), "{:?}", files(&other));
}

#[test]
fn names_that_make_the_same_file_name_get_their_own_files() {
    let s = Scratch::new("clash");
    let pool = scratch_pool(
        &s,
        "Event \"Foo Bar\" {\n    cost: 1R\n}\n\nEvent \"Foo-Bar\" {\n    cost: 1R\n}\n\nEvent \"Foo: Bar!\" {\n    cost: 1R\n}\n\nEvent \"Back\" {\n    cost: 1R\n}\n",
    );
    let dir = s.0.join("faces");
    let out = cardc(&[
        "render",
        pool.to_str().unwrap(),
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = files(&dir);
    assert_eq!(written.len(), 5, "{written:?}");
    let mut titles: Vec<String> = written
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(dir.join(f)).unwrap();
            let t = text.split("<title>").nth(1).unwrap();
            t.split("</title>").next().unwrap().to_string()
        })
        .collect();
    titles.sort();
    assert_eq!(
        titles,
        [
            "Back",
            "Foo Bar",
            "Foo-Bar",
            "Foo: Bar!",
            "Hull Breach! card back"
        ]
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("rendered 4 card faces and the back"));
    // Each renamed card is reported with the card whose file name it would have taken.
    let err = stderr(&out);
    assert!(
        err.contains("Foo-Bar") && err.contains("foo-bar-2.svg"),
        "{err}"
    );
}

#[test]
fn theme_colours_are_parsed_as_colours() {
    let s = Scratch::new("colours");
    std::fs::create_dir_all(&s.0).unwrap();
    let theme = s.0.join("theme.toml");
    let dir = s.0.join("faces");
    let default = std::fs::read_to_string(repo().join("cardlang/src/face/theme.toml")).unwrap();
    for bad in ["crimsn", "#12345", "#gggggg", "rgb(300, 0, 0)", "red blue"] {
        std::fs::write(
            &theme,
            default.replace("ink = \"#1b1f27\"", &format!("ink = \"{bad}\"")),
        )
        .unwrap();
        let out = cardc(&[
            "render",
            "cards",
            "--names",
            "Merlin-class Frigate",
            "--out-dir",
            dir.to_str().unwrap(),
            "--theme",
            theme.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("colours.ink") && err.contains("theme.toml"),
            "{bad}: {err}"
        );
        assert!(files(&dir).is_empty());
    }
    for good in ["navy", "#abc", "#1B1F27", "rgb(1, 2, 3)"] {
        std::fs::write(
            &theme,
            default.replace("ink = \"#1b1f27\"", &format!("ink = \"{good}\"")),
        )
        .unwrap();
        let out = cardc(&[
            "render",
            "cards",
            "--names",
            "Merlin-class Frigate",
            "--out-dir",
            dir.to_str().unwrap(),
            "--theme",
            theme.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{good}: {}", stderr(&out));
    }
}

#[test]
fn dpi_without_png_is_refused() {
    let s = Scratch::new("dpi");
    let out = cardc(&[
        "render",
        "cards",
        "--out-dir",
        s.0.to_str().unwrap(),
        "--dpi",
        "100",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--png"), "{}", stderr(&out));
    assert!(files(&s.0).is_empty());
}

#[test]
fn a_cut_name_and_a_dropped_flavour_line_are_reported() {
    let s = Scratch::new("cut");
    // 80 characters, the most a name may have, of the widest letter.
    let long_name = ["WWWWWWWWW"; 8].join(" ") + "W";
    // Far more than the text box holds: the rules text is cut and takes all the room.
    let long_text = "Deal 1 compulsory wound to target opposing ship. ".repeat(40);
    let pool = scratch_pool(
        &s,
        &format!(
            "Event \"{long_name}\" {{\n    cost: 1R\n}}\n\nEvent \"Wordy Event\" {{\n    cost: 1R\n    text: \"{long_text}\"\n    flavour: \"A line nobody will read.\"\n}}\n"
        ),
    );
    let dir = s.0.join("faces");
    let out = cardc(&[
        "render",
        pool.to_str().unwrap(),
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("the name of {long_name}")) && err.contains("was cut"),
        "{err}"
    );
    assert!(
        err.contains("the flavour text of Wordy Event") && err.contains("left off"),
        "{err}"
    );
}

/// Issue #43: a half of the cost that is 0 is left blank, as printed cards leave it: its half
/// circle is drawn, with no number and no letter in it.
#[test]
fn a_zero_cost_half_is_left_blank() {
    let cards = pool();
    let r = Renderer::new(Theme::default_theme());
    let t = Theme::default_theme();
    let label = |svg: &str, letter: &str| svg.contains(&format!(">{letter}</text>"));
    let zero = |c: &&Card| !matches!(c.kind, CardKind::Station | CardKind::Stockpile(_));
    let mut seen = [false; 3];
    for card in cards.iter().filter(zero) {
        let svg = r.face(card, TextSource::Printed).svg;
        let (res, cur) = (card.cost.resource, card.cost.currency);
        assert_eq!(label(&svg, "R"), res > 0, "{}: {svg}", card.name);
        assert_eq!(label(&svg, "C"), cur > 0, "{}: {svg}", card.name);
        // Both halves are always drawn: the frame of the cost stays.
        assert_eq!(
            svg.matches(&format!("A {0:.1} {0:.1}", t.layout.cost_radius))
                .count(),
            2
        );
        seen[usize::from(res == 0) + usize::from(cur == 0)] = true;
    }
    assert_eq!(
        seen, [true; 3],
        "the pool has costs with no, one and two zero halves"
    );
}

/// Issue #43: an Event's or Tactic's text box grows up into the room a unit's stats take
/// (it has none), keeping its bottom edge; a unit's stays where the theme puts it.
#[test]
fn an_event_or_tactic_text_box_takes_the_room_of_the_stats() {
    let t = Theme::default_theme();
    let r = Renderer::new(t.clone());
    let [_, sy, _, _] = t.layout.stats;
    let [_, ty, _, th] = t.layout.text;
    let [_, try_, _, _] = t.layout.traits;
    let lift = try_ - sy;
    let mut kinds = Vec::new();
    for card in pool() {
        let face = r.face(&card, TextSource::Printed);
        let rules = face
            .boxes
            .iter()
            .find(|b| b.what == "rules text")
            .expect("every face has a rules text box");
        let [_, y, _, h] = rules.rect;
        let played = matches!(card.kind, CardKind::Event | CardKind::Tactic);
        let want = if played {
            (ty - lift, th + lift)
        } else {
            (ty, th)
        };
        assert_eq!((y, h), want, "{}", card.name);
        assert_eq!(y + h, ty + th, "{}: the bottom edge stays", card.name);
        if played && !kinds.contains(&card.kind) {
            kinds.push(card.kind);
        }
    }
    assert_eq!(
        kinds.len(),
        2,
        "an Event and a Tactic are in the pool: {kinds:?}"
    );
}

/// Issue #43: `--text plain` draws the generated words without their citations, for a face
/// meant for play; `--text generated` keeps them.
#[test]
fn text_plain_leaves_out_citations() {
    let cards = pool();
    let cited: Vec<&Card> = cards
        .iter()
        .filter(|c| cardc::render::rules_text(c, TextSource::Generated).contains('§'))
        .collect();
    assert!(!cited.is_empty(), "some generated text cites the rulebook");
    for card in &cards {
        let plain = cardc::render::rules_text(card, TextSource::Plain);
        assert!(!plain.contains('§'), "{}: {plain}", card.name);
    }
    let card = cited[0].name.as_str();
    let s = Scratch::new("plain");
    let dir = s.0.to_str().unwrap();
    for (text, cites) in [("generated", true), ("plain", false)] {
        let out = cardc(&[
            "render",
            "cards",
            "--names",
            card,
            "--text",
            text,
            "--out-dir",
            dir,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let svg = std::fs::read_to_string(s.0.join(format!("{}.svg", slug(card)))).unwrap();
        let rules: String = svg.lines().filter(|l| !l.contains("Prototype")).collect();
        assert_eq!(rules.contains('§'), cites, "--text {text}: {svg}");
    }
}
