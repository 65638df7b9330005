//! The front end's entry point: source files -> checked cards + every diagnostic.
//!
//! Per file: size cap, parse with recovery ([`crate::syntax`]), lowering ([`crate::lower`]) and
//! checks ([`crate::check`]); then the pool-level check that no two cards share a name. Card
//! ids are dense, in file-name order then source position.
//!
//! Also here, because it needs the source reader: [`source_stamp`] (what `cardc build` records
//! about the card files in the database) and [`open_db`] (loading a database and refusing it,
//! with a message naming `cardc build`, when it is missing or older than those files).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use crate::check::check_card;
use crate::db::{CardDb, DbError, SourceStamp};
use crate::diag::{codes, Diagnostic, Sink};
use crate::ir::{Card, CardId};
use crate::lower::lower_card;
use crate::source::{SourceFile, Span, MAX_FILE_BYTES};
use crate::syntax::parse_file;

/// `named "X"` references of one card's abilities, with their spans.
type NameRefs = Vec<crate::effect::NameRef>;

/// The result of compiling a pool: the cards that passed every check, and every diagnostic.
#[derive(Debug, Clone, Default)]
pub struct Compilation {
    /// Checked cards with dense ids. Cards with errors are left out, so when
    /// [`has_errors`](Compilation::has_errors) is true this is not the whole pool.
    pub cards: Vec<Card>,
    /// In file order, then source order within a file.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compilation {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}

/// The database's pool-wide limits (`db::pool_limit`: card count, encoded size), reported at
/// the first card that does not fit, so a pool that compiles always makes a database. The cards
/// from there on are left out.
fn pool_limits(
    cards: &mut Vec<Card>,
    places: &[(usize, Span)],
    order: &[&SourceFile],
    sinks: &mut [Sink],
) {
    let Some((index, limit)) = crate::db::pool_limit(cards) else {
        return;
    };
    let (Some(&(file, span)), Some(source)) = (
        places.get(index),
        places.get(index).and_then(|(f, _)| order.get(*f)),
    ) else {
        return;
    };
    let rest = cards.len() - index;
    let (message, label) = match limit {
        crate::db::PoolLimit::Cards => (
            format!(
                "the pool has {} cards; a card database holds at most {}",
                cards.len(),
                crate::db::MAX_CARDS
            ),
            format!(
                "card {} of the pool: this card and the {} after it do not fit",
                index + 1,
                rest - 1
            ),
        ),
        crate::db::PoolLimit::Bytes => (
            format!(
                "the pool does not fit in one card database: it would be larger than {} MiB",
                crate::db::MAX_FILE_BYTES / (1024 * 1024)
            ),
            format!(
                "the database is full here: this card and the {} after it do not fit",
                rest - 1
            ),
        ),
    };
    if let Some(sink) = sinks.get_mut(file) {
        sink.push(
            Diagnostic::error(codes::POOL_TOO_LARGE, source.name.clone(), message)
                .at(span, label)
                .with_help("split the cards into several pools, or shorten their text"),
        );
    }
    cards.truncate(index);
}

/// Compiles every file; never stops at the first problem and never panics.
pub fn compile(files: &[SourceFile]) -> Compilation {
    let mut order: Vec<&SourceFile> = files.iter().collect();
    order.sort_by(|a, b| a.name.cmp(&b.name));

    let mut sinks: Vec<Sink> = Vec::with_capacity(order.len());
    // The cards that checked clean, in source order, and where each is (file index, name span).
    let mut cards: Vec<Card> = Vec::new();
    let mut places: Vec<(usize, Span)> = Vec::new();
    // Every distinct card name where it is first defined: (file index, span, name), in source
    // order; and its lower-cased name -> its place there, for the duplicate check. The map is
    // only looked up, never iterated, so its order reaches nothing (ARCHITECTURE.md, invariant
    // 6); a hash lookup is several times cheaper than a search among 50,000 sorted names.
    let mut names: Vec<(usize, Span, String)> = Vec::new();
    let mut first_seen: HashMap<String, usize> = HashMap::new();
    // (file index, position in `checked`, card-name references of its abilities).
    let mut name_refs: Vec<(usize, usize, NameRefs)> = Vec::new();

    for (index, file) in order.iter().enumerate() {
        let mut sink = Sink::new(file.name.clone());
        if file.text.len() > MAX_FILE_BYTES {
            sink.push(
                Diagnostic::error(
                    codes::FILE_TOO_LARGE,
                    file.name.clone(),
                    format!(
                        "card file is larger than {} MiB",
                        MAX_FILE_BYTES / (1024 * 1024)
                    ),
                )
                .with_help("split the cards over several smaller files"),
            );
            sinks.push(sink);
            continue;
        }
        let raws = parse_file(&file.text, &mut sink);
        cards.reserve(raws.len());
        places.reserve(raws.len());
        first_seen.reserve(raws.len());
        names.reserve(raws.len());
        for raw in raws {
            let mut decl = lower_card(&raw, &mut sink);
            let card = check_card(&mut decl, &mut sink);
            // Taken, not cloned: nothing reads the declaration's name after this.
            let Some(name) = decl.name.take() else {
                continue;
            };
            let key = name.node.to_lowercase();
            if let Some((first_file, first_span, first_name)) =
                first_seen.get(&key).and_then(|&at| names.get(at))
            {
                let first_file_name = order
                    .get(*first_file)
                    .map(|f| f.name.clone())
                    .unwrap_or_default();
                let message = if *first_name == name.node {
                    format!("two cards are named `{}`", name.node)
                } else {
                    format!(
                        "card names `{first_name}` and `{}` differ only in case",
                        name.node
                    )
                };
                sink.push(
                    Diagnostic::error(codes::DUPLICATE_CARD, file.name.clone(), message)
                        .at(name.span, "second card with this name")
                        .with_label_in(first_file_name, *first_span, "first card with this name")
                        .with_help("card names identify cards in deck lists; rename one of them"),
                );
                continue;
            }
            first_seen.insert(key, names.len());
            if let Some(card) = card {
                if let Some(text) = decl.field(crate::ast::FieldKey::Text) {
                    crate::text_check::check(&card, text.value_span, &mut sink);
                }
                let refs = crate::effect::name_refs(&decl.abilities);
                if !refs.is_empty() {
                    name_refs.push((index, cards.len(), refs));
                }
                cards.push(card);
                places.push((index, name.span));
            }
            names.push((index, name.span, name.node));
        }
        sinks.push(sink);
    }

    // `named "X"` in abilities must name a card of the pool its filter can match
    // (crate::effect); a card with errors of its own is known by name only. The pool's name
    // table is only built when some ability names a card.
    let mut unresolved = std::collections::BTreeSet::new();
    if !name_refs.is_empty() {
        let mut pool: BTreeMap<&str, Option<&Card>> =
            names.iter().map(|(_, _, n)| (n.as_str(), None)).collect();
        for card in &cards {
            pool.insert(card.name.as_str(), Some(card));
        }
        for (index, at, refs) in &name_refs {
            if let Some(sink) = sinks.get_mut(*index) {
                if !crate::effect::check_card_names(refs, &pool, sink) {
                    unresolved.insert(*at);
                }
            }
        }
    }
    if !unresolved.is_empty() {
        (cards, places) = cards
            .into_iter()
            .zip(places)
            .enumerate()
            .filter(|(at, _)| !unresolved.contains(at))
            .map(|(_, kept)| kept)
            .unzip();
    }
    for (id, card) in cards.iter_mut().enumerate() {
        card.id = CardId(u32::try_from(id).unwrap_or(u32::MAX));
    }
    pool_limits(&mut cards, &places, &order, &mut sinks);
    let diagnostics = sinks.into_iter().flat_map(Sink::into_diagnostics).collect();
    Compilation { cards, diagnostics }
}

/// The stamp of the card pool under `dir` (see [`SourceStamp`]): its absolute path and a digest
/// of every card file [`read_pool`](crate::source::read_pool) reads there. `None` if the
/// directory cannot be resolved. A file that cannot be read counts by its name alone, so the
/// stamp still changes when it appears or disappears.
pub fn source_stamp(dir: &Path) -> Option<SourceStamp> {
    survey(dir).map(|(stamp, _)| stamp)
}

/// [`source_stamp`], and whether `dir` is a card pool at all: `Some(reason)` when the walk
/// stopped at one of the reader's bounds ([`MAX_DIR_ENTRIES`](crate::source::MAX_DIR_ENTRIES),
/// [`MAX_POOL_FILES`](crate::source::MAX_POOL_FILES),
/// [`MAX_POOL_BYTES`](crate::source::MAX_POOL_BYTES)) or found no card file. The walk and the
/// reads are the pool reader's, so they are bounded whatever `dir` is.
fn survey(dir: &Path) -> Option<(SourceStamp, Option<String>)> {
    let dir = std::fs::canonicalize(dir).ok()?;
    let (files, unreadable) = match crate::source::read_pool(&dir) {
        Ok(files) => (files, Vec::new()),
        Err(e) => (e.files, e.diagnostics),
    };
    // The reader's one per-file size problem; every other "too large" is a bound of the walk.
    let one_file = crate::source::too_large(String::new()).message;
    let not_a_pool = if let Some(bound) = unreadable
        .iter()
        .find(|d| d.code == codes::FILE_TOO_LARGE && d.message != one_file)
    {
        Some(bound.message.clone())
    } else if files.is_empty() && unreadable.is_empty() {
        Some("there is no `*.hb` card file under it".to_string())
    } else {
        None
    };
    let digest = SourceStamp::digest(
        files
            .iter()
            .map(|f| (f.name.as_str(), f.text.as_str()))
            .chain(unreadable.iter().map(|d| (d.file.as_str(), ""))),
    );
    let stamp = SourceStamp {
        dir: dir.to_string_lossy().into_owned(),
        digest,
    };
    Some((stamp, not_a_pool))
}

/// Why `dir` is not a card pool without looking inside it: it is the root of a file system or
/// the home directory.
fn never_a_pool(dir: &Path) -> Option<&'static str> {
    let dir = std::fs::canonicalize(dir).ok()?;
    if dir.parent().is_none() {
        return Some("it is the root of the file system");
    }
    let home = std::env::var_os("HOME").and_then(|h| std::fs::canonicalize(h).ok());
    if home.is_some_and(|home| home == dir) {
        return Some("it is the home directory");
    }
    None
}

