//! `cargo bench -p mancala-core --bench perft`: abapa perft(11) from the start position, single
//! threaded and on every core, printing nodes and nodes per second.
//!
//! Written as a plain program rather than with criterion: the figure wanted is the throughput of
//! one long, deterministic run, which also serves as a behaviour fingerprint (the node count).

use std::time::Instant;

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{perft, perft_with_history, History, Position};

fn main() {
    let depth: u32 = std::env::args()
        .filter_map(|a| a.parse().ok())
        .next()
        .unwrap_or(11);
    let start = Oware::new(OwareRules::abapa());

    let t = Instant::now();
    let nodes = perft(&start, depth);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "abapa perft({depth}) = {nodes}  1 thread:  {secs:.3} s  {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );

    // Every core: the subtrees after the first two plies, shared out to scoped threads.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut tasks = Vec::new();
    let history = History::new(start.key());
    for &a in start.legal_move_list().iter() {
        let mut h = history.clone();
        let mut p = start;
        if let (_, Some(_)) = mancala_core::advance(&mut p, a, &mut h) {
            for &b in p.legal_move_list().iter() {
                let mut h2 = h.clone();
                let mut q = p;
                if let (_, Some(_)) = mancala_core::advance(&mut q, b, &mut h2) {
                    tasks.push((q, h2));
                }
            }
        }
    }
    let t = Instant::now();
    let chunks: Vec<Vec<(Oware, History<u128>)>> = (0..threads)
        .map(|i| tasks.iter().skip(i).step_by(threads).cloned().collect())
        .collect();
    let total: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .into_iter()
                        .map(|(p, mut h)| perft_with_history(&p, depth - 2, &mut h))
                        .sum::<u64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker")).sum()
    });
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(total, nodes, "parallel and serial perft disagree");
    println!(
        "abapa perft({depth}) = {total}  {threads} threads: {secs:.3} s  {:.1} M nodes/s",
        total as f64 / secs / 1e6
    );
}
