//! `cardc render`: the thin command over [`super::Renderer`]. Compiles the pool (a pool with
//! errors draws nothing: a proof must be of the cards the engine plays), picks the cards (all,
//! `--cards`, or a `--deck`), and writes `DIR/<card>.svg` for each plus `DIR/back.svg`.

use std::path::Path;

use cardlang::diag::Diagnostic;
use cardlang::ir::Card;

use super::{slug, Renderer, TextSource, Theme};
use crate::cli::{PaperSize, RenderArgs, RulesText};
use crate::commands::{compile_pool, display, io_error, UNKNOWN_CARD};
use crate::output::{say, Emitter, Status};

/// The largest theme file read.
const MAX_THEME_BYTES: usize = 64 * 1024;

pub fn render(args: &RenderArgs, out: &mut Emitter) -> Status {
    match run(args, out) {
        Ok(()) => Status::Success,
        Err(status) => status,
    }
}

fn run(args: &RenderArgs, out: &mut Emitter) -> Result<(), Status> {
    if args.png && !super::png::DPI.contains(&args.dpi) {
        out.emit_one(Diagnostic::error(
            cardlang::diag::codes::READ_ERROR,
            "--dpi",
            format!(
                "--dpi must be {} to {}, not {}",
                super::png::DPI.start(),
                super::png::DPI.end(),
                args.dpi
            ),
        ));
        return Err(Status::Usage);
    }
    if !(0.0..=super::pdf::MAX_BLEED).contains(&args.bleed) {
        out.emit_one(Diagnostic::error(
            cardlang::diag::codes::READ_ERROR,
            "--bleed",
            format!(
                "--bleed must be 0 to {} mm, not {}",
                super::pdf::MAX_BLEED,
                args.bleed
            ),
        ));
        return Err(Status::Usage);
    }
    let theme = match &args.theme {
        None => Theme::default_theme(),
        Some(path) => read_theme(path).map_err(|message| {
            out.emit_one(io_error(path, message));
            Status::Usage
        })?,
    };
    let pool = compile_pool(&args.dir, false, out)?;
    let (cards, copies) = pick(args, &pool.db, out)?;
    let source = match args.text {
        RulesText::Printed => TextSource::Printed,
        RulesText::Generated => TextSource::Generated,
    };
    let renderer = Renderer::new(theme);
    let raster = (args.png || args.tts.is_some()).then(super::png::Rasterizer::new);
    let mut cut = Vec::new();
    let back = renderer.back();
    let faces: Vec<(&Card, String)> = cards
        .iter()
        .map(|card| {
            let face = renderer.face(card, source);
            if face.truncated {
                cut.push(card.name.as_str());
            }
            (*card, face.svg)
        })
        .collect();
    if let Some(dir) = &args.out {
        make_dir(dir, out)?;
        let all = faces
            .iter()
            .map(|(card, svg)| (slug(&card.name), svg))
            .chain(std::iter::once(("back".to_string(), &back)));
        for (name, svg) in all {
            write(&dir.join(format!("{name}.svg")), svg.as_bytes(), out)?;
            if let (true, Some(r)) = (args.png, &raster) {
                let png = r.png(svg, args.dpi).map_err(|e| {
                    out.emit_one(io_error(dir, format!("cannot draw {name}.png: {e}")));
                    Status::Usage
                })?;
                write(&dir.join(format!("{name}.png")), &png, out)?;
            }
        }
        say(&format!(
            "rendered {} card face{} and the back into {}{}\n",
            cards.len(),
            if cards.len() == 1 { "" } else { "s" },
            display(dir),
            if args.png {
                format!(" (SVG and PNG at {} dpi)", args.dpi)
            } else {
                String::new()
            }
        ));
    }
    if let (Some(dir), Some(r), Some(deck)) = (&args.tts, &raster, &copies) {
        make_dir(dir, out)?;
        let entries: Vec<super::tts::Entry<'_>> = faces
            .iter()
            .map(|(card, svg)| super::tts::Entry {
                name: &card.name,
                svg: svg.clone(),
                copies: deck
                    .iter()
                    .filter(|(n, _)| *n == card.name)
                    .map(|&(_, k)| k)
                    .sum(),
            })
            .collect();
        let url = match &args.tts_url {
            Some(u) if u.ends_with('/') => u.clone(),
            Some(u) => format!("{u}/"),
            None => {
                let abs = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
                format!("file://{}/", abs.display())
            }
        };
        let name = args
            .deck
            .as_ref()
            .and_then(|p| p.file_stem())
            .map_or("deck".into(), |s| s.to_string_lossy().into_owned());
        let export = super::tts::export(r, &entries, &back, &name, &url).map_err(|e| {
            out.emit_one(io_error(dir, format!("cannot draw the deck: {e}")));
            Status::Usage
        })?;
        for (k, sheet) in export.sheets.iter().enumerate() {
            write(&dir.join(super::tts::sheet_name(k)), sheet, out)?;
        }
        write(&dir.join("back.png"), &export.back, out)?;
        write(&dir.join("deck.json"), export.json.as_bytes(), out)?;
        let total: u32 = entries.iter().map(|e| e.copies).sum();
        say(&format!(
            "wrote a Tabletop Simulator deck of {total} cards ({} sheet{}) into {}\n",
            export.sheets.len(),
            if export.sheets.len() == 1 { "" } else { "s" },
            display(dir)
        ));
    }
    if let Some(path) = &args.pdf {
        let theme = renderer.theme();
        // A deck prints every copy; named cards or the pool, one of each.
        let mut sheets: Vec<super::pdf::Sheet<'_>> = Vec::new();
        for (card, svg) in &faces {
            let n = copies.as_ref().map_or(1, |deck| {
                deck.iter()
                    .filter(|(name, _)| *name == card.name)
                    .map(|&(_, k)| k as usize)
                    .sum::<usize>()
                    // No deck holds more than 55 of anything (§2.1); a hostile count stops there.
                    .min(55)
            });
            for _ in 0..n {
                sheets.push(super::pdf::Sheet {
                    svg,
                    bleed_colour: super::faction_colour(theme, card),
                });
            }
        }
        let back_sheet = super::pdf::Sheet {
            svg: &back,
            bleed_colour: &theme.colours.back,
        };
        let paper = match args.paper {
            PaperSize::A4 => super::pdf::Paper::A4,
            PaperSize::Letter => super::pdf::Paper::Letter,
        };
        let bytes = super::pdf::document(&sheets, &back_sheet, paper, args.bleed).map_err(|e| {
            out.emit_one(io_error(path, format!("cannot make the PDF: {e}")));
            Status::Usage
        })?;
        write(path, &bytes, out)?;
        let pages = 2 * sheets.len().div_ceil(super::pdf::PER_PAGE);
        say(&format!(
            "wrote {} card{} on {pages} pages (faces and backs) to {}\n",
            sheets.len(),
            if sheets.len() == 1 { "" } else { "s" },
            display(path)
        ));
    }
    for name in cut {
        out.note(&format!(
            "the rules text of {name} does not fit its box even at the smallest size and was cut; shorten it or lower `fonts.text_min` in a theme"
        ));
    }
    Ok(())
}

