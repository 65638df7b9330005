//! Command-line arguments (clap derive). Defaults are documented in docs/cardc.md.

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
pub use engine::diagnostics::MessageFormat;
pub use engine::pool_args::PoolArgs;

/// The Hull Breach! card compiler: builds the card database and validates decks.
#[derive(Debug, Parser)]
#[command(name = "cardc", version, about, long_about = None)]
pub struct Cli {
    /// How diagnostics are printed on stderr.
    #[arg(long, value_enum, default_value_t = MessageFormat::Human, global = true)]
    pub message_format: MessageFormat,

    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The command line as `cardc` parses it: [`Cli`]'s, less what a subcommand would offer
    /// without meaning (the language server prints no diagnostics on stderr, so `lsp --help`
    /// leaves out the global `--message-format`). A subcommand that has an argument of a
    /// global's id keeps its own, so `lsp` gets a hidden one of the same type.
    pub fn command_line() -> clap::Command {
        Cli::command().mut_subcommand("lsp", |lsp| {
            lsp.arg(
                clap::Arg::new("message_format")
                    .long("message-format")
                    .hide(true)
                    .value_parser(clap::builder::EnumValueParser::<MessageFormat>::new()),
            )
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compile the card pool into a database file and check the decks under DIR/decks/.
    Build {
        /// The card pool directory [default: cards].
        dir: Option<PathBuf>,
        /// The card pool directory, as every command names it (the same as DIR).
        #[arg(
            long = "cards",
            value_name = "DIR",
            visible_alias = "pool",
            conflicts_with = "dir"
        )]
        cards: Option<PathBuf>,
        /// Where to write the database.
        #[arg(short, long, default_value = "hullbreach.hbdb")]
        output: PathBuf,
        /// Keep running: rebuild on every change to the pool, printing only what changed.
        #[arg(long)]
        watch: bool,
    },
    /// Compile the card pool and check the decks under DIR/decks/, writing nothing.
    Check {
        /// The card pool directory, or one card file (`*.hb`; `-`: one card file on standard
        /// input) [default: cards].
        dir: Option<PathBuf>,
        /// The card pool directory, as every command names it (the same as DIR).
        #[arg(
            long = "cards",
            value_name = "DIR",
            visible_alias = "pool",
            conflicts_with = "dir"
        )]
        cards: Option<PathBuf>,
        /// Keep running: re-check on every change to the pool, printing only what changed.
        #[arg(long)]
        watch: bool,
    },
    /// Lay out card files in the one canonical layout (field order, indentation, spacing, trait
    /// order), keeping comments; a file with any error is reported and left alone.
    Fmt {
        /// Card files or directories (searched recursively for `*.hb`, skipping `decks/`); `-`
        /// alone: standard input, formatted to standard output.
        #[arg(default_value = "cards")]
        paths: Vec<PathBuf>,
        /// The card pool directory, as every command names it (the same as one PATH).
        #[arg(
            long = "cards",
            value_name = "DIR",
            visible_alias = "pool",
            conflicts_with = "paths"
        )]
        cards: Option<PathBuf>,
        /// Change nothing: list the files that are not formatted and exit 1 if there are any.
        #[arg(long)]
        check: bool,
    },
    /// Serve the Language Server Protocol on stdin/stdout for `*.hb` files and decklists
    /// (docs/editor.md).
    Lsp {
        /// Check open decklists as every Commander has agreed to Prototype cards (§8.8), as
        /// `cardc deck check --allow-prototypes` does.
        #[arg(long)]
        allow_prototypes: bool,
    },
    /// Decklist commands.
    #[command(subcommand)]
    Deck(DeckCommand),
    /// Draw card faces as SVG from the compiled pool (docs/render.md): one file per card and a
    /// shared back, laid out by a theme, text fitted with the bundled font.
    Render(RenderArgs),
    /// Show a card as the engine reads it: attributes, abilities in canonical English, and the
    /// base rules it overrides (§8.1). Or, given a diagnostic code (`cardc explain HB0417`),
    /// its long explanation: what it means, a wrong example, the fix.
    Explain {
        /// The card's printed name (exact; a near miss gets a suggestion), or a diagnostic code
        /// (`HB` and four digits).
        #[arg(required_unless_present = "code")]
        name: Option<String>,
        /// Explain this diagnostic code, whatever the pool holds.
        #[arg(long, value_name = "HBxxxx", conflicts_with = "name")]
        code: Option<String>,
        #[command(flatten)]
        pool: PoolArgs,
    },
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The card pool directory [default: cards].
    pub dir: Option<PathBuf>,
    /// The card pool directory, as every command names it (the same as DIR).
    #[arg(
        long = "cards",
        value_name = "DIR",
        visible_alias = "pool",
        conflicts_with = "dir"
    )]
    pub cards: Option<PathBuf>,
    /// The directory to write the SVG files into (created if missing).
    #[arg(long = "out-dir", value_name = "DIR", required_unless_present_any = ["tts", "pdf"])]
    pub out: Option<PathBuf>,
    /// Only these cards (printed names, exact).
    #[arg(long = "names", value_name = "NAME", num_args = 1..)]
    pub names: Vec<String>,
    /// Only the cards of this decklist, each once.
    #[arg(long)]
    pub deck: Option<PathBuf>,
    /// The rules text on the face: the card's printed `text:` (the generated words when it has
    /// none), always the generated words of `cardc explain`, or those words without their
    /// rulebook citations (`plain`, for a face meant for play).
    #[arg(long, value_enum, default_value_t = RulesText::Printed)]
    pub text: RulesText,
    /// A theme file (colours, font sizes, boxes); the shipped one otherwise.
    #[arg(long)]
    pub theme: Option<PathBuf>,
    /// Also write each face as a PNG, drawn with the bundled fonts.
    #[arg(long)]
    pub png: bool,
    /// The PNG resolution in dots per inch (30 to 1200); only with `--png` (the PDF is vector
    /// and the Tabletop Simulator sheets have a fixed size, so it is refused without it).
    #[arg(long, default_value_t = 300, requires = "png")]
    pub dpi: u32,
    /// Write a Tabletop Simulator deck of `--deck` into this directory: face sheets, the back
    /// and `deck.json` to put in the simulator's Saved Objects.
    #[arg(long, requires = "deck")]
    pub tts: Option<PathBuf>,
    /// Where the sheets will be uploaded (an address ending in `/`); local `file://` paths
    /// otherwise.
    #[arg(long, requires = "tts")]
    pub tts_url: Option<String>,
    /// Write print-and-play sheets to this PDF: 3 x 3 cards a page with crop marks, each page
    /// of faces followed by its mirrored page of backs for duplex printing.
    #[arg(long)]
    pub pdf: Option<PathBuf>,
    /// The paper of `--pdf`.
    #[arg(long, value_enum, default_value_t = PaperSize::A4)]
    pub paper: PaperSize,
    /// Bleed around each card in `--pdf`, in millimetres (0 to 2).
    #[arg(long, default_value_t = 0.0)]
    pub bleed: f32,
}

impl RenderArgs {
    /// The card pool directory: `--cards DIR`, DIR, or `cards`.
    pub fn pool_dir(&self) -> PathBuf {
        pool_dir(&self.dir, &self.cards)
    }
}

/// The card pool directory of a command that takes it as DIR or `--cards DIR` (the two
/// conflict), `cards` when neither is given.
pub fn pool_dir(dir: &Option<PathBuf>, cards: &Option<PathBuf>) -> PathBuf {
    cards
        .clone()
        .or_else(|| dir.clone())
        .unwrap_or_else(|| PathBuf::from("cards"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperSize {
    A4,
    Letter,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesText {
    Printed,
    Generated,
    Plain,
}

#[derive(Debug, Subcommand)]
pub enum DeckCommand {
    /// Validate decklists against a card pool.
    Check(DeckCheckArgs),
}

#[derive(Debug, Args)]
pub struct DeckCheckArgs {
    /// Decklist files (`N Card Name` per line; `-`: standard input).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub pool: PoolArgs,
    /// Every Commander has agreed to Prototype cards (§8.8).
    #[arg(long)]
    pub allow_prototypes: bool,
}
