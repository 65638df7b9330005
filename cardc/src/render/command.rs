//! `cardc render`: the thin command over [`super::Renderer`]. Compiles the pool (a pool with
//! errors draws nothing: a proof must be of the cards the engine plays), picks the cards (all,
//! `--cards`, or a `--deck`), and writes `DIR/<card>.svg` for each plus `DIR/back.svg`, the
//! PNGs, the Tabletop Simulator deck and the PDF.
//!
//! All or nothing: every file of a run is made in memory and every target is checked (no
//! directory or special file in the way, no file named twice) before the first is written,
//! and each is written through [`cardlang::write::write_atomic`], so a link planted at an
//! output name is replaced, never followed.

use std::path::{Path, PathBuf};

use cardlang::diag::Diagnostic;
use cardlang::ir::Card;

use super::{file_stems, Face, Renderer, TextSource, Theme, BACK};
use crate::cli::{PaperSize, RenderArgs, RulesText};
use crate::commands::{compile_pool, display, io_error, UNKNOWN_CARD};
use crate::output::{say, Emitter, Status};

/// The largest theme file read.
const MAX_THEME_BYTES: usize = 64 * 1024;

/// One file of the run, made before any is written: where it goes, which flag asked for it,
/// and its bytes.
struct Output {
    path: PathBuf,
    flag: &'static str,
    bytes: Vec<u8>,
}

pub fn render(args: &RenderArgs, out: &mut Emitter) -> Status {
    match run(args, out) {
        Ok(()) => Status::Success,
        Err(status) => status,
    }
}

fn usage(out: &mut Emitter, path: &Path, message: String) -> Status {
    out.emit_one(io_error(path, message));
    Status::Usage
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
        Some(path) => read_theme(path).map_err(|message| usage(out, path, message))?,
    };
    let pool = compile_pool(&args.pool_dir(), false, out)?;
    let (cards, copies) = pick(args, &pool.db, out)?;
    let source = match args.text {
        RulesText::Printed => TextSource::Printed,
        RulesText::Generated => TextSource::Generated,
        RulesText::Plain => TextSource::Plain,
    };
    let renderer = Renderer::new(theme);
    let raster = (args.png || args.tts.is_some()).then(super::png::Rasterizer::new);
    let back = renderer.back();
    let faces: Vec<(&Card, Face)> = cards
        .iter()
        .map(|card| (*card, renderer.face(card, source)))
        .collect();
    // Copies of a card in the deck (one of each without a deck).
    let copies_of = |card: &Card| {
        copies.as_ref().map_or(1, |deck| {
            deck.iter()
                .find(|(name, _)| *name == card.name)
                .map_or(0, |&(_, k)| k)
        })
    };

    let mut outputs: Vec<Output> = Vec::new();
    let mut summary: Vec<String> = Vec::new();
    let mut renamed: Vec<String> = Vec::new();
    if let Some(dir) = &args.out {
        let names: Vec<&str> = faces.iter().map(|(c, _)| c.name.as_str()).collect();
        let stems = file_stems(&names);
        for ((card, _), (stem, holder)) in faces.iter().zip(&stems) {
            if let Some(holder) = holder {
                let plain = super::slug(&card.name);
                renamed.push(format!(
                    "{plain}.svg is {}'s, so {} is written as {stem}.svg{}",
                    super::text::drawable(holder).0,
                    super::text::drawable(&card.name).0,
                    if args.png { " (and .png)" } else { "" }
                ));
            }
        }
        let all = faces
            .iter()
            .zip(&stems)
            .map(|((_, face), (stem, _))| (stem.as_str(), face.svg.as_str()))
            .chain(std::iter::once((BACK, back.as_str())));
        let mut written = 0;
        for (stem, svg) in all {
            outputs.push(Output {
                path: dir.join(format!("{stem}.svg")),
                flag: "--out-dir",
                bytes: svg.as_bytes().to_vec(),
            });
            written += 1;
            if let (true, Some(r)) = (args.png, &raster) {
                let png = r.png(svg, args.dpi).map_err(|e| {
                    usage(
                        out,
                        dir,
                        format!("cannot draw {stem}.png: {e}; nothing was written"),
                    )
                })?;
                outputs.push(Output {
                    path: dir.join(format!("{stem}.png")),
                    flag: "--out-dir",
                    bytes: png,
                });
                written += 1;
            }
        }
        summary.push(format!(
            "rendered {} card face{} and the back into {} ({written} files{})",
            faces.len(),
            if faces.len() == 1 { "" } else { "s" },
            display(dir),
            if args.png {
                format!(": SVG and PNG at {} dpi", args.dpi)
            } else {
                String::new()
            }
        ));
    }
    if let (Some(dir), Some(r), Some(_)) = (&args.tts, &raster, &copies) {
        let entries: Vec<super::tts::Entry<'_>> = faces
            .iter()
            .map(|(card, face)| super::tts::Entry {
                name: &card.name,
                svg: face.svg.clone(),
                copies: copies_of(card),
            })
            .collect();
        let url = match &args.tts_url {
            Some(u) if u.ends_with('/') => u.clone(),
            Some(u) => format!("{u}/"),
            None => {
                let abs = std::path::absolute(dir).unwrap_or_else(|_| dir.clone());
                format!("file://{}/", abs.display())
            }
        };
        let name = args
            .deck
            .as_ref()
            .and_then(|p| p.file_stem())
            .map_or("deck".into(), |s| s.to_string_lossy().into_owned());
        let export = super::tts::export(r, &entries, &back, &name, &url).map_err(|e| {
            usage(
                out,
                dir,
                format!("cannot draw the deck: {e}; nothing was written"),
            )
        })?;
        let sheets = export.sheets.len();
        for (k, sheet) in export.sheets.into_iter().enumerate() {
            outputs.push(Output {
                path: dir.join(super::tts::sheet_name(k)),
                flag: "--tts",
                bytes: sheet,
            });
        }
        outputs.push(Output {
            path: dir.join("back.png"),
            flag: "--tts",
            bytes: export.back,
        });
        outputs.push(Output {
            path: dir.join("deck.json"),
            flag: "--tts",
            bytes: export.json.into_bytes(),
        });
        let total: u32 = entries.iter().map(|e| e.copies).sum();
        summary.push(format!(
            "wrote a Tabletop Simulator deck of {total} cards ({sheets} sheet{}) into {}",
            if sheets == 1 { "" } else { "s" },
            display(dir)
        ));
    }
    if let Some(path) = &args.pdf {
        let theme = renderer.theme();
        // A deck prints every copy; named cards or the pool, one of each.
        let mut sheets: Vec<super::pdf::Sheet<'_>> = Vec::new();
        for (card, face) in &faces {
            for _ in 0..copies_of(card) {
                sheets.push(super::pdf::Sheet {
                    svg: &face.svg,
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
            usage(
                out,
                path,
                format!("cannot make the PDF: {e}; nothing was written"),
            )
        })?;
        let pages = 2 * sheets.len().div_ceil(super::pdf::PER_PAGE);
        summary.push(format!(
            "wrote {} card{} on {pages} pages (faces and backs) to {}",
            sheets.len(),
            if sheets.len() == 1 { "" } else { "s" },
            display(path)
        ));
        outputs.push(Output {
            path: path.clone(),
            flag: "--pdf",
            bytes,
        });
    }

    check_targets(&outputs, out)?;
    for dir in [&args.out, &args.tts].into_iter().flatten() {
        std::fs::create_dir_all(dir).map_err(|e| {
            usage(
                out,
                dir,
                format!("{}: cannot create the output directory: {e}", display(dir)),
            )
        })?;
    }
    for o in &outputs {
        cardlang::write::write_atomic(&o.path, &o.bytes)
            .map_err(|e| usage(out, &o.path, format!("cannot write: {e}")))?;
    }
    for line in summary {
        say(&format!("{line}\n"));
    }
    for line in renamed {
        out.note(&line);
    }
    for (card, face) in &faces {
        for note in &face.notes {
            out.note(&note.words(&card.name));
        }
    }
    Ok(())
}

/// Every target checked before the first file is written: none is a directory or special file
/// (nor a path that cannot be looked at), and no two outputs name the same file (`--out-dir` and
/// `--tts` in one directory would both write `back.png`).
fn check_targets(outputs: &[Output], out: &mut Emitter) -> Result<(), Status> {
    let mut seen: Vec<(PathBuf, &Output)> = Vec::new();
    for o in outputs {
        if let Err(e) = cardlang::write::check_target(&o.path) {
            return Err(usage(
                out,
                &o.path,
                format!("cannot write: {e}; nothing was written"),
            ));
        }
        let key = same_file_key(&o.path);
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(usage(
                out,
                &o.path,
                format!(
                    "{} would be written twice, by {} and by {}; give each its own place (nothing was written)",
                    display(&o.path),
                    first.flag,
                    o.flag
                ),
            ));
        }
        seen.push((key, o));
    }
    Ok(())
}

