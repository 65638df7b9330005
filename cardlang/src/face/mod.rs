//! Card faces (issue #19) drawn from the checked IR, so a proof can never disagree with the
//! card the engine plays: `cardc render` draws them to files and the workbench
//! (`hullbreach serve`, issue #45) into its pages, from this one module (feature `faces`). One SVG per card: its name, type line, cost in the
//! two half circles at the top (Resource left, Currency right, §5.1 Setup's "large half
//! circles"), attack/defense/wounds or a Module's bonuses, income, Marine and Wing capacity
//! (white icons) and the space it takes aboard (red icon, §2.4.1), traits with their +X, the
//! rules text (printed, or as `cardc explain` words it) and flavour text, and its marks
//! (Unique, Prototype, faction restriction). Colours, font sizes and boxes come from a theme
//! (`theme.toml` here, or the designer's own); text is measured with the bundled font and
//! shrinks to fit its box, never past it ([`Face::boxes`] records what was laid out where).
//!
//! Output is deterministic: no timestamps, no random ids.

pub mod text;

use std::fmt::Write as _;

use crate::ir::{Card, CardKind, ModuleKind, TraitName};
use serde::Deserialize;

use text::{escape, fit, Metrics, Style, FAMILY, LEADING};

/// The default theme, as shipped (docs/render.md).
pub const DEFAULT_THEME: &str = include_str!("theme.toml");

/// Card size in tenths of a millimetre (poker size, 63 × 88 mm).
pub const WIDTH: u32 = 630;
pub const HEIGHT: u32 = 880;

