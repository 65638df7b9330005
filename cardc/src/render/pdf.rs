//! Print-and-play sheets (`cardc render --pdf FILE`): nine poker-size cards (63 × 88 mm) to a
//! page, 3 × 3, centred on A4 or Letter, with crop marks in the margins at every trim line and,
//! with `--bleed MM`, the frame colour carried past each trim edge. After each page of faces
//! comes its page of backs, mirrored left to right, so a duplex print (long-edge flip) puts
//! each back behind its face.
//!
//! Each page is laid out as one SVG (the faces nested as they are drawn for `--out-dir`), turned
//! into vector PDF by svg2pdf with the bundled fonts, and the pages are joined by pdf-writer.

use std::collections::HashMap;
use std::fmt::Write as _;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};
use svg2pdf::usvg;

use super::text::{BOLD, FAMILY, ITALIC, REGULAR};

/// Paper sizes, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

const CARD: (f32, f32) = (63.0, 88.0);
pub const PER_PAGE: usize = 9;
/// The most bleed accepted: nine cards and their bleed still fit on A4 (width) and Letter
/// (height).
pub const MAX_BLEED: f32 = 2.0;

/// One face to print: its SVG and the colour its bleed is filled with.
pub struct Sheet<'a> {
    pub svg: &'a str,
    pub bleed_colour: &'a str,
}

