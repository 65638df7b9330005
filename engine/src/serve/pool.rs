//! The pool pages: every card as its face (drawn by `cardlang::face`, the code `cardc render`
//! draws with), searched by name, type, class, faction and trait on the server; and a card's own
//! page: its face, its abilities explained (`cardlang::explain`), its printed text, the rulings
//! under the folder that name it and the compiler's warnings for it.
//!
//! Stable ids for browser tests: on `/pool`, the form `pool-search` with the fields
//! `search-name`, `search-type`, `search-class`, `search-faction`, `search-trait` and the button
//! `search-go`; the list `cards`, each card an `a` with `data-card` (its id, the number in
//! `/card/N`) and `data-name`; `card-count` (how many are shown). On `/card/N`: `card-name`,
//! `card-face`, `card-explain`, `card-printed`, `card-flavour`, `card-rulings` (each `li` with
//! `data-file`), `card-warnings` (each `pre` one warning).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use axum::extract::{Path as UrlPath, Query, State};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use cardlang::face::{Renderer, TextSource, Theme};
use cardlang::ir::{Card, CardId, CardKind};
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;

use super::{layout, AppState, PageError};
use crate::CardDb;

/// How large a ruling file the card page reads when it looks for the card's name.
const MAX_RULING_BYTES: usize = 1024 * 1024;

/// What the pool pages know beyond the database, made once at start: every face, the
/// compiler's warnings by card, and the values the search can choose from.
pub(super) struct PoolInfo {
    /// The face of each card, by its id.
    faces: BTreeMap<u32, String>,
    /// The compiler's warnings for each card, rendered as `cardc check` prints them.
    warnings: BTreeMap<u32, Vec<String>>,
    /// A note when the warnings could not be had (no card directory known, or it did not read).
    warnings_note: Option<String>,
    types: BTreeSet<String>,
    classes: BTreeSet<String>,
    factions: BTreeSet<String>,
    trait_names: BTreeSet<String>,
}

impl PoolInfo {
    pub(super) fn new(db: &Arc<CardDb>, cards: Option<&Path>) -> PoolInfo {
        let renderer = Renderer::new(Theme::default_theme());
        let mut info = PoolInfo {
            faces: BTreeMap::new(),
            warnings: BTreeMap::new(),
            warnings_note: None,
            types: BTreeSet::new(),
            classes: BTreeSet::new(),
            factions: BTreeSet::new(),
            trait_names: BTreeSet::new(),
        };
        for card in db.iter() {
            info.faces
                .insert(card.id.0, renderer.face(card, TextSource::Printed).svg);
            info.types.insert(type_word(card));
            if let Some(c) = class_word(card) {
                info.classes.insert(c);
            }
            if let Some(f) = card.faction {
                info.factions.insert(f.to_string());
            }
            // printed: §3.3 — the pool page searches the cards as printed, not units in play.
            for t in &card.traits {
                info.trait_names.insert(t.name().to_string());
            }
        }
        match cards {
            Some(dir) => match warnings_by_card(db, dir) {
                Ok(w) => info.warnings = w,
                Err(e) => info.warnings_note = Some(e),
            },
            None => {
                info.warnings_note = Some(
                    "the pool came from a database without its card directory, so the compiler's warnings are not known; start with --cards DIR to see them".into(),
                )
            }
        }
        info
    }

    /// The SVG face of the card with id `id`.
    pub(super) fn face(&self, id: u32) -> Option<&str> {
        self.faces.get(&id).map(String::as_str)
    }
}

/// The compiler's warnings over the card directory `dir`, each given to the card whose
/// definition it falls in (the last card header at or before it in its file).
fn warnings_by_card(db: &CardDb, dir: &Path) -> Result<BTreeMap<u32, Vec<String>>, String> {
    let files = cardlang::source::read_pool(dir)
        .map_err(|e| format!("the card directory {} did not read: {e}", dir.display()))?;
    let compiled = cardlang::compile(&files);
    let mut out: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for d in compiled.diagnostics.iter().filter(|d| !d.is_error()) {
        let Some(file) = files.iter().find(|f| f.name == d.file) else {
            continue;
        };
        let Some(name) = card_at(&file.text, d.span.start) else {
            continue;
        };
        let Some(card) = db.by_name(&name) else {
            continue;
        };
        out.entry(card.id.0)
            .or_default()
            .push(cardlang::diag::render_human_plain(d, &files));
    }
    Ok(out)
}

