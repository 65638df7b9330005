//! `--chart DIR`: the report as three SVG pictures, drawn with plotters' SVG backend only
//! (no fonts or bitmaps are read, so the files are the same on every machine):
//! `win-rates.svg` (each entrant's win rate with its 95% interval against a 50% line),
//! `game-length.svg` (the report's histogram of game lengths), `card-impact.svg` (per deck and
//! card, the same-length difference in win rate when drawn, with its interval; cards without a
//! comparison listed and marked) and `endings.svg` (how games ended, by commander turn).
//! A round robin adds `round-robin.svg`, its matchup matrix as a heat map. Value axes are
//! fitted to the data drawn.

use std::path::Path;

use plotters::prelude::*;

use super::report::Report;

/// The charts' file names, in the order [`write`] draws them.
pub const FILES: [&str; 5] = [
    "win-rates.svg",
    "game-length.svg",
    "card-impact.svg",
    "endings.svg",
    "round-robin.svg",
];

const FONT: &str = "sans-serif";

/// Each chart as (file name, SVG text); the heat map only for a round robin.
pub fn draw(report: &Report) -> Result<Vec<(&'static str, String)>, String> {
    let mut charts = vec![
        (FILES[0], win_rates(report).map_err(|e| e.to_string())?),
        (FILES[1], game_length(report).map_err(|e| e.to_string())?),
        (FILES[2], card_impact(report).map_err(|e| e.to_string())?),
        (FILES[3], endings(report).map_err(|e| e.to_string())?),
    ];
    if let Some(rr) = &report.round_robin {
        charts.push((FILES[4], heat_map(report, rr).map_err(|e| e.to_string())?));
    }
    Ok(charts)
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

/// A percent axis fitted to `low..high` (percent): widened by a margin, to whole tens, inside
/// 0..100, and always holding `keep` (the 50% line).
fn fitted(low: f64, high: f64, keep: f64) -> std::ops::Range<f64> {
    let low = (low.min(keep) - 5.0).max(0.0);
    let high = (high.max(keep) + 5.0).min(100.0);
    ((low / 10.0).floor() * 10.0)..((high / 10.0).ceil() * 10.0).max(10.0)
}

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
            .build_cartesian_2d((0u32..n).into_segmented(), {
                let low = r.entrants.iter().map(|e| e.won.low).fold(1.0, f64::min);
                let high = r.entrants.iter().map(|e| e.won.high).fold(0.0, f64::max);
                fitted(low * 100.0, high * 100.0, 50.0)
            })?;
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
                    (SegmentValue::Exact(i), 0.0f64.max(chart.y_range().start)),
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
        // Even odds for two decks: the line a win rate is read against.
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(SegmentValue::Exact(0), 50.0), (SegmentValue::Last, 50.0)],
            RED.stroke_width(1),
        )))?;
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
        // Per deck, its cards: the compared ones largest difference first, then those with no
        // comparison, marked.
        let mut rows: Vec<(String, Option<super::stats::Shift>)> = Vec::new();
        for (k, e) in r.entrants.iter().enumerate() {
            let mut mine: Vec<_> = r.cards.iter().filter(|c| c.entrant == k + 1).collect();
            mine.sort_by(|a, b| {
                let key = |c: &super::report::CardLine| c.adjusted.map(|a| -a.shift.shift);
                match (key(a), key(b)) {
                    (Some(x), Some(y)) => x.total_cmp(&y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                }
                .then(a.card.cmp(&b.card))
            });
            for c in mine {
                let name = match c.adjusted {
                    Some(_) => format!("{} ({})", c.card, e.deck),
                    None => format!("{} ({}): no comparison", c.card, e.deck),
                };
                rows.push((name, c.adjusted.map(|a| a.shift)));
            }
        }
        let reach = rows
            .iter()
            .filter_map(|(_, d)| d.map(|d| d.low.abs().max(d.high.abs())))
            .fold(0.0f64, f64::max);
        let reach = ((reach * 100.0 + 2.0) / 10.0).ceil().clamp(1.0, 10.0) * 10.0;
        let n = rows.len().max(1) as u32;
        let root = SVGBackend::with_string(&mut svg, (980, 90 + 22 * n)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Win rate when drawn minus not drawn, same-length games, points (95% interval)",
                (FONT, 18),
            )
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(400)
            .build_cartesian_2d(-reach..reach, (0u32..n).into_segmented())?;
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
            let Some(d) = d else {
                // No comparison: a grey mark on the zero line.
                chart.draw_series(std::iter::once(Cross::new(
                    (0.0, SegmentValue::CenterOf(i)),
                    4,
                    BLACK.mix(0.4).stroke_width(1),
                )))?;
                continue;
            };
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

/// How games ended, stacked by way, per bin of game length.
fn endings(r: &Report) -> Drawn {
    let mut svg = String::new();
    {
        let bins = &r.length.histogram;
        let ways: Vec<&super::report::Way> =
            r.endings.ways.iter().filter(|w| w.games.wins > 0).collect();
        let n = bins.len().max(1) as u32;
        let most = (0..bins.len())
            .map(|i| {
                ways.iter()
                    .map(|w| w.by_turn.get(i).copied().unwrap_or(0))
                    .sum::<u64>()
            })
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        let root = SVGBackend::with_string(&mut svg, (320 + 60 * n, 420)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("How games ended by commander turn, {} games", r.games),
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
        let mut below = vec![0u64; bins.len()];
        for (k, w) in ways.iter().enumerate() {
            let colour = Palette99::pick(k).mix(0.8);
            let series: Vec<Rectangle<_>> = (0..bins.len())
                .filter(|&i| w.by_turn.get(i).copied().unwrap_or(0) > 0)
                .map(|i| {
                    let from = below[i];
                    let to = from + w.by_turn[i];
                    below[i] = to;
                    let mut bar = Rectangle::new(
                        [
                            (SegmentValue::Exact(i as u32), from as f64),
                            (SegmentValue::Exact(i as u32 + 1), to as f64),
                        ],
                        colour.filled(),
                    );
                    bar.set_margin(0, 0, 3, 3);
                    bar
                })
                .collect();
            chart
                .draw_series(series)?
                .label(w.words.clone())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}

/// A round robin's matchups: a cell per (row, column) pairing, blue where the row wins more
/// than half, red where less, white at even, with the rate and its interval written in.
fn heat_map(r: &Report, rr: &super::report::RoundRobin) -> Drawn {
    let mut svg = String::new();
    {
        let n = r.entrants.len().max(1) as u32;
        let cell = 150u32;
        let root =
            SVGBackend::with_string(&mut svg, (260 + cell * n, 120 + 60 * n)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "Round robin: row's win rate against column, {} games (95% interval)",
                    r.games
                ),
                (FONT, 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(200)
            .build_cartesian_2d((0u32..n).into_segmented(), (0u32..n).into_segmented())?;
        let names: Vec<String> = r
            .entrants
            .iter()
            .map(|e| format!("{}. {}", e.entrant, e.deck))
            .collect();
        let label = |v: &SegmentValue<u32>, flip: bool| match v {
            SegmentValue::CenterOf(i) => {
                // The segments run one past the last deck: no name there.
                let k = if flip {
                    n.checked_sub(1 + *i)
                } else {
                    Some(*i)
                };
                k.and_then(|k| names.get(k as usize))
                    .cloned()
                    .unwrap_or_default()
            }
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("against")
            .x_label_formatter(&|v| label(v, false))
            .y_label_formatter(&|v| label(v, true))
            .draw()?;
        for (i, line) in rr.matchups.iter().enumerate() {
            for (j, m) in line.iter().enumerate() {
                // The first row at the top.
                let y = n - 1 - i as u32;
                let x = j as u32;
                let corners = [
                    (SegmentValue::Exact(x), SegmentValue::Exact(y)),
                    (SegmentValue::Exact(x + 1), SegmentValue::Exact(y + 1)),
                ];
                let Some(m) = m.filter(|m| m.games > 0) else {
                    chart.draw_series(std::iter::once(Rectangle::new(
                        corners,
                        BLACK.mix(0.1).filled(),
                    )))?;
                    continue;
                };
                let lean = ((m.rate - 0.5) * 2.0).clamp(-1.0, 1.0);
                let fade = |c: u8| (255.0 - (255.0 - f64::from(c)) * lean.abs()) as u8;
                let colour = if lean >= 0.0 {
                    RGBColor(fade(40), fade(90), fade(200))
                } else {
                    RGBColor(fade(200), fade(40), fade(40))
                };
                chart.draw_series(std::iter::once(Rectangle::new(corners, colour.filled())))?;
                chart.draw_series(std::iter::once(Text::new(
                    format!(
                        "{:.0}% [{:.0}, {:.0}]",
                        m.rate * 100.0,
                        m.low * 100.0,
                        m.high * 100.0
                    ),
                    (SegmentValue::Exact(x), SegmentValue::CenterOf(y)),
                    (FONT, 14).into_font().color(&BLACK),
                )))?;
            }
        }
        root.present()?;
    }
    Ok(svg)
}