/// The whole document: face pages and mirrored back pages, alternating.
pub fn document(
    faces: &[Sheet<'_>],
    back: &Sheet<'_>,
    paper: Paper,
    bleed: f32,
) -> Result<Vec<u8>, String> {
    if !(0.0..=MAX_BLEED).contains(&bleed) {
        return Err(format!("--bleed must be 0 to {MAX_BLEED} mm, not {bleed}"));
    }
    let mut pages = Vec::new();
    for chunk in faces.chunks(PER_PAGE) {
        pages.push(page(chunk, paper, bleed, false));
        let backs: Vec<Sheet<'_>> = chunk
            .iter()
            .map(|_| Sheet {
                svg: back.svg,
                bleed_colour: back.bleed_colour,
            })
            .collect();
        pages.push(page(&backs, paper, bleed, true));
    }
    join(&pages, paper)
}

/// The trim box of slot `k` (x, y of its top left corner), mirrored for a backs page.
fn slot(k: usize, paper: Paper, bleed: f32, mirrored: bool) -> (f32, f32) {
    let (pw, ph) = paper.size();
    let step = (CARD.0 + 2.0 * bleed, CARD.1 + 2.0 * bleed);
    let left = (pw - 3.0 * step.0) / 2.0 + bleed;
    let top = (ph - 3.0 * step.1) / 2.0 + bleed;
    let col = if mirrored { 2 - k % 3 } else { k % 3 };
    let row = k / 3;
    (left + col as f32 * step.0, top + row as f32 * step.1)
}

/// One page as SVG, in millimetres.
fn page(cards: &[Sheet<'_>], paper: Paper, bleed: f32, mirrored: bool) -> String {
    let (pw, ph) = paper.size();
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{pw}mm" height="{ph}mm" viewBox="0 0 {pw} {ph}" font-family="{FAMILY}"><rect width="{pw}" height="{ph}" fill="#ffffff"/>"##
    );
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for (k, card) in cards.iter().enumerate() {
        let (x, y) = slot(k, paper, bleed, mirrored);
        if bleed > 0.0 {
            let _ = write!(
                s,
                r##"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{}"/>"##,
                x - bleed,
                y - bleed,
                CARD.0 + 2.0 * bleed,
                CARD.1 + 2.0 * bleed,
                card.bleed_colour
            );
        }
        // The face's own <svg>, placed in the trim box (its root keeps its viewBox).
        let inner = card
            .svg
            .replacen(
                r#"width="63mm" height="88mm""#,
                &format!(
                    r#"x="{x:.2}" y="{y:.2}" width="{}" height="{}""#,
                    CARD.0, CARD.1
                ),
                1,
            )
            .replacen(r#"xmlns="http://www.w3.org/2000/svg" "#, "", 1);
        s.push_str(&inner);
        xs.extend([x, x + CARD.0]);
        ys.extend([y, y + CARD.1]);
    }
    // Crop marks: in the margins, on every trim line, as long as the margin allows (up to 5 mm;
    // none where the margin is too narrow, as on Letter's top and bottom with bleed).
    let gap = 1.0 + bleed;
    let (x0, x1) = (
        xs.iter().copied().fold(f32::MAX, f32::min),
        xs.iter().copied().fold(0.0, f32::max),
    );
    let (y0, y1) = (
        ys.iter().copied().fold(f32::MAX, f32::min),
        ys.iter().copied().fold(0.0, f32::max),
    );
    let mut line = |a: (f32, f32), b: (f32, f32)| {
        let _ = write!(
            s,
            r##"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#000000" stroke-width="0.2"/>"##,
            a.0, a.1, b.0, b.1
        );
    };
    if !cards.is_empty() {
        let room = |margin: f32| (margin - gap - 0.5).min(5.0);
        let (top, bottom) = (room(y0), room(ph - y1));
        let (left, right) = (room(x0), room(pw - x1));
        for &x in &xs {
            if top >= 1.0 {
                line((x, y0 - gap - top), (x, y0 - gap));
            }
            if bottom >= 1.0 {
                line((x, y1 + gap), (x, y1 + gap + bottom));
            }
        }
        for &y in &ys {
            if left >= 1.0 {
                line((x0 - gap - left, y), (x0 - gap, y));
            }
            if right >= 1.0 {
                line((x1 + gap, y), (x1 + gap + right, y));
            }
        }
    }
    s.push_str("</svg>");
    s
}

/// The pages, as SVG, joined into one PDF.
fn join(pages: &[String], paper: Paper) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    for face in [REGULAR, BOLD, ITALIC] {
        options.fontdb_mut().load_font_data(face.to_vec());
    }
    options.font_family = FAMILY.to_string();
    let mm_to_pt = 72.0 / 25.4;
    let (pw, ph) = paper.size();
    let (w, h) = (pw * mm_to_pt, ph * mm_to_pt);

    let mut alloc = Ref::new(1);
    let catalog_id = alloc.bump();
    let tree_id = alloc.bump();
    let mut pdf = Pdf::new();
    let mut page_ids = Vec::new();
    let mut chunks = Vec::new();
    for svg in pages {
        let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
        let (chunk, id) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| e.to_string())?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let svg_id = *map.get(&id).ok_or("the sheet has no graphic")?;
        let page_id = alloc.bump();
        let content_id = alloc.bump();
        let name = Name(b"S1");
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(name, svg_id);
        page.finish();
        let mut content = Content::new();
        content.transform([w, 0.0, 0.0, h, 0.0, 0.0]).x_object(name);
        pdf.stream(content_id, &content.finish());
        page_ids.push(page_id);
        chunks.push(chunk);
    }
    pdf.catalog(catalog_id).pages(tree_id);
    pdf.pages(tree_id)
        .kids(page_ids.iter().copied())
        .count(page_ids.len() as i32);
    for c in &chunks {
        pdf.extend(c);
    }
    Ok(pdf.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_cards_fit_both_papers_with_the_largest_bleed() {
        for paper in [Paper::A4, Paper::Letter] {
            let (pw, ph) = paper.size();
            for bleed in [0.0, MAX_BLEED] {
                let (x, y) = slot(0, paper, bleed, false);
                let (x8, y8) = slot(8, paper, bleed, false);
                assert!(x - bleed >= 0.0 && y - bleed >= 0.0, "{paper:?} {bleed}");
                assert!(x8 + CARD.0 + bleed <= pw && y8 + CARD.1 + bleed <= ph);
            }
        }
    }

    #[test]
    fn crop_marks_stay_on_the_page() {
        let face = r#"<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 630 880"></svg>"#;
        let cards: Vec<Sheet<'_>> = (0..9)
            .map(|_| Sheet {
                svg: face,
                bleed_colour: "#000000",
            })
            .collect();
        for paper in [Paper::A4, Paper::Letter] {
            let (pw, ph) = paper.size();
            for bleed in [0.0, 1.0, MAX_BLEED] {
                let svg = page(&cards, paper, bleed, false);
                let mut marks = 0;
                for part in svg.split("<line ").skip(1) {
                    marks += 1;
                    for (key, limit) in [("x1", pw), ("x2", pw), ("y1", ph), ("y2", ph)] {
                        let v: f32 = part
                            .split(&format!("{key}=\""))
                            .nth(1)
                            .and_then(|r| r.split('"').next())
                            .and_then(|n| n.parse().ok())
                            .unwrap();
                        assert!((0.0..=limit).contains(&v), "{paper:?} {bleed}: {key}={v}");
                    }
                }
                assert!(marks >= 12, "{paper:?} {bleed}: {marks} marks");
            }
        }
    }

    #[test]
    fn a_backs_page_mirrors_each_row() {
        let (a, _) = slot(0, Paper::A4, 0.0, false);
        let (b, _) = slot(0, Paper::A4, 0.0, true);
        let (c, _) = slot(2, Paper::A4, 0.0, false);
        assert_eq!(b, c);
        assert!(a < b);
        assert_eq!(
            slot(4, Paper::A4, 0.0, true),
            slot(4, Paper::A4, 0.0, false)
        );
    }
}
