//! Invariant 5 (bad input never panics) as properties, over arbitrary bytes, arbitrary UTF-8
//! and multi-byte characters in every field, for the ruling parser, the deck parser and the
//! human diagnostic renderer (docs/reliability.md); and the unit tests of the input bugs found
//! by fuzzing (issue #12).

mod inputs;

use cardlang::diag::{codes, render_human_plain, Diagnostic};
use cardlang::source::{SourceFile, Span};
use engine::ruling;
use proptest::prelude::*;

/// A ruling touching every field the parser reads; `{}` marks where a field's value goes.
const RULING_FIELDS: &[&str] = &[
    "title: {}\n",
    "seed: {}\n",
    "phase: {}\n",
    "active: {}\n",
    "turn: {}\n",
    "dice: {}\n",
    "commander {}\n",
    "  stockpile: {}\n",
    "  hand: {}\n",
    "  shipyard: {}\n",
    "  scrapheap: {}\n",
    "  in play:\n    {}\n",
    "  in play:\n    Test Station @{}\n",
    "  in play:\n    Test Station @home wounds {}\n",
    "override: {}\n",
    "override: hand-size = {} from @home\n",
    "override: mulligan-cost = {} from @home\n",
    "override: hand-size = 6 from @home for {}\n",
    "discount: {}\n",
    "discount: {} on ships from @home\n",
    "discount: 1R 1C on {} from @home\n",
    "discount: 1R 1C on ships from {}\n",
    "script:\n  {}\n",
    "script:\n  Ada: {}\n",
    "{}\n",
    // A board in the middle of things (`engine::moment`).
    "dice-advance: {}\n",
    "phase: setup-modules {}\n",
    "  mulligans: {}\n",
    "  in play:\n    Test Station @home deployed-by {}\n",
    "  in play:\n    Test Station @home limit-used {}\n",
    "  in play:\n    Test Station @home prevented {} by @home this round\n",
    "  in play:\n    Test Station @home prevented 1 by {} this turn\n",
    "setup-queue: {}\n",
    "window: {}\n",
    "window: Bob\nwindow-asked: {}\n",
    "spoils: {}\n",
    "regiment: {}\n",
    "regiment: @home, {} wing\n",
    "relocation: {}\nrelocation-local: {}\n",
    "temporary: {}\n",
    "temporary: +1 attack on {} from @home until the end of the turn\n",
    "temporary-commanders: {}\n",
    "phase: combat\nengagement: {}\n",
    "phase: combat\nengagement: Ada attacks Bob\n  step: {}\n",
    "phase: combat\nengagement: Ada attacks Bob\n  fleet: {}\n  round: {}\n",
    "phase: combat\nengagement: Ada attacks Bob\n  board: {}\n",
    "phase: combat\nengagement: Ada attacks Bob\n  mark: {}\n",
    "phase: combat\nengagement: Ada attacks Bob\n  boarding: {}\n  boarding-stage: {}\n",
    "phase: combat\nengagement: Ada attacks Bob\n  assigning: @home\n  assigned: {}\n",
    "phase: aftermath\naftermath: {}\n  then: {}\n",
    "prelude:\n  {}\n",
];

/// A well-formed ruling with `line` (one of [`RULING_FIELDS`], value filled in) in its place.
fn ruling_with(line: &str) -> String {
    let mut head = String::from("title: t\nseed: 1\nphase: manufacturing\nactive: Ada\n");
    let mut body = String::from(
        "commander Ada\n  stockpile: 10R 10C\n  in play:\n    Test Station @home\n\ncommander Bob\n  in play:\n    Test Station\n",
    );
    let mut tail = String::from("script:\n  Ada: end-phase\n");
    if line.starts_with("  ") {
        body = format!("commander Ada\n{line}  in play:\n    Test Station @home\n\ncommander Bob\n  in play:\n    Test Station\n");
        if line.starts_with("  in play") {
            body = format!("commander Ada\n{line}\ncommander Bob\n  in play:\n    Test Station\n");
        }
    } else if line.starts_with("commander") {
        body.push('\n');
        body.push_str(line);
    } else if line.starts_with("script") {
        tail = line.to_string();
    } else {
        head.push_str(line);
    }
    format!("{head}\n{body}\n{tail}")
}

/// Multi-byte text that once reached a byte-sliced parser.
const MULTI_BYTE: &[&str] = &[
    "1é", "é", "2R é", "é1R", "1éR", "1Ré", "漢字", "😀x2", "@é", "é = 1", "\u{202E}",
];

/// `stockpile: 1é` sliced a string inside `é` (issue #12); `override:` and `discount:` share
/// the amount parser. Every field, every awkward value: an error naming the line, or a run.
#[test]
fn multi_byte_characters_in_every_ruling_field() {
    for field in RULING_FIELDS {
        for value in MULTI_BYTE {
            let text = ruling_with(&field.replace("{}", value));
            inputs::check_ruling(text.as_bytes());
        }
    }
}