/// Why [`open_db`] refused a database. The messages name the command that fixes it.
#[derive(Debug, thiserror::Error)]
pub enum OpenDbError {
    #[error(
        "there is no card database `{}`: run `cardc build` to write it from the card files, \
         or name a pool with `--db FILE` or `--cards DIR`",
        path.display()
    )]
    Missing { path: PathBuf },
    #[error(
        "the card database `{}` is older than the card files in `{}` it was built from: \
         run `cardc build {} -o {}` to rebuild it, or use `--cards {}`",
        path.display(), dir.display(), dir.display(), path.display(), dir.display()
    )]
    Stale { path: PathBuf, dir: PathBuf },
    #[error("cannot load the card database `{}`: {source}", path.display())]
    Db {
        path: PathBuf,
        // Boxed: a database error carries a card problem, and this error travels by value.
        #[source]
        source: Box<DbError>,
    },
}

/// A database whose recorded card directory is not a card pool (`/`, a home directory, a
/// folder with no card files: a tampered or moved database). Its stale check is skipped rather
/// than answered "stale, rebuild from `/`": there is no pool there to rebuild from, and the
/// database itself was checked in full on loading.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the card database `{}` records `{}` as the card directory it was built from, which is not \
     a card pool ({why}): its stale check was skipped",
    path.display(), dir.display()
)]
pub struct NotAPool {
    pub path: PathBuf,
    pub dir: PathBuf,
    /// What the walk of `dir` found: the bound it stopped at, or no card file.
    pub why: String,
}

