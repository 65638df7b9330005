//! A Tabletop Simulator deck (`cardc render --deck FILE --tts DIR`): the deck's faces on
//! sheets of up to 10 × 7 cards in a 4096 × 4096 texture, the shared back, and the saved-object
//! JSON the simulator imports (Objects → Saved Objects), with one card per copy in the
//! decklist, in list order.
//!
//! The simulator shows a sheet's last slot for a card hidden in a hand, so a sheet holds at most
//! 69 faces. Image addresses are `file://` paths to the written sheets unless `--tts-url` gives
//! the prefix they will be uploaded under (a table shared online needs web addresses).

use std::fmt::Write as _;

use resvg::tiny_skia;
use serde_json::{json, Value};

use super::png::Rasterizer;

pub const COLUMNS: u32 = 10;
pub const ROWS: u32 = 7;
/// Faces per sheet: every slot but the last.
pub const PER_SHEET: usize = (COLUMNS * ROWS - 1) as usize;
/// The largest texture the simulator loads.
pub const MAX_TEXTURE: u32 = 4096;
/// One card's pixels on a sheet: as wide as ten fit in the texture, 63:88 high.
pub const CARD_W: u32 = MAX_TEXTURE / COLUMNS;
pub const CARD_H: u32 = CARD_W * 88 / 63;

/// One distinct card of the deck: its name, face SVG, and copies.
pub struct Entry<'a> {
    pub name: &'a str,
    pub svg: String,
    pub copies: u32,
}

/// The files of a TTS export: sheets (PNG bytes), the back (PNG bytes) and the deck JSON.
pub struct Export {
    pub sheets: Vec<Vec<u8>>,
    pub back: Vec<u8>,
    pub json: String,
}

/// Build the export; `url` is the prefix each image's address starts with (ending in `/`).
pub fn export(
    raster: &Rasterizer,
    entries: &[Entry<'_>],
    back_svg: &str,
    deck_name: &str,
    url: &str,
) -> Result<Export, String> {
    let mut sheets = Vec::new();
    for chunk in entries.chunks(PER_SHEET) {
        let mut sheet = tiny_skia::Pixmap::new(COLUMNS * CARD_W, ROWS * CARD_H)
            .ok_or("cannot make a sheet image")?;
        for (k, e) in chunk.iter().enumerate() {
            let face = raster.pixmap(&e.svg, CARD_W, CARD_H)?;
            let (col, row) = (k as u32 % COLUMNS, k as u32 / COLUMNS);
            sheet.draw_pixmap(
                (col * CARD_W) as i32,
                (row * CARD_H) as i32,
                face.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                tiny_skia::Transform::identity(),
                None,
            );
        }
        sheets.push(sheet.encode_png().map_err(|e| e.to_string())?);
    }
    let back = raster
        .pixmap(back_svg, CARD_W, CARD_H)?
        .encode_png()
        .map_err(|e| e.to_string())?;

    // CardID = sheet number × 100 + slot; sheets are numbered from 1.
    let mut custom = serde_json::Map::new();
    for (k, _) in sheets.iter().enumerate() {
        custom.insert(
            (k + 1).to_string(),
            json!({
                "FaceURL": format!("{url}{}", sheet_name(k)),
                "BackURL": format!("{url}back.png"),
                "NumWidth": COLUMNS,
                "NumHeight": ROWS,
                "BackIsHidden": true,
                "UniqueBack": false,
                "Type": 0
            }),
        );
    }
    let transform = json!({
        "posX": 0.0, "posY": 1.0, "posZ": 0.0,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0
    });
    let mut ids = Vec::new();
    let mut cards = Vec::new();
    for (k, e) in entries.iter().enumerate() {
        let sheet = k / PER_SHEET + 1;
        let id = sheet * 100 + k % PER_SHEET;
        for _ in 0..e.copies {
            ids.push(id);
            let mut one = serde_json::Map::new();
            one.insert(sheet.to_string(), custom[&sheet.to_string()].clone());
            cards.push(json!({
                "Name": "Card",
                "Nickname": e.name,
                "CardID": id,
                "Transform": transform,
                "CustomDeck": Value::Object(one)
            }));
        }
    }
    let deck = json!({
        "SaveName": deck_name,
        "ObjectStates": [{
            "Name": "DeckCustom",
            "Nickname": deck_name,
            "Transform": transform,
            "DeckIDs": ids,
            "CustomDeck": Value::Object(custom),
            "ContainedObjects": cards
        }]
    });
    let mut json = serde_json::to_string_pretty(&deck).map_err(|e| e.to_string())?;
    let _ = writeln!(json);
    Ok(Export { sheets, back, json })
}

/// The file name of sheet `k` (from 0).
pub fn sheet_name(k: usize) -> String {
    format!("faces-{}.png", k + 1)
}
