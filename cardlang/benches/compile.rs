//! Card compilation speed against reading the same cards' IR as JSON (issue #15).
//!
//! One run measures, side by side on the same generated pools of 1,000, 10,000 and 50,000
//! cards:
//! - `compile`: [`cardlang::compile`] over the pool's source files, the path `cardc check` and
//!   `cardc build` take (parse, lower, checks, pool-wide checks, IR);
//! - `serde_json`: `serde_json::from_str::<Vec<ir::Card>>` of those cards' compiled IR, the
//!   yardstick the issue measures the front end against.
//!
//! The pools are copies of the bundled pool (`cards/**/*.hb`, every card type, trait and
//! ability form the designers use), file by file, with every card renamed `"<name> ~<copy>"`
//! so names stay unique; the last copy is cut short at the wanted card count. Both sides see
//! exactly the cards the compiler accepted (the setup asserts the pool compiles cleanly).
//!
//! Run with `cargo bench -p cardlang --bench compile`; figures go in docs/performance.md.

use cardlang::diag::Sink;
use cardlang::ir::Card;
use cardlang::source::{read_pool, SourceFile};
use cardlang::syntax::parse_file;

fn main() {
    divan::main();
}

/// Pool sizes in cards: growth from 10,000 to 50,000 should be linear (about 5x).
const SIZES: [usize; 3] = [1_000, 10_000, 50_000];

/// A bundled file cut into the text before each card and each card's text, with the byte
/// range of the card's name (between its quotes) inside the card text.
struct Template {
    name: String,
    /// (text before the card: comments and blank lines; the card; its name's range in it).
    cards: Vec<(String, String, std::ops::Range<usize>)>,
}

fn templates() -> Vec<Template> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let files = read_pool(&dir).expect("the bundled pool is readable");
    files
        .iter()
        .map(|f| {
            let mut sink = Sink::new(f.name.clone());
            let raws = parse_file(&f.text, &mut sink);
            assert!(sink.into_diagnostics().is_empty(), "{} parses", f.name);
            let mut at = 0;
            let cards = raws
                .iter()
                .map(|raw| {
                    let before = f.text[at..raw.span.start].to_string();
                    at = raw.span.end;
                    let card = f.text[raw.span.start..raw.span.end].to_string();
                    let name = raw.name.inner_span.start - raw.span.start
                        ..raw.name.inner_span.end - raw.span.start;
                    (before, card, name)
                })
                .collect();
            Template {
                name: f.name.clone(),
                cards,
            }
        })
        .collect()
}

/// Copies of the bundled pool, file by file, until `count` cards.
fn pool(count: usize) -> Vec<SourceFile> {
    let templates = templates();
    let mut files = Vec::new();
    let mut made = 0;
    'copies: for copy in 0.. {
        for t in &templates {
            if made == count {
                break 'copies;
            }
            let mut text = String::new();
            for (before, card, name) in &t.cards {
                if made == count {
                    break;
                }
                text.push_str(before);
                text.push_str(&card[..name.end]);
                text.push_str(&format!(" ~{copy}"));
                text.push_str(&card[name.end..]);
                made += 1;
            }
            text.push('\n');
            files.push(SourceFile::new(format!("copy{copy:05}/{}", t.name), text));
        }
    }
    files
}

/// The pool's sources and its compiled IR as JSON, checked to hold `count` cards.
fn inputs(count: usize) -> (Vec<SourceFile>, String) {
    let files = pool(count);
    let comp = cardlang::compile(&files);
    assert!(
        !comp.has_errors(),
        "the generated pool compiles: {:?}",
        comp.diagnostics.first()
    );
    assert_eq!(comp.cards.len(), count);
    let json = serde_json::to_string(&comp.cards).expect("the IR serialises");
    let back: Vec<Card> = serde_json::from_str(&json).expect("the IR reads back");
    assert_eq!(back, comp.cards, "the JSON is the same cards");
    (files, json)
}

fn bytes(files: &[SourceFile]) -> usize {
    files.iter().map(|f| f.text.len()).sum()
}

/// Compile every file of the pool from source.
#[divan::bench(args = SIZES, sample_count = 10, sample_size = 1)]
fn compile(b: divan::Bencher, count: usize) {
    let (files, _) = inputs(count);
    b.counter(divan::counter::BytesCount::new(bytes(&files)))
        .bench(|| cardlang::compile(divan::black_box(&files)));
}

/// Read the same cards' checked IR back from JSON.
#[divan::bench(args = SIZES, sample_count = 10, sample_size = 1)]
fn serde_json(b: divan::Bencher, count: usize) {
    let (files, json) = inputs(count);
    // Counted in source bytes, so the two throughputs compare the same cards.
    b.counter(divan::counter::BytesCount::new(bytes(&files)))
        .bench(|| serde_json::from_str::<Vec<Card>>(divan::black_box(&json)).expect("valid"));
}
