//! TRF16: written and read back, errors with their line and column, and no panic on any input.

use mancala_tournament::{trf, ByeKind, Color, Format, GameResult, Tournament};
use proptest::prelude::*;

/// A small Swiss with every kind of entry: games, a draw, forfeits, a pairing-allocated bye, a
/// requested half-point bye, a late entry and a withdrawal.
fn sample() -> Tournament {
    let mut t = Tournament::new("Club night", Format::Swiss, 4);
    for (name, rating) in [
        ("Ama", 1800),
        ("Kofi", 1750),
        ("Esi", 1600),
        ("Yaw", 1500),
        ("Efua", 1400),
    ] {
        t.add_player(name, rating);
    }
    let results = [
        GameResult::SouthWins,
        GameResult::Draw,
        GameResult::NorthWinsByForfeit,
    ];
    for r in 1..=3u32 {
        if r == 2 {
            t.add_player("Kwame", 1300);
            t.request_bye(3, ByeKind::Half).unwrap();
        }
        if r == 3 {
            t.withdraw(5).unwrap();
        }
        let boards = t.pair_next_round().unwrap().pairings.len() as u32;
        for b in 1..=boards {
            t.set_result(r, b, Some(results[((r + b) % 3) as usize]))
                .unwrap();
        }
    }
    t
}

fn normalised(t: &Tournament) -> Vec<Vec<(u32, u32, Option<GameResult>)>> {
    t.rounds
        .iter()
        .map(|r| {
            let mut v: Vec<_> = r
                .pairings
                .iter()
                .map(|p| (p.south, p.north, p.result))
                .collect();
            v.sort_by_key(|x| (x.0, x.1));
            v
        })
        .collect()
}

#[test]
fn a_tournament_survives_writing_and_reading() {
    let t = sample();
    let text = trf::write(&t);
    let back = trf::read(&text).unwrap();
    assert_eq!(back.name, t.name);
    assert_eq!(back.planned_rounds, 4);
    assert_eq!(back.initial_color, Color::White);
    assert_eq!(back.players.len(), t.players.len());
    for (a, b) in back.players.iter().zip(&t.players) {
        assert_eq!(
            (a.start_number, &a.name, a.rating),
            (b.start_number, &b.name, b.rating)
        );
    }
    assert_eq!(normalised(&back), normalised(&t));
    assert_eq!(back.points(), t.points());
    // The withdrawn player is marked out of the next round.
    assert_eq!(back.requested_byes.len(), 1);
    assert_eq!(back.requested_byes[0].player, 5);
    // Writing again gives the same text.
    assert_eq!(trf::write(&back), text);
}

#[test]
fn player_lines_have_fixed_columns() {
    let text = trf::write(&sample());
    let line = text.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert_eq!(&line[14..17], "Ama");
    assert_eq!(&line[48..52], "1800");
    // Round 1 block: columns 92-99.
    let block: Vec<char> = line[91..99].chars().collect();
    assert!(
        block[..4]
            .iter()
            .collect::<String>()
            .trim()
            .parse::<u32>()
            .is_ok(),
        "{block:?}"
    );
    assert!(matches!(block[5], 'w' | 'b'), "{block:?}");
    assert!("10=+-".contains(block[7]), "{block:?}");
}

#[test]
fn without_xxc_the_first_round_gives_the_initial_colour() {
    let text = "012 Test\nXXR 3\n\
001    1      A                                 2000                             1.0    1     2 b 1\n\
001    2      B                                 1900                             0.0    2     1 w 0\n";
    let t = trf::read(text).unwrap();
    assert_eq!(t.initial_color, Color::Black);
    assert_eq!(t.rounds.len(), 1);
    assert_eq!(t.rounds[0].pairings[0].south, 2);
    assert_eq!(t.rounds[0].pairings[0].result, Some(GameResult::NorthWins));
}

#[test]
fn errors_say_where() {
    let bad_opponent = "012 T\n001    1      A                                 2000                             1.0    1     7 w 1\n";
    let e = trf::read(bad_opponent).unwrap_err();
    assert_eq!((e.line, e.column), (2, 92));
    assert!(e.message.contains("no player has start number 7"), "{e}");

    let not_back = "012 T\n\
001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2  0000 - U\n";
    let e = trf::read(not_back).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("does not name 1"), "{e}");

    let bad_number = "001   x1      A\n";
    let e = trf::read(bad_number).unwrap_err();
    assert_eq!((e.line, e.column), (1, 5));

    let gap = "001    1      A\n001    3      C\n";
    let e = trf::read(gap).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("2 is missing"), "{e}");

    let e = trf::read("XXR many\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 5));

    let same_colour = "012 T\n\
001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2     1 w 0\n";
    let e = trf::read(same_colour).unwrap_err();
    assert!(e.message.contains("same colour"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_reader_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = trf::read_bytes(&bytes);
    }

    #[test]
    fn the_reader_never_panics_on_near_valid_lines(
        lines in proptest::collection::vec(
            (0usize..4, 0u32..12, proptest::collection::vec((0u32..14, "[wb\\- ]", "[10=+\\-UHFZWDL ]"), 0..6)),
            0..10,
        )
    ) {
        let mut text = String::new();
        for (kind, n, blocks) in lines {
            match kind {
                0 => text.push_str(&format!("XXR {n}\n")),
                1 => text.push_str("XXC black1\n"),
                _ => {
                    let mut l = format!("001 {n:>4}      Name{n:<29} 1500{:<37}", "");
                    for (o, c, r) in blocks {
                        l.push_str(&format!("  {o:>4} {c} {r}"));
                    }
                    text.push_str(&l);
                    text.push('\n');
                }
            }
        }
        if let Ok(t) = trf::read(&text) {
            // What was read can be written and read again.
            let again = trf::read(&trf::write(&t));
            prop_assert!(again.is_ok(), "{:?}", again);
        }
    }
}

#[test]
fn the_points_column_counts_a_requested_bye_for_the_next_round() {
    // Pairing programs check each line's points against its entries, the next round's
    // requested bye included.
    let mut t = Tournament::new("Byes", Format::Swiss, 3);
    for name in ["A", "B", "C", "D"] {
        t.add_player(name, 1500);
    }
    t.pair_next_round().unwrap();
    t.set_result(1, 1, Some(GameResult::SouthWins)).unwrap();
    t.set_result(1, 2, Some(GameResult::Draw)).unwrap();
    t.request_bye(1, ByeKind::Half).unwrap();
    t.request_bye(4, ByeKind::Zero).unwrap();
    let text = trf::write(&t);
    let line = |n: u32| {
        text.lines()
            .find(|l| l.starts_with(&format!("001 {n:>4}")))
            .unwrap()
            .to_string()
    };
    // 1 beat 3 and has a half-point bye next: 1.5; 4 drew and has a zero-point bye: 0.5.
    assert_eq!(&line(1)[80..84], " 1.5");
    assert!(line(1).ends_with("0000 - H"), "{}", line(1));
    assert_eq!(&line(4)[80..84], " 0.5");
    assert_eq!(&line(3)[80..84], " 0.0");
    // Read back, the bye is the next round's request and the points are the games'.
    let back = trf::read(&text).unwrap();
    assert_eq!(back.points()[1], 1.0);
    assert_eq!(back.requested_byes.len(), 2);
}