#[test]
fn amount_with_a_multi_byte_unit_is_an_error_not_a_panic() {
    for (line, bad) in [
        ("  stockpile: 1é", "1é"),
        ("  stockpile: 12R 9é", "9é"),
        ("override: mulligan-cost = 1é from @home", "1é"),
        ("discount: 1é on ships from @home", "1é"),
    ] {
        let text = ruling_with(&format!("{line}\n"));
        let err = match ruling::parse(&text) {
            Err(e) => e,
            Ok(r) => {
                *ruling::run(&r, inputs::ruling_pool())
                    .expect_err(&text)
                    .error
            }
        };
        assert!(
            err.message.contains(&format!("`{bad}` is not an amount")),
            "{err}"
        );
        let at = text.lines().position(|l| l == line).map(|i| i + 1);
        assert_eq!(Some(err.line), at, "{err}");
    }
}

/// Amounts still read as before: the fix splits off the unit as a character.
#[test]
fn amounts_read_as_before() {
    let text = ruling_with("  stockpile: 12R 9C\n");
    let out = ruling::run(&ruling::parse(&text).unwrap(), inputs::ruling_pool()).unwrap();
    assert!(out.contains("12R") && out.contains("9C"), "{out}");
    for bad in ["R", "+1R", "-1C", "1 R", "256R", "1X", "１R"] {
        let text = ruling_with(&format!("  stockpile: {bad}\n"));
        assert!(ruling::parse(&text).is_err(), "{bad}");
    }
}

/// A label past column 65,535 once panicked in miette (a format width Rust refuses); the human
/// renderer now cuts the line around the label.
#[test]
fn label_past_column_65535_renders() {
    let text = format!(
        "Ship \"A\" {{\n    text: \"{}\" oops\n}}\n",
        "x".repeat(70_000)
    );
    let at = text.find("oops").unwrap();
    let column = at - text.find("    text").unwrap() + 1;
    assert!(column > 65_535);
    let files = [SourceFile::new("a.hb", text)];
    let d = Diagnostic::error(codes::SYNTAX, "a.hb", "unexpected `oops`")
        .at(Span::new(at, at + 4), "here");
    let out = render_human_plain(&d, &files);
    assert!(out.contains(&format!("a.hb:2:{column}")), "{out}");
    assert!(out.len() < 4096, "{} bytes", out.len());
}

/// The human renderer over any text and any spans (in range or not, inside characters or
/// not), with labels far apart and lines of any length.
fn check_renderer(text: &str, spans: &[(usize, usize)], messages: &str) {
    let files = [SourceFile::new("f.hb", text.to_string())];
    let mut d = Diagnostic::error(codes::SYNTAX, "f.hb", messages.to_string());
    let (a, b) = spans[0];
    d = d.at(Span::new(a, b), messages.to_string());
    for &(a, b) in &spans[1..] {
        d = d.with_label(Span::new(a, b), "also");
    }
    let out = render_human_plain(&d, &files);
    assert!(out.contains("HB0004"), "{out}");
    assert!(out.len() <= 256 * 1024 * spans.len(), "{} bytes", out.len());
}

fn span_in(len: usize) -> impl Strategy<Value = (usize, usize)> {
    (0..=len + 2, 0..=len + 2)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn ruling_parser_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..1024)) {
        inputs::check_ruling(&bytes);
    }

    #[test]
    fn ruling_parser_takes_any_utf8(text in any::<String>()) {
        inputs::check_ruling(text.as_bytes());
    }

    #[test]
    fn ruling_fields_take_any_text(field in 0..RULING_FIELDS.len(), value in "\\PC{0,12}") {
        let text = ruling_with(&RULING_FIELDS[field].replace("{}", &value));
        inputs::check_ruling(text.as_bytes());
    }

    #[test]
    fn deck_parser_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        inputs::check_decklist(&bytes);
    }

    #[test]
    fn deck_parser_takes_any_utf8(text in any::<String>()) {
        inputs::check_decklist(text.as_bytes());
    }

    /// `N Name` lines with any count text and any name (multi-byte included), under any
    /// section header.
    #[test]
    fn deck_lines_take_any_text(
        lines in proptest::collection::vec(("\\PC{0,6}", "\\PC{0,24}", "\\PC{0,8}"), 0..40)
    ) {
        let mut text = String::new();
        for (count, name, section) in &lines {
            text.push_str(&format!("[{section}]\n{count} {name}\n"));
        }
        inputs::check_decklist(text.as_bytes());
    }

    #[test]
    fn human_renderer_takes_any_text_and_spans(
        (text, spans) in any::<String>().prop_flat_map(|t| {
            let len = t.len();
            (Just(t), proptest::collection::vec(span_in(len), 1..4))
        }),
        message in any::<String>(),
    ) {
        check_renderer(&text, &spans, &message);
    }

    /// Long lines and labels far apart: the clipping and the far-label notes.
    #[test]
    fn human_renderer_takes_long_lines(
        pad in 0usize..80_000,
        unit in prop::sample::select(vec!["x", "é", "漢", "😀", "\n", "\r\n", "\r"]),
        tail in "\\PC{0,40}",
        spans in proptest::collection::vec((0usize..330_000, 0usize..330_000), 1..4),
    ) {
        let text = format!("{}{tail}", unit.repeat(pad));
        check_renderer(&text, &spans, "m");
    }
}
