//! "Did you mean ...?": the closest known name to a misspelt one.

/// The candidate closest to `input`, if it is close enough to be a plausible typo: an exact
/// match ignoring case, spaces and dashes first, else the smallest edit distance (ignoring case)
/// within about a third of the word. Ties go to the earlier candidate, so output is stable.
pub fn suggest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    // Bound the work on a hostile value: nothing longer than this is a typo of a name.
    if input.len() > 64 {
        return None;
    }
    let wanted = norm(input);
    let lower = input.to_lowercase();
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if norm(c) == wanted {
            return Some(c);
        }
        let d = strsim::damerau_levenshtein(&lower, &c.to_lowercase());
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    let (d, c) = best?;
    let limit = (input.chars().count().max(c.chars().count()) / 3).max(1);
    (d <= limit).then_some(c)
}

/// `", did you mean `x`?"`-style help, or `None`.
pub fn did_you_mean<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    suggest(input, candidates).map(|s| format!("did you mean `{s}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let c = ["attack", "defense", "wounds", "class"];
        assert_eq!(suggest("atack", c), Some("attack"));
        assert_eq!(suggest("Defense", c), Some("defense"));
        assert_eq!(suggest("clas", c), Some("class"));
        assert_eq!(suggest("banana", c), None);
        assert_eq!(
            suggest("Module Ship", ["Module-Ship", "Ship"]),
            Some("Module-Ship")
        );
        assert_eq!(suggest(&"x".repeat(1000), c), None);
    }
}