/// A theme file: colours, font sizes and layout boxes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    pub colours: Colours,
    pub fonts: Fonts,
    pub layout: Layout,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Colours {
    pub background: String,
    pub panel: String,
    pub ink: String,
    pub muted: String,
    pub art: String,
    pub resource: String,
    pub currency: String,
    pub cost_ink: String,
    pub capacity: String,
    pub capacity_ink: String,
    pub consumption: String,
    pub consumption_ink: String,
    #[serde(rename = "trait")]
    pub trait_: String,
    pub back: String,
    pub back_ink: String,
    pub faction: FactionColours,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactionColours {
    #[serde(rename = "RDF")]
    pub rdf: String,
    #[serde(rename = "Colonial")]
    pub colonial: String,
    #[serde(rename = "Corporate")]
    pub corporate: String,
    pub neutral: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fonts {
    pub name_max: f32,
    pub name_min: f32,
    #[serde(rename = "type")]
    pub type_: f32,
    pub stats: f32,
    pub traits: f32,
    pub text_max: f32,
    pub text_min: f32,
    pub footer: f32,
}

/// A box: x, y, width, height.
pub type Rect = [f32; 4];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    pub name: Rect,
    pub type_line: Rect,
    pub art: Rect,
    pub stats: Rect,
    pub traits: Rect,
    pub text: Rect,
    pub footer: Rect,
    pub cost_radius: f32,
}

impl Theme {
    /// Read a theme file's text; the error names what is wrong and where (line and column, or
    /// the key).
    pub fn parse(text: &str) -> Result<Theme, String> {
        let mut theme: Theme = toml::from_str(text).map_err(|e| e.to_string())?;
        theme.check()?;
        Ok(theme)
    }

    pub fn default_theme() -> Theme {
        Theme::parse(DEFAULT_THEME).expect("the shipped theme is valid")
    }

    /// Boxes inside the card, sizes positive, colours that are colours (each written back as
    /// `#rrggbb`, so nothing but a colour ever reaches an SVG attribute).
    fn check(&mut self) -> Result<(), String> {
        let l = &self.layout;
        for (name, r) in [
            ("name", l.name),
            ("type_line", l.type_line),
            ("art", l.art),
            ("stats", l.stats),
            ("traits", l.traits),
            ("text", l.text),
            ("footer", l.footer),
        ] {
            let [x, y, w, h] = r;
            let inside = x >= 0.0
                && y >= 0.0
                && w > 0.0
                && h > 0.0
                && x + w <= WIDTH as f32
                && y + h <= HEIGHT as f32;
            if !inside {
                return Err(format!(
                    "layout.{name} = [{x}, {y}, {w}, {h}] is not a box inside the card (0..{WIDTH} x 0..{HEIGHT})"
                ));
            }
        }
        let f = &self.fonts;
        for (name, v) in [
            ("name_max", f.name_max),
            ("name_min", f.name_min),
            ("type", f.type_),
            ("stats", f.stats),
            ("traits", f.traits),
            ("text_max", f.text_max),
            ("text_min", f.text_min),
            ("footer", f.footer),
        ] {
            if !(1.0..=200.0).contains(&v) {
                return Err(format!("fonts.{name} = {v} is not a size from 1 to 200"));
            }
        }
        if f.name_min > f.name_max || f.text_min > f.text_max {
            return Err("a font's _min is larger than its _max".into());
        }
        if !(1.0..=300.0).contains(&l.cost_radius) {
            return Err(format!(
                "layout.cost_radius = {} is not from 1 to 300",
                l.cost_radius
            ));
        }
        let c = &mut self.colours;
        for (key, v) in [
            ("background", &mut c.background),
            ("panel", &mut c.panel),
            ("ink", &mut c.ink),
            ("muted", &mut c.muted),
            ("art", &mut c.art),
            ("resource", &mut c.resource),
            ("currency", &mut c.currency),
            ("cost_ink", &mut c.cost_ink),
            ("capacity", &mut c.capacity),
            ("capacity_ink", &mut c.capacity_ink),
            ("consumption", &mut c.consumption),
            ("consumption_ink", &mut c.consumption_ink),
            ("trait", &mut c.trait_),
            ("back", &mut c.back),
            ("back_ink", &mut c.back_ink),
            ("faction.RDF", &mut c.faction.rdf),
            ("faction.Colonial", &mut c.faction.colonial),
            ("faction.Corporate", &mut c.faction.corporate),
            ("faction.neutral", &mut c.faction.neutral),
        ] {
            *v = colour(v).map_err(|why| {
                format!(
                    "colours.{key} = \"{}\" is not a colour: {why}; write `#rgb`, `#rrggbb`, `rgb(R, G, B)` (0 to 255) or an SVG colour name such as `navy`",
                    v.escape_debug()
                )
            })?;
        }
        Ok(())
    }
}

/// The longest colour read (the longest SVG colour name is 20 letters).
const MAX_COLOUR_CHARS: usize = 40;

/// A theme colour as `#rrggbb`: `#rgb`, `#rrggbb`, `rgb(R, G, B)` with each part 0 to 255, or
/// one of the SVG colour names (read by svgtypes, as resvg reads them); or why it is not one.
fn colour(v: &str) -> Result<String, &'static str> {
    let hex = |r: u8, g: u8, b: u8| format!("#{r:02x}{g:02x}{b:02x}");
    let v = v.trim();
    if v.len() > MAX_COLOUR_CHARS {
        return Err("it is too long");
    }
    if let Some(digits) = v.strip_prefix('#') {
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("`#` is followed by something other than hexadecimal digits");
        }
        let d: Vec<u8> = digits
            .chars()
            .filter_map(|c| c.to_digit(16))
            .map(|d| d as u8)
            .collect();
        return match d[..] {
            [r, g, b] => Ok(hex(r * 17, g * 17, b * 17)),
            [r1, r2, g1, g2, b1, b2] => Ok(hex(r1 * 16 + r2, g1 * 16 + g2, b1 * 16 + b2)),
            _ => Err("`#` takes 3 or 6 hexadecimal digits"),
        };
    }
    if let Some(inner) = v
        .strip_prefix("rgb(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        let parts: Vec<Option<u8>> = inner.split(',').map(|p| p.trim().parse().ok()).collect();
        return match parts[..] {
            [Some(r), Some(g), Some(b)] => Ok(hex(r, g, b)),
            _ => Err("`rgb(...)` takes three whole numbers from 0 to 255"),
        };
    }
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err("it is not a colour name");
    }
    match v.parse::<svgtypes::Color>() {
        Ok(c) if c.alpha == 255 => Ok(hex(c.red, c.green, c.blue)),
        Ok(_) => Err("a theme colour cannot be transparent"),
        Err(_) => Err("there is no SVG colour of that name"),
    }
}

