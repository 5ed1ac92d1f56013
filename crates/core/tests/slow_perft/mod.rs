//! Perft written once for the slow reference simulators (`reference/`, `isolo_ref/`): the
//! sequences of `depth` legal moves, a game that is over having none.

/// Counts the sequences of `depth` legal moves from `game` (rules.md perft convention), with
/// `legal` listing a game's legal moves (none once it is over) and `play` playing one.
pub fn perft<G: Clone, M>(
    game: &G,
    depth: u32,
    legal: &impl Fn(&G) -> Vec<M>,
    play: &impl Fn(&mut G, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(game);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = game.clone();
            play(&mut child, m);
            perft(&child, depth - 1, legal, play)
        })
        .sum()
}
