//! `cardc render`: the thin command over [`super::Renderer`]. Compiles the pool (a pool with
//! errors draws nothing: a proof must be of the cards the engine plays), picks the cards (all,
//! `--cards`, or a `--deck`), and writes `DIR/<card>.svg` for each plus `DIR/back.svg`.

use std::path::Path;

use cardlang::diag::Diagnostic;
use cardlang::ir::Card;

use super::{slug, Renderer, TextSource, Theme};
use crate::cli::{RenderArgs, RulesText};
use crate::commands::{compile_pool, display, io_error, UNKNOWN_CARD};
use crate::output::{say, Emitter, Status};

/// The largest theme file read.
const MAX_THEME_BYTES: usize = 64 * 1024;

pub fn render(args: &RenderArgs, out: &mut Emitter) -> Status {
    if args.png && !super::png::DPI.contains(&args.dpi) {
        out.emit_one(io_error(
            &args.out,
            format!(
                "--dpi must be {} to {}, not {}",
                super::png::DPI.start(),
                super::png::DPI.end(),
                args.dpi
            ),
        ));
        return Status::Usage;
    }
    let theme = match &args.theme {
        None => Theme::default_theme(),
        Some(path) => match read_theme(path) {
            Ok(t) => t,
            Err(message) => {
                out.emit_one(io_error(path, message));
                return Status::Usage;
            }
        },
    };
    let pool = match compile_pool(&args.dir, false, out) {
        Ok(pool) => pool,
        Err(status) => return status,
    };
    let cards = match pick(args, &pool.db, out) {
        Ok(cards) => cards,
        Err(status) => return status,
    };
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        out.emit_one(io_error(
            &args.out,
            format!("cannot create the output directory: {e}"),
        ));
        return Status::Usage;
    }
    let source = match args.text {
        RulesText::Printed => TextSource::Printed,
        RulesText::Generated => TextSource::Generated,
    };
    let renderer = Renderer::new(theme);
    let raster = args.png.then(super::png::Rasterizer::new);
    let mut cut = Vec::new();
    let back = renderer.back();
    let faces = cards
        .iter()
        .map(|card| {
            let face = renderer.face(card, source);
            if face.truncated {
                cut.push(card.name.as_str());
            }
            (slug(&card.name), face.svg)
        })
        .chain(std::iter::once(("back".to_string(), back)));
    for (name, svg) in faces {
        if let Err(status) = write(&args.out.join(format!("{name}.svg")), svg.as_bytes(), out) {
            return status;
        }
        if let Some(r) = &raster {
            let png = match r.png(&svg, args.dpi) {
                Ok(png) => png,
                Err(e) => {
                    out.emit_one(io_error(&args.out, format!("cannot draw {name}.png: {e}")));
                    return Status::Usage;
                }
            };
            if let Err(status) = write(&args.out.join(format!("{name}.png")), &png, out) {
                return status;
            }
        }
    }
    say(&format!(
        "rendered {} card face{} and the back into {}{}\n",
        cards.len(),
        if cards.len() == 1 { "" } else { "s" },
        display(&args.out),
        if args.png {
            format!(" (SVG and PNG at {} dpi)", args.dpi)
        } else {
            String::new()
        }
    ));
    for name in cut {
        out.note(&format!(
            "the rules text of {name} does not fit its box even at the smallest size and was cut; shorten it or lower `fonts.text_min` in a theme"
        ));
    }
    Status::Success
}

fn read_theme(path: &Path) -> Result<Theme, String> {
    let bytes = cardlang::read::read_file(path, MAX_THEME_BYTES).map_err(|e| e.to_string())?;
    let text =
        String::from_utf8(bytes).map_err(|_| "the theme file is not UTF-8 text".to_string())?;
    Theme::parse(&text).map_err(|e| format!("not a valid theme: {e}"))
}

/// The cards to draw, in pool order, each once.
fn pick<'a>(
    args: &RenderArgs,
    db: &'a cardlang::db::CardDb,
    out: &mut Emitter,
) -> Result<Vec<&'a Card>, Status> {
    let mut wanted: Vec<String> = args.names.clone();
    if let Some(path) = &args.deck {
        let bytes = match engine::deck::read::read_deck_file(path) {
            Ok(b) => b,
            Err(e) => {
                out.emit_one(io_error(path, e.to_string()));
                return Err(Status::Usage);
            }
        };
        let list = engine::deck::parse::parse(&bytes);
        if list.has_unreadable_lines() {
            out.emit_one(io_error(
                path,
                "the decklist has lines that are not `N Card Name`; `cardc deck check` shows them",
            ));
            return Err(Status::Invalid);
        }
        wanted.extend(list.entries.iter().map(|e| e.name.clone()));
    }
    if wanted.is_empty() {
        return Ok(db.iter().collect());
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
    Ok(db.iter().filter(|c| wanted.contains(&c.name)).collect())
}

fn write(path: &Path, bytes: &[u8], out: &mut Emitter) -> Result<(), Status> {
    std::fs::write(path, bytes).map_err(|e| {
        out.emit_one(io_error(path, format!("cannot write: {e}")));
        Status::Usage
    })
}