/// Which rules text a face shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextSource {
    /// The card's printed `text:`, or the generated words when it has none.
    #[default]
    Printed,
    /// Always the words `cardc explain` generates from the abilities.
    Generated,
    /// The generated words without their rulebook citations (`§6.6`, `I-47`): a face meant for
    /// play rather than for checking.
    Plain,
}

/// One rendered face: the SVG, the boxes its text was laid out in (for checks), and what it
/// could not show as written.
#[derive(Debug, Clone)]
pub struct Face {
    pub svg: String,
    /// Each text element: what it is, its box, and the height its lines take.
    pub boxes: Vec<TextBox>,
    /// What the command tells the designer about this face, in the order found.
    pub notes: Vec<Note>,
}

/// Something a face shows other than as written: the designer is told, never left to find it
/// on a printed proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// A text (`name`, `type line`, `traits`, `rules text`, `flavour text`, `footer`) did not
    /// fit its box even at the smallest size and was cut with an ellipsis.
    Cut(&'static str),
    /// The flavour text was left off: at the smallest size the rules text leaves no line for it.
    FlavourDropped,
    /// A text held a character no SVG file may hold (the first such), drawn as U+FFFD.
    Unshowable(&'static str, char),
}

impl Note {
    /// The note in words, about the card printed `name`.
    pub fn words(&self, name: &str) -> String {
        let name = text::drawable(name).0;
        match *self {
            Note::Cut(what) => format!(
                "the {what} of {name} does not fit its box even at the smallest size and was cut; shorten it or lower `fonts.{}` in a theme",
                match what {
                    "name" => "name_min",
                    "type line" => "type",
                    "traits" => "traits",
                    "footer" => "footer",
                    _ => "text_min",
                }
            ),
            Note::FlavourDropped => format!(
                "the flavour text of {name} was left off: at the smallest size the rules text leaves no line for it; shorten one of them or lower `fonts.text_min` in a theme"
            ),
            Note::Unshowable(what, c) => format!(
                "the {what} of {name} holds U+{:04X}, which no SVG file may hold; it is drawn as U+FFFD (\u{FFFD})",
                u32::from(c)
            ),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TextBox {
    pub what: &'static str,
    pub rect: Rect,
    pub size: f32,
    /// Widest line and total height as laid out.
    pub width: f32,
    pub height: f32,
}

/// The file name of the card back (`back.svg`, `back.png`); no face takes it.
pub const BACK: &str = "back";

/// A file name for a card: lower case, words joined by `-` (`Merlin-class Frigate` →
/// `merlin-class-frigate`). Different names can give the same one: [`file_stems`] makes them
/// unique.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("card");
    }
    out
}

/// One file name (without extension) per card name, in the order given, none of them another's
/// or the back's: the card's [`slug`], or, when an earlier card or the back has it, the slug
/// with the first free `-2`, `-3`, ... (`Foo Bar` → `foo-bar`, then `Foo-Bar` → `foo-bar-2`).
/// With each suffixed name, who holds the plain one (a card's name, or `the card back`).
pub fn file_stems(names: &[&str]) -> Vec<(String, Option<String>)> {
    use std::collections::BTreeMap;
    let mut holder: BTreeMap<String, String> = BTreeMap::new();
    holder.insert(BACK.to_string(), "the card back".to_string());
    // The next suffix to try for each slug, so a thousand clashing names take a thousand
    // steps, not a million.
    let mut next: BTreeMap<String, u32> = BTreeMap::new();
    names
        .iter()
        .map(|name| {
            let base = slug(name);
            let Some(first) = holder.get(&base).cloned() else {
                holder.insert(base.clone(), name.to_string());
                return (base, None);
            };
            let k = next.entry(base.clone()).or_insert(2);
            let mut stem = format!("{base}-{k}");
            while holder.contains_key(&stem) {
                *k += 1;
                stem = format!("{base}-{k}");
            }
            *k += 1;
            holder.insert(stem.clone(), name.to_string());
            (stem, Some(first))
        })
        .collect()
}

struct Fonts3 {
    regular: Metrics,
    bold: Metrics,
    italic: Metrics,
}

/// Draws faces with one theme; the font metrics are parsed once.
pub struct Renderer {
    theme: Theme,
    fonts: Fonts3,
}

impl Renderer {
    pub fn new(theme: Theme) -> Renderer {
        Renderer {
            theme,
            fonts: Fonts3 {
                regular: Metrics::new(Style::Regular),
                bold: Metrics::new(Style::Bold),
                italic: Metrics::new(Style::Italic),
            },
        }
    }

    pub fn theme(&self) -> &Theme {
        &self.theme
    }

    /// The face of `card`.
    pub fn face(&self, card: &Card, source: TextSource) -> Face {
        let t = &self.theme;
        let c = &t.colours;
        let l = &t.layout;
        let mut boxes = Vec::new();
        let mut notes = Vec::new();
        let mut s = String::new();
        let frame = faction_colour(t, card);
        // What an SVG cannot hold is replaced before anything is measured, so the layout is of
        // the text drawn.
        let mut drawable = |what: &'static str, text: &str| {
            let (shown, bad) = text::drawable(text);
            if let Some(c) = bad {
                notes.push(Note::Unshowable(what, c));
            }
            shown.into_owned()
        };
        let name_text = drawable("name", &card.name);
        let type_text = drawable("type line", &type_line(card));
        let rules = drawable("rules text", &rules_text(card, source));
        let flavour = drawable("flavour text", card.flavour.trim());
        let flavour = flavour.as_str();
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FAMILY}">"##
        );
        let _ = write!(s, "<title>{}</title>", escape(&name_text));
        let _ = write!(
            s,
            r##"<rect width="{WIDTH}" height="{HEIGHT}" rx="32" fill="{frame}"/><rect x="16" y="16" width="{}" height="{}" rx="22" fill="{}"/>"##,
            WIDTH - 32,
            HEIGHT - 32,
            c.panel
        );

        // Cost in the two half circles at the top (§5.1), for every card that is deployed; a
        // half that costs nothing is left blank, as printed cards leave it.
        if !matches!(card.kind, CardKind::Station | CardKind::Stockpile(_)) {
            let r = l.cost_radius;
            for (cx, fill, value, label) in [
                (r + 24.0, &c.resource, card.cost.resource, "R"),
                (
                    WIDTH as f32 - r - 24.0,
                    &c.currency,
                    card.cost.currency,
                    "C",
                ),
            ] {
                let _ = write!(
                    s,
                    r##"<path d="M {x0:.1} 16 A {r:.1} {r:.1} 0 0 0 {x1:.1} 16 Z" fill="{fill}"/>"##,
                    x0 = cx - r,
                    x1 = cx + r,
                );
                if value == 0 {
                    continue;
                }
                let _ = write!(
                    s,
                    r##"<text x="{cx:.1}" y="{ty:.1}" font-size="{fs:.1}" font-weight="bold" text-anchor="middle" fill="{ink}">{value}</text><text x="{cx:.1}" y="{ly:.1}" font-size="{ls:.1}" text-anchor="middle" fill="{ink}">{label}</text>"##,
                    ty = 16.0 + r * 0.55,
                    fs = r * 0.7,
                    ly = 16.0 + r * 0.88,
                    ls = r * 0.28,
                    ink = c.cost_ink,
                );
            }
        }

        // Name: bold, shrunk to fit its box (two lines at most before shrinking further).
        let [nx, ny, nw, nh] = l.name;
        let (name, cut) = fit(
            &self.fonts.bold,
            &name_text,
            t.fonts.name_max,
            t.fonts.name_min,
            nw,
            nh,
        );
        if cut {
            notes.push(Note::Cut("name"));
        }
        let top = ny + (nh - name.height) / 2.0;
        self.lines(
            &mut s,
            &name.lines,
            nx + nw / 2.0,
            top,
            name.size,
            "middle",
            "bold",
            "normal",
            &c.ink,
        );
        boxes.push(self.text_box(
            "name",
            l.name,
            &name.lines,
            name.size,
            name.height,
            Style::Bold,
        ));

        // Type line: type, subtype or class, faction, marks.
        let [tx, ty, tw, th] = l.type_line;
        let (tl, cut) = fit(
            &self.fonts.regular,
            &type_text,
            t.fonts.type_,
            t.fonts.type_ * 0.6,
            tw,
            th,
        );
        if cut {
            notes.push(Note::Cut("type line"));
        }
        self.lines(
            &mut s,
            &tl.lines,
            tx + tw / 2.0,
            ty + (th - tl.height) / 2.0,
            tl.size,
            "middle",
            "normal",
            "normal",
            &c.muted,
        );
        boxes.push(self.text_box(
            "type line",
            l.type_line,
            &tl.lines,
            tl.size,
            tl.height,
            Style::Regular,
        ));

        // Art box: a tinted plate with the card's kind, for the designer's artwork.
        let [ax, ay, aw, ah] = l.art;
        let _ = write!(
            s,
            r##"<rect x="{ax}" y="{ay}" width="{aw}" height="{ah}" rx="10" fill="{}" stroke="{frame}" stroke-width="4"/>"##,
            c.art
        );

        self.stats(&mut s, card, frame);
        self.icons(&mut s, card);
        // An Event or Tactic has no stats (§2.6, §2.7): its traits and text box move up into
        // the room a unit's stats take, and the text box keeps its bottom edge.
        let lift = match card.kind {
            CardKind::Event | CardKind::Tactic => (l.traits[1] - l.stats[1]).max(0.0),
            _ => 0.0,
        };
        let traits_box = [l.traits[0], l.traits[1] - lift, l.traits[2], l.traits[3]];
        let text_box = [l.text[0], l.text[1] - lift, l.text[2], l.text[3] + lift];

        // Traits, bold, in rulebook order (§3.3).
        let traits: Vec<String> = card
            .traits
            .iter()
            .filter(|t| t.name() != TraitName::Unique)
            .map(|t| t.to_string())
            .collect();
        if !traits.is_empty() {
            let [x, y, w, h] = traits_box;
            let (tr, cut) = fit(
                &self.fonts.bold,
                &traits.join(" · "),
                t.fonts.traits,
                t.fonts.traits * 0.5,
                w,
                h,
            );
            if cut {
                notes.push(Note::Cut("traits"));
            }
            self.lines(
                &mut s,
                &tr.lines,
                x + w / 2.0,
                y + (h - tr.height) / 2.0,
                tr.size,
                "middle",
                "bold",
                "normal",
                &c.trait_,
            );
            boxes.push(self.text_box(
                "traits",
                traits_box,
                &tr.lines,
                tr.size,
                tr.height,
                Style::Bold,
            ));
        }

        // Rules text, then flavour in italics, shrunk together to fit the text box.
        let [x, y, w, h] = text_box;
        let mut size = t.fonts.text_max;
        let (rules_fit, flavour_fit) = loop {
            let (r, cut_r) = fit(&self.fonts.regular, &rules, size, size, w, h);
            let left = h - r.height - if flavour.is_empty() { 0.0 } else { size * 0.6 };
            let (f, cut_f) = if flavour.is_empty() {
                (
                    text::Fitted {
                        lines: Vec::new(),
                        size,
                        height: 0.0,
                    },
                    false,
                )
            } else {
                fit(&self.fonts.italic, flavour, size, size, w, left.max(0.0))
            };
            let fits = !cut_r && !cut_f && r.height + f.height <= h;
            if fits {
                break (r, f);
            }
            if size <= t.fonts.text_min {
                // At the smallest size the rules win the room; the flavour gets what is left.
                let (r, cut_r) = fit(&self.fonts.regular, &rules, size, size, w, h);
                if cut_r {
                    notes.push(Note::Cut("rules text"));
                }
                let left = h - r.height - size * 0.6;
                let none = text::Fitted {
                    lines: Vec::new(),
                    size,
                    height: 0.0,
                };
                if flavour.is_empty() {
                    break (r, none);
                }
                if left < size * LEADING {
                    notes.push(Note::FlavourDropped);
                    break (r, none);
                }
                let (f, cut_f) = fit(&self.fonts.italic, flavour, size, size, w, left);
                if cut_f {
                    notes.push(Note::Cut("flavour text"));
                }
                break (r, f);
            }
            size = (size - 0.5).max(t.fonts.text_min);
        };
        self.lines(
            &mut s,
            &rules_fit.lines,
            x,
            y,
            rules_fit.size,
            "start",
            "normal",
            "normal",
            &c.ink,
        );
        boxes.push(self.text_box(
            "rules text",
            text_box,
            &rules_fit.lines,
            rules_fit.size,
            rules_fit.height,
            Style::Regular,
        ));
        if !flavour_fit.lines.is_empty() {
            let fy = y + h - flavour_fit.height;
            self.lines(
                &mut s,
                &flavour_fit.lines,
                x,
                fy,
                flavour_fit.size,
                "start",
                "normal",
                "italic",
                &c.muted,
            );
            let rect = [x, fy, w, flavour_fit.height];
            boxes.push(self.text_box(
                "flavour",
                rect,
                &flavour_fit.lines,
                flavour_fit.size,
                flavour_fit.height,
                Style::Italic,
            ));
        }

        // Footer: faction restriction, Unique and Prototype marks (§9.14, §3.4.11, §8.8).
        let mut marks = Vec::new();
        if card.has_trait(TraitName::Unique) {
            marks.push("Unique".to_string());
        }
        if card.prototype {
            marks.push("Prototype (§8.8)".to_string());
        }
        if let (Some(f), true) = (card.faction, card.restricted) {
            marks.push(format!("{f} only"));
        }
        if !marks.is_empty() {
            let [x, y, w, h] = l.footer;
            let (ft, cut) = fit(
                &self.fonts.bold,
                &marks.join(" · "),
                t.fonts.footer,
                t.fonts.footer * 0.6,
                w,
                h,
            );
            if cut {
                notes.push(Note::Cut("footer"));
            }
            self.lines(
                &mut s,
                &ft.lines,
                x + w / 2.0,
                y + (h - ft.height) / 2.0,
                ft.size,
                "middle",
                "bold",
                "normal",
                frame,
            );
            boxes.push(self.text_box(
                "footer",
                l.footer,
                &ft.lines,
                ft.size,
                ft.height,
                Style::Bold,
            ));
        }
        s.push_str("</svg>\n");
        Face {
            // One element per line, so a change to a face reads as a small diff.
            svg: s.replace("><", ">\n<"),
            boxes,
            notes,
        }
    }

    /// The shared card back.
    pub fn back(&self) -> String {
        let c = &self.theme.colours;
        let mut s = String::new();
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FAMILY}"><title>Hull Breach! card back</title><rect width="{WIDTH}" height="{HEIGHT}" rx="32" fill="{}"/><rect x="40" y="40" width="{}" height="{}" rx="20" fill="none" stroke="{}" stroke-width="6"/><text x="{}" y="{}" font-size="64" font-weight="bold" text-anchor="middle" fill="{}">HULL BREACH!</text></svg>"##,
            c.back,
            WIDTH - 80,
            HEIGHT - 80,
            c.back_ink,
            WIDTH / 2,
            HEIGHT / 2 + 20,
            c.back_ink
        );
        s.push('\n');
        s.replace("><", ">\n<")
    }

    /// Attack, defense and wounds (a Module's as bonuses to its host), and income.
    fn stats(&self, s: &mut String, card: &Card, frame: &str) {
        let t = &self.theme;
        let [x, y, w, h] = t.layout.stats;
        let module = matches!(card.kind, CardKind::Module(_));
        let mut cells: Vec<(String, &str)> = Vec::new();
        let bonus = |v: u8| {
            if module {
                format!("+{v}")
            } else {
                v.to_string()
            }
        };
        if let Some(a) = card.attack {
            cells.push((bonus(a), "ATTACK"));
        }
        if let Some(d) = card.defense {
            cells.push((bonus(d), "DEFENSE"));
        }
        if let Some(wd) = card.wounds {
            // A Module-Station's wounds are its own (§2.2, §6.5.3).
            cells.push((wd.to_string(), "WOUNDS"));
        }
        if !card.income.is_zero() {
            cells.push((amount(card.income), "INCOME"));
        }
        if cells.is_empty() {
            return;
        }
        let cw = w / cells.len() as f32;
        for (k, (value, label)) in cells.iter().enumerate() {
            let cx = x + cw * (k as f32 + 0.5);
            let size = t.fonts.stats.min(h * 0.62);
            let _ = write!(
                s,
                r##"<text x="{cx:.1}" y="{vy:.1}" font-size="{size:.1}" font-weight="bold" text-anchor="middle" fill="{frame}">{}</text><text x="{cx:.1}" y="{ly:.1}" font-size="{ls:.1}" text-anchor="middle" fill="{}">{label}</text>"##,
                escape(value),
                t.colours.muted,
                vy = y + size * 0.9,
                ly = y + h - 4.0,
                ls = (h * 0.2).min(18.0),
            );
        }
    }

    /// Capacity (white icons) in the art box's lower left, space taken (red icon) in its
    /// lower right (§2.4.1, §2.5.1).
    fn icons(&self, s: &mut String, card: &Card) {
        let t = &self.theme;
        let c = &t.colours;
        let [ax, ay, aw, ah] = t.layout.art;
        let r = 26.0;
        let mut x = ax + r + 12.0;
        let y = ay + ah - r - 12.0;
        for (n, label) in [(card.capacity.marines, "M"), (card.capacity.wings, "W")] {
            if n > 0 {
                let _ = write!(
                    s,
                    r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{}" stroke="{}" stroke-width="3"/><text x="{x:.1}" y="{ty:.1}" font-size="24" font-weight="bold" text-anchor="middle" fill="{}">{n}{label}</text>"##,
                    c.capacity,
                    c.capacity_ink,
                    c.capacity_ink,
                    ty = y + 8.0
                );
                x += 2.0 * r + 10.0;
            }
        }
        if card.space > 0 {
            let label = match card.kind {
                CardKind::Ship(_) => "W",
                _ => "M",
            };
            let x = ax + aw - r - 12.0;
            let _ = write!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{}"/><text x="{x:.1}" y="{ty:.1}" font-size="24" font-weight="bold" text-anchor="middle" fill="{}">{}{label}</text>"##,
                c.consumption,
                c.consumption_ink,
                card.space,
                ty = y + 8.0
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn lines(
        &self,
        s: &mut String,
        lines: &[String],
        x: f32,
        top: f32,
        size: f32,
        anchor: &str,
        weight: &str,
        style: &str,
        fill: &str,
    ) {
        for (k, line) in lines.iter().enumerate() {
            // The baseline sits at about 0.95 of the size below the line's top.
            let y = top + size * LEADING * k as f32 + size * 0.95;
            let _ = write!(
                s,
                r##"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" font-weight="{weight}" font-style="{style}" text-anchor="{anchor}" fill="{fill}">{}</text>"##,
                escape(line)
            );
        }
    }

    fn text_box(
        &self,
        what: &'static str,
        rect: Rect,
        lines: &[String],
        size: f32,
        height: f32,
        style: Style,
    ) -> TextBox {
        let m = match style {
            Style::Regular => &self.fonts.regular,
            Style::Bold => &self.fonts.bold,
            Style::Italic => &self.fonts.italic,
        };
        let width = lines.iter().map(|l| m.width(l, size)).fold(0.0, f32::max);
        TextBox {
            what,
            rect,
            size,
            width,
            height,
        }
    }
}

pub fn faction_colour<'t>(t: &'t Theme, card: &Card) -> &'t str {
    use crate::ir::Faction;
    match card.faction {
        Some(Faction::Rdf) => &t.colours.faction.rdf,
        Some(Faction::Colonial) => &t.colours.faction.colonial,
        Some(Faction::Corporate) => &t.colours.faction.corporate,
        None => &t.colours.faction.neutral,
    }
}