fn read_theme(path: &Path) -> Result<Theme, String> {
    let bytes = cardlang::read::read_file(path, MAX_THEME_BYTES).map_err(|e| e.to_string())?;
    let text =
        String::from_utf8(bytes).map_err(|_| "the theme file is not UTF-8 text".to_string())?;
    Theme::parse(&text).map_err(|e| format!("not a valid theme: {e}"))
}

/// The cards to draw, each once — in pool order, or a deck's in list order — and a deck's
/// copies by name.
#[allow(clippy::type_complexity)]
fn pick<'a>(
    args: &RenderArgs,
    db: &'a cardlang::db::CardDb,
    out: &mut Emitter,
) -> Result<(Vec<&'a Card>, Option<Vec<(String, u32)>>), Status> {
    let mut wanted: Vec<String> = args.names.clone();
    let mut copies = None;
    if let Some(path) = &args.deck {
        let bytes = engine::deck::read_deck_file(path).map_err(|e| {
            out.emit_one(io_error(path, e.to_string()));
            Status::Usage
        })?;
        let list = engine::deck::parse(&bytes);
        if list.has_unreadable_lines() {
            out.emit_one(io_error(
                path,
                "the decklist has lines that are not `N Card Name`; `cardc deck check` shows them",
            ));
            return Err(Status::Invalid);
        }
        let mut counts: Vec<(String, u32)> = Vec::new();
        for e in &list.entries {
            match counts.iter_mut().find(|(n, _)| *n == e.name) {
                Some((_, k)) => *k = k.saturating_add(e.count),
                None => counts.push((e.name.clone(), e.count)),
            }
        }
        wanted.extend(counts.iter().map(|(n, _)| n.clone()));
        copies = Some(counts);
    }
    if wanted.is_empty() {
        return Ok((db.iter().collect(), copies));
    }
    let mut missing = Vec::new();
    for name in &wanted {
        if db.by_name(name).is_none() && !missing.contains(name) {
            missing.push(name.clone());
        }
    }
    if !missing.is_empty() {
        for name in &missing {
            out.emit_one(Diagnostic::error(
                UNKNOWN_CARD,
                display(&args.dir),
                format!("no card named `{name}` in the pool"),
            ));
        }
        return Err(Status::Invalid);
    }
    let mut cards: Vec<&Card> = Vec::new();
    for name in &wanted {
        if let Some(c) = db.by_name(name) {
            if !cards.iter().any(|k| k.id == c.id) {
                cards.push(c);
            }
        }
    }
    if copies.is_none() {
        // Named cards come out in pool order.
        cards.sort_by_key(|c| c.id);
    }
    Ok((cards, copies))
}

fn make_dir(dir: &Path, out: &mut Emitter) -> Result<(), Status> {
    std::fs::create_dir_all(dir).map_err(|e| {
        out.emit_one(io_error(
            dir,
            format!("cannot create the output directory: {e}"),
        ));
        Status::Usage
    })
}

fn write(path: &Path, bytes: &[u8], out: &mut Emitter) -> Result<(), Status> {
    std::fs::write(path, bytes).map_err(|e| {
        out.emit_one(io_error(path, format!("cannot write: {e}")));
        Status::Usage
    })
}