/// Loads the database at `path`, refusing it when it is missing or when the card files it
/// records (its [`SourceStamp`]) have changed since it was built. A database whose source
/// directory no longer exists (an installed copy) or that records none is used as it is; so is
/// one whose source directory is not a card pool ([`open_db_noting`] says so).
pub fn open_db(path: &Path) -> Result<CardDb, OpenDbError> {
    open_db_noting(path).map(|(db, _)| db)
}

/// [`open_db`], with the note to show when the stale check was skipped because the recorded
/// card directory is not a card pool.
pub fn open_db_noting(path: &Path) -> Result<(CardDb, Option<NotAPool>), OpenDbError> {
    if std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Err(OpenDbError::Missing {
            path: path.to_path_buf(),
        });
    }
    let db = CardDb::load(path).map_err(|source| OpenDbError::Db {
        path: path.to_path_buf(),
        source: Box::new(source),
    })?;
    let Some(stamp) = db.sources() else {
        return Ok((db, None));
    };
    let dir = PathBuf::from(&stamp.dir);
    if !dir.is_dir() {
        return Ok((db, None));
    }
    // The root and the home directory are never walked: whether the walk would stop at a bound
    // there depends on what else is on the disk, and no pool is built from them.
    if let Some(why) = never_a_pool(&dir) {
        let note = NotAPool {
            path: path.to_path_buf(),
            dir,
            why: why.to_string(),
        };
        return Ok((db, Some(note)));
    }
    match survey(&dir) {
        Some((_, Some(why))) => {
            let note = NotAPool {
                path: path.to_path_buf(),
                dir,
                why,
            };
            Ok((db, Some(note)))
        }
        Some((now, None)) if now.digest != stamp.digest => Err(OpenDbError::Stale {
            path: path.to_path_buf(),
            dir,
        }),
        _ => Ok((db, None)),
    }
}