/// The name of the card whose header (`Kind "Name" {`) is the last at or before `offset`.
fn card_at(text: &str, offset: usize) -> Option<String> {
    let mut found = None;
    let mut at = 0usize;
    for line in text.split_inclusive('\n') {
        if at > offset {
            break;
        }
        let trimmed = line.trim_end();
        if !line.starts_with(char::is_whitespace) && trimmed.ends_with('{') {
            if let (Some(open), Some(close)) = (trimmed.find('"'), trimmed.rfind('"')) {
                if close > open {
                    found = Some(trimmed[open + 1..close].to_string());
                }
            }
        }
        at += line.len();
    }
    found
}

/// A card's type as the search offers it: `Ship`, `Module-Station`, `Marine-Character`, ...
fn type_word(card: &Card) -> String {
    match card.kind {
        CardKind::Ship(_) => "Ship".into(),
        other => other.type_line(),
    }
}

fn class_word(card: &Card) -> Option<String> {
    match card.kind {
        CardKind::Ship(c) => Some(c.to_string()),
        _ => None,
    }
}

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/pool", get(pool))
        .route("/card/{id}", get(card_page))
        .route("/face/{file}", get(face))
}

/// The search form's fields; empty or absent is "any".
#[derive(Deserialize, Default)]
struct Search {
    #[serde(default)]
    name: String,
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    class: String,
    #[serde(default)]
    faction: String,
    #[serde(default, rename = "trait")]
    trait_name: String,
}

/// One select's field: empty is any; a value the pool does not have is refused in words
/// rather than matching nothing silently.
fn chosen<'a>(
    what: &str,
    value: &'a str,
    options: &BTreeSet<String>,
) -> Result<Option<&'a str>, PageError> {
    if value.is_empty() {
        return Ok(None);
    }
    if options.contains(value) {
        return Ok(Some(value));
    }
    let all: Vec<&str> = options.iter().map(String::as_str).collect();
    Err(PageError::bad_request(format!(
        "no card in the pool has the {what} {value:?}; the pool's are: {}",
        all.join(", ")
    )))
}

async fn pool(
    State(state): State<AppState>,
    search: Result<Query<Search>, axum::extract::rejection::QueryRejection>,
) -> Result<Markup, PageError> {
    let Query(search) =
        search.map_err(|e| PageError::bad_request(format!("the search is not understood: {e}")))?;
    let info = state.pool();
    let kind = chosen("type", &search.kind, &info.types)?;
    let class = chosen("class", &search.class, &info.classes)?;
    let faction = chosen("faction", &search.faction, &info.factions)?;
    let trait_name = chosen("trait", &search.trait_name, &info.trait_names)?;
    let name = search.name.trim().to_lowercase();
    let cards: Vec<&Card> = state
        .db()
        .iter()
        .filter(|c| name.is_empty() || c.name.to_lowercase().contains(&name))
        .filter(|c| kind.is_none_or(|k| type_word(c) == k))
        .filter(|c| class.is_none_or(|k| class_word(c).as_deref() == Some(k)))
        .filter(|c| faction.is_none_or(|f| c.faction.is_some_and(|g| g.to_string() == f)))
        // printed: §3.3 (the search's trait list, from the printed cards)
        .filter(|c| trait_name.is_none_or(|t| c.traits.iter().any(|x| x.name().to_string() == t)))
        .collect();
    let select = |id: &str, field: &str, label: &str, options: &BTreeSet<String>, now: &str| {
        html! {
            label for=(id) { (label)
                select id=(id) name=(field) {
                    option value="" selected[now.is_empty()] { "any" }
                    @for o in options {
                        option value=(o) selected[o == now] { (o) }
                    }
                }
            }
        }
    };
    Ok(layout::page(
        "Pool",
        html! {
            h1 { "The pool" }
            form.search id="pool-search" method="get" action="/pool" {
                label for="search-name" { "Name"
                    input id="search-name" type="search" name="name" value=(search.name);
                }
                (select("search-type", "type", "Type", &info.types, &search.kind))
                (select("search-class", "class", "Class", &info.classes, &search.class))
                (select("search-faction", "faction", "Faction", &info.factions, &search.faction))
                (select("search-trait", "trait", "Trait", &info.trait_names, &search.trait_name))
                button id="search-go" type="submit" { "Search" }
            }
            p id="card-count" data-count=(cards.len()) {
                (cards.len()) " of " (state.db().len()) " cards"
            }
            div.faces id="cards" {
                @for c in &cards {
                    a.face href={ "/card/" (c.id.0) } data-card=(c.id.0) data-name=(c.name) {
                        img src={ "/face/" (c.id.0) ".svg" } alt=(c.name) loading="lazy";
                        div.name { (c.name) }
                    }
                }
            }
        },
    ))
}

