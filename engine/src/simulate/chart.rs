//! `--chart DIR`: the report as three SVG pictures, drawn with plotters' SVG backend only
//! (no fonts or bitmaps are read, so the files are the same on every machine):
//! `win-rates.svg` (each entrant's win rate with its 95% interval), `game-length.svg` (the
//! report's histogram of game lengths) and `card-impact.svg` (per card, win rate when
//! deployed minus when not, with its interval).

use std::path::Path;

use plotters::prelude::*;

use super::report::Report;

/// The charts' file names, in the order [`write`] draws them.
pub const FILES: [&str; 3] = ["win-rates.svg", "game-length.svg", "card-impact.svg"];

const FONT: &str = "sans-serif";

/// Each chart as (file name, SVG text).
pub fn draw(report: &Report) -> Result<Vec<(&'static str, String)>, String> {
    Ok(vec![
        (FILES[0], win_rates(report).map_err(|e| e.to_string())?),
        (FILES[1], game_length(report).map_err(|e| e.to_string())?),
        (FILES[2], card_impact(report).map_err(|e| e.to_string())?),
    ])
}

/// Write the charts into `dir` (created if missing), each through `cardlang::write`: a link
/// planted at a chart's name is replaced, never written through.
pub fn write(report: &Report, dir: &Path) -> Result<(), String> {
    prepare(dir)?;
    for (name, svg) in draw(report)? {
        cardlang::write::write_atomic(&dir.join(name), svg.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Make `dir` ready for the charts before a run's first game: created if missing, and each
/// chart's file writable there, so a typo in `--chart` fails at once, not after the run.
pub fn prepare(dir: &Path) -> Result<(), String> {
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "{}: is not a directory; --chart takes the directory the charts go in",
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    for name in FILES {
        cardlang::write::check_writable(&dir.join(name)).map_err(|e| e.to_string())?;
    }
    Ok(())
}

type Drawn = Result<String, Box<dyn std::error::Error>>;

fn win_rates(r: &Report) -> Drawn {
    let mut svg = String::new();
    {
        let n = r.entrants.len() as u32;
        let root = SVGBackend::with_string(&mut svg, (160 + 140 * n, 420)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("Win rate by entrant, {} games (95% interval)", r.games),
                (FONT, 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0u32..n).into_segmented(), 0f64..100f64)?;
        let names: Vec<String> = r
            .entrants
            .iter()
            .map(|e| format!("{} ({})", e.deck, e.player))
            .collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_desc("won %")
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => names.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw()?;
        for (i, e) in r.entrants.iter().enumerate() {
            let i = i as u32;
            let bar = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), e.won.rate * 100.0),
                ],
                BLUE.mix(0.5).filled(),
            );
            let mut bar = bar;
            bar.set_margin(0, 0, 20, 20);
            chart.draw_series(std::iter::once(bar))?;
            chart.draw_series(std::iter::once(ErrorBar::new_vertical(
                SegmentValue::CenterOf(i),
                e.won.low * 100.0,
                e.won.rate * 100.0,
                e.won.high * 100.0,
                BLACK.stroke_width(2),
                16,
            )))?;
        }
        root.present()?;
    }
    Ok(svg)
}

fn game_length(r: &Report) -> Drawn {
    let mut svg = String::new();
    {
        let bins = &r.length.histogram;
        let n = bins.len().max(1) as u32;
        let most = bins.iter().map(|b| b.games).max().unwrap_or(0).max(1) as f64;
        let root = SVGBackend::with_string(&mut svg, (120 + 60 * n, 400)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("Game length in commander turns, {} games", r.games),
                (FONT, 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0u32..n).into_segmented(), 0f64..most * 1.1)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_desc("games")
            .x_desc("turns")
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => bins
                    .get(*i as usize)
                    .map(|b| format!("{}-{}", b.from, b.to))
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .draw()?;
        chart.draw_series(bins.iter().enumerate().map(|(i, b)| {
            let i = i as u32;
            let mut bar = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), b.games as f64),
                ],
                BLUE.mix(0.5).filled(),
            );
            bar.set_margin(0, 0, 3, 3);
            bar
        }))?;
        root.present()?;
    }
    Ok(svg)
}

fn card_impact(r: &Report) -> Drawn {
    let mut svg = String::new();
    {
        // Cards whose two sides both have games, largest difference first.
        let mut rows: Vec<(String, super::stats::Shift)> = r
            .cards
            .iter()
            .filter_map(|c| {
                let deck = &r.entrants.get(c.entrant.wrapping_sub(1))?.deck;
                c.difference.map(|d| (format!("{} ({deck})", c.card), d))
            })
            .collect();
        rows.sort_by(|a, b| b.1.shift.total_cmp(&a.1.shift).then(a.0.cmp(&b.0)));
        let n = rows.len().max(1) as u32;
        let root = SVGBackend::with_string(&mut svg, (900, 90 + 22 * n)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Win rate when deployed minus when not, points (95% interval)",
                (FONT, 18),
            )
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(320)
            .build_cartesian_2d(-100f64..100f64, (0u32..n).into_segmented())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n as usize)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => n
                    .checked_sub(1 + *i)
                    .and_then(|k| rows.get(k as usize))
                    .map(|(name, _)| name.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .draw()?;
        for (k, (_, d)) in rows.iter().enumerate() {
            // The first row at the top.
            let i = n - 1 - k as u32;
            let colour = if d.shift >= 0.0 { BLUE } else { RED };
            let mut bar = Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(i)),
                    (d.shift * 100.0, SegmentValue::Exact(i + 1)),
                ],
                colour.mix(0.5).filled(),
            );
            bar.set_margin(4, 4, 0, 0);
            chart.draw_series(std::iter::once(bar))?;
            chart.draw_series(std::iter::once(ErrorBar::new_horizontal(
                SegmentValue::CenterOf(i),
                d.low * 100.0,
                d.shift * 100.0,
                d.high * 100.0,
                BLACK.stroke_width(1),
                8,
            )))?;
        }
        root.present()?;
    }
    Ok(svg)
}
