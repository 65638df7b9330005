//! Walks a program's `-h` screens, subcommand by subcommand, and lists every argument that has
//! no description (issue #43): `cardc/tests/cli.rs` and `engine/tests/cli.rs` run it on `cardc`
//! and `hullbreach`. In `-h`, clap prints each argument on one line, its description after the
//! argument's spelling; a line with nothing after the spelling but `[default: …]` or
//! `[possible values: …]` is an argument without one.

#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

fn help(exe: &Path, path: &[String]) -> String {
    let out = Command::new(exe)
        .args(path)
        .arg("-h")
        .env("COLUMNS", "200")
        .output()
        .expect("the program runs");
    assert_eq!(out.status.code(), Some(0), "{path:?} -h");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `(section, line)` for every argument or subcommand line of a help screen.
fn entries(text: &str) -> Vec<(String, String)> {
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            section = line.trim_end_matches(':').to_string();
        } else {
            // An entry is indented 2 (or 6: a long flag under `-s, --long`); a description's
            // continuation lines are indented to the description's column, further.
            let rest = line.trim_start();
            let indent = line.len() - rest.len();
            let entry = match section.as_str() {
                "Commands" => indent == 2,
                "Usage" | "" => false,
                _ => indent <= 6 && rest.starts_with(['-', '<', '[']),
            };
            if entry {
                out.push((section.clone(), rest.to_string()));
            }
        }
    }
    out
}

/// What follows an argument's spelling (`-o, --output <OUTPUT>`, `[DIR]`, `<FILES>...`).
fn description(entry: &str) -> &str {
    entry.split_once("  ").map_or("", |(_, d)| d.trim())
}

/// Every argument without a description, as `program sub --flag`, walking every subcommand.
pub fn undescribed(exe: &Path, program: &str) -> Vec<String> {
    let mut missing = Vec::new();
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    let mut seen = 0;
    while let Some(path) = queue.pop() {
        seen += 1;
        for (section, entry) in entries(&help(exe, &path)) {
            let said = description(&entry);
            let name = entry.split("  ").next().unwrap_or("").trim().to_string();
            if section == "Commands" {
                if name != "help" {
                    let mut sub = path.clone();
                    sub.push(name);
                    queue.push(sub);
                }
                continue;
            }
            if said.is_empty() || said.starts_with("[default") || said.starts_with("[possible") {
                missing.push(format!("{program} {} {name}", path.join(" ")));
            }
        }
    }
    assert!(seen > 1, "{program} has subcommands to walk");
    missing
}
