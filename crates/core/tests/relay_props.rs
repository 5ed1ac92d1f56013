//! Property tests of `olowuka` and `ba-awa` over random playouts and random positions, under the
//! default rules and many option combinations: seeds are conserved (captures counted), legal
//! moves agree with `check_move`, every move ends (a legal move never hangs, whatever the
//! position), a round starts with a pit per 4 captured seeds, and the notation round-trips.

use mancala_core::ba_awa::{self, BaAwa, BaAwaRules};
use mancala_core::olowuka::{Olowuka, OlowukaRules};
use mancala_core::sow::Pit;
use mancala_core::{Game, Position, RuleSet};
use proptest::prelude::*;

fn olowuka_rules(i: usize) -> OlowukaRules {
    let mut r = OlowukaRules::default();
    let set: &[(&str, &str)] = match i % 9 {
        0 => &[],
        1 => return OlowukaRules::mancalagames(),
        2 => &[("relay_on_any_occupied", "On")],
        3 => &[
            ("relay_threshold", "BeforeDrop"),
            ("relay_own_row_only", "On"),
        ],
        4 => &[("skip_origin", "Always"), ("grand_slam", "LeaveLandingPit")],
        5 => &[("skip_origin", "LapOrigin"), ("grand_slam", "Allowed")],
        6 => &[
            ("infinite_move", "EndAtDetection"),
            ("relay_on_any_occupied", "On"),
        ],
        7 => &[
            ("must_not_starve", "ElseGameEnds"),
            ("no_move_end", "MoverTakesAll"),
        ],
        _ => &[
            ("infinite_move", "Draw"),
            ("repetition", "Draw"),
            ("grand_slam", "CaptureForfeited"),
        ],
    };
    for (k, v) in set {
        r.set(k, v).unwrap();
    }
    r
}

fn ba_awa_rules(i: usize) -> BaAwaRules {
    let mut r = BaAwaRules::default();
    let set: &[(&str, &str)] = match i % 12 {
        0 => &[],
        1 => return BaAwaRules::mancalagames(),
        2 => &[("mid_capture_to", "Sower"), ("final_capture_to", "Owner")],
        3 => &[("round_end_check", "Instant")],
        4 => &[("last_eight", "Split")],
        5 => &[("last_eight", "PenultimateCapturer")],
        6 => &[("no_move", "MustFeed")],
        7 => &[("no_move", "RowHolderTakesAll")],
        8 => &[
            ("territory", "Winner"),
            ("round_starter", "LoserStarts"),
            ("last_eight", "Split"),
        ],
        9 => &[("skip_origin", "Always"), ("match_target", "12")],
        10 => &[
            ("infinite_move", "RoundEndsStarterTakes"),
            ("round_starter", "WinnerStarts"),
        ],
        _ => &[("infinite_move", "EndAtDetection"), ("max_rounds", "5")],
    };
    for (k, v) in set {
        r.set(k, v).unwrap();
    }
    r
}

/// The position of `game` reads back from its notation as itself; then `choice` picks the move
/// played.
fn reads_back_and_plays<P: Position<Move = Pit<6>>>(
    game: &mut Game<P>,
    rules: P::Rules,
    choice: u16,
) -> Result<(), TestCaseError> {
    let pos = *game.position();
    let back = P::from_notation(&pos.to_string(), rules).unwrap();
    prop_assert_eq!(back.to_string(), pos.to_string());
    prop_assert_eq!(back.key(), pos.key());
    prop_assert_eq!(
        back.legal_move_list().to_vec(),
        pos.legal_move_list().to_vec()
    );
    let legal = pos.legal_move_list();
    game.play(legal[usize::from(choice) % legal.len()]).unwrap();
    Ok(())
}

