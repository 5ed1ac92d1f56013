//! `generate`: the same seed gives the same puzzles, and `min_depth` leaves out the puzzles a
//! shallower search finds.

use mancala_core::variant::Variant;
use mancala_puzzles::{generate, GenerateOptions, Progress};

fn run(options: &GenerateOptions) -> (Vec<mancala_puzzles::Puzzle>, Progress) {
    let mut last = Progress::default();
    let puzzles = generate(Variant::Abapa, options, &mut |p, _| last = *p).unwrap();
    (puzzles, last)
}

#[test]
fn min_depth_keeps_only_puzzles_a_shallow_search_misses() {
    let all = GenerateOptions {
        count: 4,
        per_game: 4,
        budget: 150_000,
        ..GenerateOptions::default()
    };
    let (easy, stats) = run(&all);
    assert_eq!(easy.len(), 4);
    assert_eq!(stats.too_easy, 0);
    assert!(
        easy.iter().any(|p| p.depth < 2),
        "the first games give one-ply puzzles"
    );
    let (hard, stats) = run(&GenerateOptions {
        min_depth: 2,
        ..all
    });
    assert_eq!(hard.len(), 4);
    assert!(stats.too_easy > 0);
    assert!(hard.iter().all(|p| p.depth >= 2), "{hard:?}");
    // The shipped Abapa file was made with these options: its first puzzles are these.
    let shipped = mancala_puzzles::shipped(Variant::Abapa);
    assert_eq!(
        hard.iter().collect::<Vec<_>>(),
        shipped[..hard.len()].to_vec()
    );
}