/// A path that names the same file as another names it the same way here: its directory
/// resolved where it exists, made absolute where it does not yet.
fn same_file_key(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dir = std::fs::canonicalize(dir)
        .or_else(|_| std::path::absolute(dir))
        .unwrap_or_else(|_| dir.to_path_buf());
    match path.file_name() {
        Some(name) => dir.join(name),
        None => dir,
    }
}

fn read_theme(path: &Path) -> Result<Theme, String> {
    let bytes = cardlang::read::read_file(path, MAX_THEME_BYTES).map_err(|e| e.to_string())?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{}: the theme file is not UTF-8 text", display(path)))?;
    Theme::parse(&text).map_err(|e| format!("{}: not a valid theme: {e}", display(path)))
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
        if let Some(first) = list.problems.first() {
            // The first problem, on its line; `cardc deck check` lists them all.
            let line = first
                .span
                .as_ref()
                .and_then(|s| list.source.get(..s.start))
                .map(|before| before.matches('\n').count() + 1);
            let more = list.problems.len() - 1;
            out.emit_one(io_error(
                path,
                // The emitter leads a file-level problem with its path (issue #39).
                format!(
                    "{}{}{}; `cardc deck check` shows {}",
                    line.map_or(String::new(), |n| format!("line {n}: ")),
                    first.message,
                    if more > 0 {
                        format!(
                            " (and {more} more problem{})",
                            if more == 1 { "" } else { "s" }
                        )
                    } else {
                        String::new()
                    },
                    if more > 0 { "them" } else { "it" }
                ),
            ));
            return Err(Status::Invalid);
        }
        let mut counts: Vec<(String, u32)> = Vec::new();
        for e in &list.entries {
            match counts.iter_mut().find(|(n, _)| *n == e.name) {
                // Every line's count is at most a deck (the reader's bound); lines of one card
                // add up to no more than that either.
                Some((_, k)) => *k = k.saturating_add(e.count).min(engine::deck::MAX_COUNT),
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
                display(&args.pool_dir()),
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