/// Checks shared by both games at every position of a playout.
fn check_position<P: Position<Move = Pit<6>>>(pos: &P, total: u32) -> Result<(), TestCaseError> {
    let board: u32 = pos.pits().iter().map(|&x| u32::from(x)).sum();
    let st = pos.stores();
    prop_assert_eq!(
        board + st[0] + st[1],
        total,
        "seeds not conserved at {}",
        pos
    );
    let legal = pos.legal_move_list();
    for i in 0..12u8 {
        prop_assert_eq!(
            pos.is_legal(Pit(i)),
            legal.contains(&Pit(i)),
            "legal list and check_move disagree on {} at {}",
            Pit::<6>(i),
            pos
        );
    }
    prop_assert_eq!(
        pos.is_over(),
        legal.is_empty(),
        "over <=> no legal move at {}",
        pos
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn olowuka_playouts(rules in 0usize..9, choices in prop::collection::vec(any::<u16>(), 1..400)) {
        let rules = olowuka_rules(rules);
        let mut game = Game::new(Olowuka::new(rules));
        for c in choices {
            let pos = *game.position();
            check_position(&pos, 48)?;
            if pos.is_over() {
                break;
            }
            reads_back_and_plays(&mut game, rules, c)?;
        }
    }

    #[test]
    fn ba_awa_playouts(rules in 0usize..12, choices in prop::collection::vec(any::<u16>(), 1..1500)) {
        let rules = ba_awa_rules(rules);
        let multiples_of_four = !matches!(rules.no_move, ba_awa::NoMove::OwnersTake | ba_awa::NoMove::MustFeed | ba_awa::NoMove::RowHolderTakesAll)
            && rules.last_eight != ba_awa::LastEight::Split
            && rules.round_end_check == ba_awa::RoundEndCheck::EndOfMove;
        let mut game = Game::new(BaAwa::new(rules));
        for c in choices {
            let pos = *game.position();
            check_position(&pos, 48)?;
            if multiples_of_four {
                prop_assert!(pos.stores().iter().all(|s| s % 4 == 0), "captures not in fours at {}", pos);
            }
            if let (Some(end), false) = (pos.round_end(), pos.is_over()) {
                let caps = [u32::from(end.captures[0]), u32::from(end.captures[1])];
                prop_assert_eq!(caps[0] + caps[1], 48);
                if multiples_of_four && pos.picks_left() == 0 {
                    prop_assert_eq!(pos.pits_owned(), [caps[0] / 4, caps[1] / 4], "owners at {}", pos);
                }
                if pos.picks_left() == 0 {
                    prop_assert_eq!(pos.to_move(), Some(pos.round_starter()), "starter at {}", pos);
                } else {
                    prop_assert_eq!(pos.to_move(), end.winner, "the winner picks at {}", pos);
                }
                prop_assert!(pos.pits().iter().all(|&p| p == 4));
                prop_assert_eq!(pos.stores(), [0, 0]);
            }
            if pos.is_over() {
                break;
            }
            reads_back_and_plays(&mut game, rules, c)?;
        }
    }

    /// Any board: every pit's move is either rejected or played to its end, with seeds conserved.
    #[test]
    fn olowuka_any_position_never_hangs(
        rules in 0usize..9,
        cuts in prop::collection::vec(0u32..=48, 11),
        north in any::<bool>(),
        store_south in 0u32..=24,
    ) {
        let rules = olowuka_rules(rules);
        let mut cuts = cuts;
        cuts.sort_unstable();
        let board_total = 48 - store_south - (48 - store_south) / 3;
        let mut pits = [0u8; 12];
        let mut prev = 0;
        for (i, pit) in pits.iter_mut().enumerate() {
            let cut = if i < 11 { cuts[i] * board_total / 48 } else { board_total };
            *pit = (cut - prev) as u8;
            prev = cut;
        }
        let stores = [store_south, 48 - store_south - board_total];
        let side = if north { mancala_core::Side::North } else { mancala_core::Side::South };
        let pos = Olowuka::from_parts(pits, stores, side, rules).unwrap();
        for i in 0..12u8 {
            let mut p = pos;
            if p.play(Pit(i)).is_ok() {
                check_position(&p, 48)?;
            }
        }
    }

    #[test]
    fn ba_awa_any_position_never_hangs(
        rules in 0usize..12,
        cuts in prop::collection::vec(0u32..=12, 11),
        owners in 1u16..0xfff,
        south_fours in 0u32..=9,
        north in any::<bool>(),
    ) {
        let rules = ba_awa_rules(rules);
        let mut cuts = cuts;
        cuts.sort_unstable();
        let board_total = 48 - 4 * south_fours - 4 * ((9 - south_fours) / 2);
        let mut pits = [0u8; 12];
        let mut prev = 0;
        for (i, pit) in pits.iter_mut().enumerate() {
            let cut = if i < 11 { cuts[i] * board_total / 12 } else { board_total };
            *pit = (cut - prev) as u8;
            prev = cut;
        }
        let captures = [4 * south_fours, 48 - 4 * south_fours - board_total];
        let owner: [mancala_core::Side; 12] = core::array::from_fn(|i| {
            if owners >> i & 1 == 1 { mancala_core::Side::North } else { mancala_core::Side::South }
        });
        let side = if north { mancala_core::Side::North } else { mancala_core::Side::South };
        let pos = BaAwa::from_parts(pits, captures, side, owner, side, 1, [0, 0], 0, rules).unwrap();
        check_position(&pos, 48)?;
        for i in 0..12u8 {
            let mut p = pos;
            if p.play(Pit(i)).is_ok() {
                check_position(&p, 48)?;
            }
        }
    }
}
