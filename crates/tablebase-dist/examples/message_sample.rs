//! Writes the messages the workers of a distributed Awari build send each other in the
//! largest rounds of one level, as they go on the wire, to measure what compressing them
//! would gain (docs/distributed-tables.md, "Compressing the messages").
//!
//! ```sh
//! mancala tb build awari --seeds 12 --dir /tmp/awari      # the lower levels' values
//! cargo run --release -p mancala-tablebase-dist --example message_sample -- /tmp/awari 12 4 /tmp/out
//! ```
//!
//! For level `N` shared by `W` workers it writes, into `OUT`, `requests.bin` (the moves
//! stage's capture requests), `answers.bin` (their answers) and `bounds.bin` (the first round
//! of the fixpoint): every message one worker sends another, 12 bytes each (three
//! little-endian `u32`, as bincode encodes them), grouped by sender and then destination in
//! the order they are made. It prints the messages and bytes of each.

use std::io::Write;
use std::path::PathBuf;

use mancala_core::oware::{GrandSlam, SkipOrigin};
use mancala_tablebase::exact::{entry_value, exact_moves, play_rules, predecessors, ExactMove};
use mancala_tablebase::index::{next_board, positions, unrank};
use mancala_tablebase::{file, rules};

fn start(size: u64, peers: u64, w: u64) -> u64 {
    (u128::from(size) * u128::from(w) / u128::from(peers)) as u64
}

fn owner(size: u64, peers: u64, x: u64) -> u64 {
    (0..peers)
        .rev()
        .find(|&w| start(size, peers, w) <= x)
        .unwrap_or(0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, n, peers, out] = args.as_slice() else {
        return Err("usage: message_sample DIR SEEDS WORKERS OUT".into());
    };
    let (dir, out) = (PathBuf::from(dir), PathBuf::from(out));
    let (n, peers): (u32, u64) = (n.parse()?, peers.parse()?);
    if peers == 0 || n == 0 {
        return Err("SEEDS and WORKERS must be at least 1".into());
    }
    let (_, table_rules) = rules::preset_rules("awari")?;
    let rules = play_rules(&table_rules);
    let lower: Vec<Vec<u8>> = (0..n)
        .map(|m| file::read(&file::path_in(&dir, "awari", m)).map(|(_, e)| e))
        .collect::<Result<_, _>>()?;
    let size = positions(n);
    // Per sender and destination: the messages of each stage.
    let cell = || vec![vec![Vec::<u8>::new(); peers as usize]; peers as usize];
    let (mut requests, mut answers, mut bounds) = (cell(), cell(), cell());
    let push = |to: &mut Vec<Vec<Vec<u8>>>, from: u64, dest: u64, m: [u32; 3]| {
        if from != dest {
            for w in m {
                to[from as usize][dest as usize].extend_from_slice(&w.to_le_bytes());
            }
        }
    };
    let skip = rules.skip_origin == SkipOrigin::Always;
    let landing = rules.grand_slam == GrandSlam::NoStarving;
    let mut board = unrank(n, 0).ok_or("no board")?;
    let mut played = [(0, ExactMove::End(0)); 6];
    for x in 0..size {
        if x > 0 {
            next_board(&mut board);
        }
        let me = owner(size, peers, x);
        let (mut end, mut stays) = (0u32, false);
        let k = exact_moves(board, n, &rules, &mut played);
        for &(_, mv) in &played[..k] {
            match mv {
                ExactMove::End(v) => end = end.max(v),
                ExactMove::Same(_) => stays = true,
                ExactMove::Capture { seeds, index } => {
                    let to = owner(positions(seeds), peers, index);
                    push(
                        &mut requests,
                        me,
                        to,
                        [to as u32 | seeds << 24, index as u32, x as u32],
                    );
                    let v = entry_value(lower[seeds as usize][index as usize]);
                    push(&mut answers, to, me, [me as u32 | 1 << 16, x as u32, v]);
                    end = end.max(2 * n - v);
                }
            }
        }
        let hi = if stays { 2 * n } else { end };
        if (end, hi) != (0, 2 * n) {
            predecessors(&board, skip, landing, |parent, pit, _| {
                let to = owner(size, peers, parent);
                let head = to as u32 | 2 << 16 | (pit as u32) << 24;
                push(&mut bounds, me, to, [head, parent as u32, end | hi << 8]);
            });
        }
    }
    std::fs::create_dir_all(&out)?;
    for (name, stage) in [
        ("requests", requests),
        ("answers", answers),
        ("bounds", bounds),
    ] {
        let mut f =
            std::io::BufWriter::new(std::fs::File::create(out.join(format!("{name}.bin")))?);
        let mut bytes = 0;
        for row in &stage {
            for batch in row {
                f.write_all(batch)?;
                bytes += batch.len();
            }
        }
        f.flush()?;
        println!("{name}: {} messages, {bytes} bytes", bytes / 12);
    }
    Ok(())
}