/// The card a `/card/N` or `/face/N.svg` names, or a page in words.
fn card_of<'d>(db: &'d CardDb, id: &str) -> Result<&'d Card, PageError> {
    let n: u32 = id
        .parse()
        .map_err(|_| PageError::not_found(format!("{id:?} is not a card number")))?;
    db.get(CardId(n))
        .ok_or_else(|| PageError::not_found(format!("the pool has no card number {n}")))
}

async fn face(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
) -> Result<impl IntoResponse, PageError> {
    let id = file
        .strip_suffix(".svg")
        .ok_or_else(|| PageError::not_found(format!("{file:?}: faces are N.svg")))?;
    let card = card_of(state.db(), id)?;
    let svg = state.pool().face(card.id.0).unwrap_or_default().to_string();
    Ok(layout::svg(svg))
}

async fn card_page(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Markup, PageError> {
    let card = card_of(state.db(), &id)?;
    let info = state.pool();
    let rulings = rulings_naming(&state, &card.name);
    let warnings = info.warnings.get(&card.id.0);
    Ok(layout::page(
        &card.name,
        html! {
            h1 id="card-name" { (card.name) }
            div.card-page {
                div.big id="card-face" {
                    img src={ "/face/" (card.id.0) ".svg" } alt=(card.name);
                }
                div {
                    h2 { "What it does" }
                    pre id="card-explain" { (cardlang::explain::explain(card)) }
                    h2 { "Printed text" }
                    @if card.text.is_empty() {
                        p id="card-printed" { em { "No printed text." } }
                    } @else {
                        p id="card-printed" { (card.text) }
                    }
                    @if !card.flavour.is_empty() {
                        p id="card-flavour" { em { (card.flavour) } }
                    }
                    h2 { "Rulings that name it" }
                    @if rulings.is_empty() {
                        p id="card-rulings" { "No ruling file under this folder names it." }
                    } @else {
                        ul id="card-rulings" {
                            @for f in &rulings {
                                li data-file=(f) {
                                    a href={ "/ruling?file=" (PreEscaped(layout::query_value(f))) } { (f) }
                                }
                            }
                        }
                    }
                    h2 { "Warnings" }
                    div id="card-warnings" {
                        @match (warnings, &info.warnings_note) {
                            (Some(ws), _) => { @for w in ws { pre.warning { (w) } } }
                            (None, Some(note)) => p { (note) }
                            (None, None) => p { "The compiler has no warning for it." }
                        }
                    }
                }
            }
        },
    ))
}

/// The ruling files under the folder that name `name` (as a whole name, not inside a longer
/// word).
fn rulings_naming(state: &AppState, name: &str) -> Vec<String> {
    let root = state.root();
    root.find(".ruling")
        .into_iter()
        .filter(|f| {
            root.read_text(f, MAX_RULING_BYTES)
                .is_ok_and(|text| names(&text, name))
        })
        .collect()
}

/// Whether `text` holds `name` with no letter or digit joined on either side.
fn names(text: &str, name: &str) -> bool {
    let joined = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(name).any(|(at, _)| {
        !joined(text[..at].chars().next_back()) && !joined(text[at + name.len()..].chars().next())
    })
}
