//! `hullbreach simulate` beyond one process (issue #42): `--shard auto` read from a Kubernetes
//! Indexed Job's or a Slurm array's variables, one process per shard, merged with
//! `hullbreach simulate merge` into the report and games file of the single-process run, byte
//! for byte — for a plain run and for a `--round-robin`; and `--shard auto` refused when no
//! scheduler set its variables. The round robin's content is tested in `tests/tests/simulate.rs`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Every variable `--shard auto` reads: cleared for each process, so the test runner's own
/// environment (a CI job on Kubernetes or Slurm) cannot leak in.
const SCHEDULER: [&str; 4] = [
    "JOB_COMPLETION_INDEX",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `hullbreach --cards cards ARGS` in the repository root with exactly `vars` of the
/// scheduler's variables set.
fn hullbreach(args: &[&str], vars: &[(&str, String)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hullbreach"));
    command
        .args(["--cards", "cards"])
        .args(args)
        .current_dir(repo());
    for name in SCHEDULER {
        command.env_remove(name);
    }
    for (name, value) in vars {
        command.env(name, value);
    }
    command.output().expect("hullbreach runs")
}

fn ok(out: Output) -> Output {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A scratch directory (the scheduler's shared folder), removed on drop.
struct Shared(PathBuf);

impl Shared {
    fn new(name: &str) -> Shared {
        let dir =
            std::env::temp_dir().join(format!("hullbreach-scale-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Shared(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The run played once whole and once as `shards` processes, each told its shard by
/// `vars(k)` (k from 0) with `extra` flags; the shards' files merged. Both reports and games
/// files must be the same bytes.
fn sharded_equals_whole(
    run: &[&str],
    shards: usize,
    extra: &[&str],
    vars: &dyn Fn(usize) -> Vec<(&'static str, String)>,
) {
    let dir = Shared::new(&format!("{shards}-{}", vars(0)[0].0));
    let whole_file = dir.file("whole.jsonl");
    let mut args = run.to_vec();
    args.extend(["--out", &whole_file]);
    let whole = ok(hullbreach(&args, &[]));
    // The shard processes run at once, as a Job's pods or an array's tasks do.
    let files: Vec<String> = (0..shards)
        .map(|k| dir.file(&format!("shard-{k}.jsonl")))
        .collect();
    let children: Vec<_> = files
        .iter()
        .enumerate()
        .map(|(k, file)| {
            let mut args = run.to_vec();
            args.extend(["--shard", "auto"]);
            args.extend_from_slice(extra);
            args.extend(["--out", file]);
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let vars = vars(k);
            std::thread::spawn(move || {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                ok(hullbreach(&args, &vars))
            })
        })
        .collect();
    for child in children {
        child.join().expect("a shard process");
    }
    let merged_file = dir.file("merged.jsonl");
    let mut merge = vec!["simulate", "merge"];
    merge.extend(files.iter().rev().map(String::as_str));
    merge.extend(["--out", &merged_file]);
    let merged = ok(hullbreach(&merge, &[]));
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        String::from_utf8_lossy(&whole.stdout)
    );
    let read = |f: &str| std::fs::read(f).expect("a games file");
    assert!(
        read(&merged_file) == read(&whole_file),
        "merged games file differs"
    );
}

const PLAIN: &[&str] = &[
    "simulate",
    "--deck",
    "rdf-starter",
    "--deck",
    "colonial-starter",
    "--games",
    "9",
    "--seed",
    "11",
    "--player",
    "random",
    "--turns",
    "25",
    "--jobs",
    "1",
];

const ROUND_ROBIN: &[&str] = &[
    "simulate",
    "--round-robin",
    "--deck",
    "rdf-starter",
    "--deck",
    "colonial-starter",
    "--deck",
    "corporate-starter",
    "--games",
    "4",
    "--seed",
    "3",
    "--player",
    "random",
    "--turns",
    "25",
    "--jobs",
    "1",
];

#[test]
fn a_kubernetes_indexed_job_merges_into_the_whole_run() {
    let job = |k: usize| vec![("JOB_COMPLETION_INDEX", k.to_string())];
    sharded_equals_whole(PLAIN, 3, &["--shards", "3"], &job);
    sharded_equals_whole(ROUND_ROBIN, 4, &["--shards", "4"], &job);
}

#[test]
fn a_slurm_array_merges_into_the_whole_run() {
    // `sbatch --array=1-3`: task ids from 1, the count and the first id set by Slurm.
    let array = |k: usize| {
        vec![
            ("SLURM_ARRAY_TASK_ID", (k + 1).to_string()),
            ("SLURM_ARRAY_TASK_COUNT", "3".to_string()),
            ("SLURM_ARRAY_TASK_MIN", "1".to_string()),
        ]
    };
    sharded_equals_whole(PLAIN, 3, &[], &array);
    sharded_equals_whole(ROUND_ROBIN, 3, &[], &array);
}

#[test]
fn shard_auto_without_a_scheduler_is_refused() {
    let mut args = PLAIN.to_vec();
    args.extend(["--shard", "auto", "--shards", "3"]);
    let out = hullbreach(&args, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("neither is set") && err.contains("JOB_COMPLETION_INDEX"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no game played");
    // A Job without its count, and an index past it, are refused with what was read.
    let job = [("JOB_COMPLETION_INDEX", "3".to_string())];
    let mut no_count = PLAIN.to_vec();
    no_count.extend(["--shard", "auto"]);
    let err = String::from_utf8_lossy(&hullbreach(&no_count, &job).stderr).into_owned();
    assert!(err.contains("--shards N"), "{err}");
    let err = String::from_utf8_lossy(&hullbreach(&args, &job).stderr).into_owned();
    assert!(err.contains("shard 4 of 3"), "{err}");
    // --shards belongs to --shard auto.
    let mut fixed = PLAIN.to_vec();
    fixed.extend(["--shard", "1/3", "--shards", "3"]);
    let err = String::from_utf8_lossy(&hullbreach(&fixed, &[]).stderr).into_owned();
    assert!(err.contains("--shards N goes with --shard auto"), "{err}");
}

#[test]
fn a_round_robin_reports_every_pairing() {
    let dir = Shared::new("rr");
    let charts = dir.file("charts");
    let mut args = ROUND_ROBIN.to_vec();
    args.extend(["--format", "json", "--chart", &charts]);
    let out = ok(hullbreach(&args, &[]));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // Three decks, three pairings of four games.
    assert_eq!(v["games"], 12);
    let rr = &v["round_robin"];
    assert_eq!(rr["matchups"].as_array().map(Vec::len), Some(3));
    assert!(rr["matchups"][0][0].is_null(), "no deck plays itself");
    assert_eq!(rr["matchups"][0][1]["games"], 4);
    let ratings: Vec<f64> = rr["ratings"]
        .as_array()
        .expect("ratings")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    assert_eq!(ratings.len(), 3);
    assert!(
        ratings.iter().sum::<f64>().abs() < 1e-6,
        "centred: {ratings:?}"
    );
    let heat =
        std::fs::read_to_string(Path::new(&charts).join("round-robin.svg")).expect("the heat map");
    assert!(heat.starts_with("<svg") && heat.contains("corporate-starter"));
    // Too few decks, and a swap, are refused before a game is played.
    let err = hullbreach(&["simulate", "--round-robin", "--deck", "rdf-starter"], &[]);
    assert!(String::from_utf8_lossy(&err.stderr).contains("--round-robin takes 2 to 16 --deck"));
    let mut swap = ROUND_ROBIN.to_vec();
    swap.extend(["--swap", "Merlin-class Frigate=Merlin-class Frigate"]);
    let err = hullbreach(&swap, &[]);
    assert!(
        String::from_utf8_lossy(&err.stderr).contains("--round-robin and --swap"),
        "{}",
        String::from_utf8_lossy(&err.stderr)
    );
}

#[test]
fn play_and_replay_say_which_player_sits_in_which_seat() {
    let play = ok(hullbreach(
        &[
            "play",
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--player",
            "random",
            "--player",
            "heuristic",
            "--turns",
            "3",
            "--seed",
            "4",
        ],
        &[],
    ));
    let seats = "seat 1: rdf-starter (1), random player\n\
                 seat 2: colonial-starter (2), heuristic player\n";
    assert_eq!(String::from_utf8_lossy(&play.stderr), seats);
    let dir = Shared::new("seats");
    let games = dir.file("games.jsonl");
    ok(hullbreach(
        &[
            "simulate",
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--player",
            "random",
            "--player",
            "heuristic",
            "--games",
            "2",
            "--turns",
            "3",
            "--out",
            &games,
        ],
        &[],
    ));
    // Game 1 seats the entrants the other way round.
    let replay = ok(hullbreach(&["replay", &games, "--game", "1"], &[]));
    assert_eq!(
        String::from_utf8_lossy(&replay.stderr),
        "seat 1: colonial-starter (1), heuristic player\n\
         seat 2: rdf-starter (2), random player\n"
    );
}