/// `Ship — Cruiser · RDF`, `Module-Station`, `Marine-Character · Colonial`.
fn type_line(card: &Card) -> String {
    let mut s = card.kind.type_line();
    if let CardKind::Module(ModuleKind::Ship | ModuleKind::Marine) = card.kind {
        if let Some(fits) = &card.fits {
            let _ = write!(s, " · fits {fits}");
        }
    }
    if let Some(f) = card.faction {
        let _ = write!(s, " · {f}");
    }
    s
}

fn amount(a: crate::ir::Amount) -> String {
    match (a.resource, a.currency) {
        (r, 0) => format!("{r}R"),
        (0, c) => format!("{c}C"),
        (r, c) => format!("{r}R {c}C"),
    }
}

/// The rules text a face shows: printed, or generated from the abilities (`cardc explain`),
/// with or without its citations.
pub fn rules_text(card: &Card, source: TextSource) -> String {
    if source == TextSource::Printed && !card.text.trim().is_empty() {
        return card.text.trim().to_string();
    }
    let generated = card
        .abilities
        .iter()
        .map(|a| crate::explain::ability_text_on(card.kind, a))
        .collect::<Vec<_>>()
        .join("\n");
    match source {
        TextSource::Plain => without_citations(&generated),
        _ => generated,
    }
}

