//! The perft ladders of `data/relay_perft.txt`, through the variant API (deep ones in release).

use mancala_core::variant::Variant;

const LADDERS: &str = include_str!("data/relay_perft.txt");

#[test]
fn perft_ladders() {
    let max = if cfg!(debug_assertions) { 6 } else { 8 };
    let mut checked = 0;
    for line in LADDERS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let position = (f[1] != "start").then_some(f[1]);
        let game = Variant::from_name(f[0])
            .unwrap()
            .new_game(&[], position)
            .unwrap();
        for pair in f[2].split(',') {
            let (d, n) = pair.trim().split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            if d <= max {
                assert_eq!(game.perft(d), n, "{} depth {d}", f[0]);
                checked += 1;
            }
        }
    }
    assert!(checked >= 12);
}