/// Generated words without their citations: in each parenthesis, the parts that cite the
/// rulebook (`§2.6`, `§6.6 STEP 1`) or an interpretation (`I-47`) are left out, and a
/// parenthesis that held nothing else goes with the space before it.
pub fn without_citations(text: &str) -> String {
    let cites = |part: &str| {
        let p = part.trim();
        p.starts_with('§')
            || p.strip_prefix("I-")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|k| open + k) else {
            break;
        };
        let kept: Vec<&str> = rest[open + 1..close]
            .split(", ")
            .filter(|p| !cites(p))
            .collect();
        if kept.is_empty() {
            out.push_str(rest[..open].trim_end_matches(' '));
        } else {
            out.push_str(&rest[..open]);
            out.push('(');
            out.push_str(&kept.join(", "));
            out.push(')');
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_are_left_out_and_the_words_kept() {
        assert_eq!(
            without_citations("Deploy only during an engagement (§2.7)."),
            "Deploy only during an engagement."
        );
        assert_eq!(
            without_citations(
                "May be deployed at any time (even during another Commander's turn, §2.6)"
            ),
            "May be deployed at any time (even during another Commander's turn)"
        );
        assert_eq!(
            without_citations("be destroyed (unless immediately, §6.7, §9.17, I-47); Face Up-Face Down (§3.4.4): x"),
            "be destroyed (unless immediately); Face Up-Face Down: x"
        );
        assert_eq!(
            without_citations("costs (2R) (unclosed"),
            "costs (2R) (unclosed"
        );
    }

    #[test]
    fn slugs_are_file_names() {
        assert_eq!(slug("Merlin-class Frigate"), "merlin-class-frigate");
        assert_eq!(slug("\"Hidden\" Militia Cache!"), "hidden-militia-cache");
        assert_eq!(slug("???"), "card");
    }

    #[test]
    fn file_names_never_clash_with_each_other_or_the_back() {
        let stems = file_stems(&["Foo Bar", "Foo-Bar", "Back", "foo bar 2", "Foo_Bar", "Solo"]);
        let got: Vec<(&str, Option<&str>)> = stems
            .iter()
            .map(|(s, h)| (s.as_str(), h.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                ("foo-bar", None),
                ("foo-bar-2", Some("Foo Bar")),
                ("back-2", Some("the card back")),
                ("foo-bar-2-2", Some("Foo-Bar")),
                ("foo-bar-3", Some("Foo Bar")),
                ("solo", None),
            ]
        );
    }

    #[test]
    fn theme_colours_are_read_as_colours_and_written_as_hex() {
        for (v, want) in [
            ("#abc", "#aabbcc"),
            ("#1B1F27", "#1b1f27"),
            ("navy", "#000080"),
            ("rgb(1, 2, 255)", "#0102ff"),
        ] {
            assert_eq!(colour(v).as_deref(), Ok(want), "{v}");
        }
        for v in [
            "crimsn",
            "#12345",
            "#ggg",
            "rgb(256, 0, 0)",
            "rgb(1, 2)",
            "transparent",
            "red blue",
            "",
            "é",
        ] {
            assert!(colour(v).is_err(), "{v}");
        }
    }

    #[test]
    fn the_shipped_theme_parses_and_bad_ones_are_refused_with_the_field_named() {
        let t = Theme::default_theme();
        assert_eq!(t.layout.text[2], 530.0);
        let bad = DEFAULT_THEME.replace("text = [50, 610, 530, 205]", "text = [50, 610, 900, 205]");
        let e = Theme::parse(&bad).unwrap_err();
        assert!(e.contains("layout.text"), "{e}");
        let bad = DEFAULT_THEME.replace("ink = \"#1b1f27\"", "ink = \"red\\\" onload=\\\"x\"");
        let e = Theme::parse(&bad).unwrap_err();
        assert!(
            e.contains("colours.ink") && e.contains("not a colour"),
            "{e}"
        );
        let e = Theme::parse("colours = 3").unwrap_err();
        assert!(!e.is_empty());
    }
}
