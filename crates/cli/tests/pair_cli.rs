//! `mancala pair`: the next round of a TRF16 file, printed as pairing programs print it, and
//! errors that name the file and line.

mod common;

const ROUND_ONE: &str = "012 Club night
XXR 3
001    1      Ama                               1800                             1.0    1     4 w 1
001    2      Kofi                              1750                             0.5    2     5 b =
001    3      Esi                               1600                             1.0    3  0000 - U
001    4      Yaw                               1500                             0.0    4     1 b 0
001    5      Efua                              1400                             0.5    5     2 w =
";

#[test]
fn dutch_prints_the_number_of_pairs_then_the_pairs_and_the_bye() {
    let dir = common::TempDir::new("pair-dutch");
    let path = dir.join("club.trf");
    std::fs::write(&path, ROUND_ONE).unwrap();
    let (ok, out, err) = common::run(&["pair", "--dutch", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "3", "{out}");
    assert_eq!(lines.len(), 4, "{out}");
    // 1 and 3 lead with a point and have not met; 3 had the bye, so the bye goes elsewhere.
    let pairs: Vec<(u32, u32)> = lines[1..]
        .iter()
        .map(|l| {
            let (a, b) = l.split_once(' ').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    assert!(pairs.contains(&(3, 1)) || pairs.contains(&(1, 3)), "{out}");
    let bye = pairs.iter().find(|p| p.1 == 0).unwrap().0;
    assert_ne!(bye, 3, "no second bye");
    let mut seen: Vec<u32> = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .filter(|&x| x > 0)
        .collect();
    seen.sort();
    assert_eq!(seen, vec![1, 2, 3, 4, 5]);
}

#[test]
fn round_robin_prints_the_berger_round() {
    let dir = common::TempDir::new("pair-rr");
    let path = dir.join("rr.trf");
    let text = "012 RR\n\
001    1      A                                 2000                             1.0    1     4 w 1\n\
001    2      B                                 1900                             0.5    2     3 w =\n\
001    3      C                                 1800                             0.5    3     2 b =\n\
001    4      D                                 1700                             0.0    4     1 b 0\n";
    std::fs::write(&path, text).unwrap();
    let (ok, out, err) = common::run(&["pair", "--round-robin", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    // Berger, 4 players, round 2: 4-3, 1-2.
    assert_eq!(out, "2\n4 3\n1 2\n");
}

#[test]
fn errors_name_the_file_and_line_and_exit_2() {
    let dir = common::TempDir::new("pair-bad");
    let path = dir.join("bad.trf");
    std::fs::write(&path, "012 x\n001    1      A                                 2000                             1.0    1     9 w 1\n").unwrap();
    let out = common::mancala(&["pair", "--dutch", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!("mancala: {}:2: ", path.display())),
        "{err}"
    );
    assert!(err.contains("no player has start number 9"), "{err}");
    let out = common::mancala(&["pair", "--dutch", dir.join("missing.trf").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn standings_rank_by_points_and_the_fide_tie_breaks() {
    let dir = common::TempDir::new("standings");
    let path = dir.join("club.trf");
    std::fs::write(&path, ROUND_ONE).unwrap();
    let (ok, out, err) = common::run(&["standings", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("buchholz_cut1  buchholz  sonneborn_berger"),
        "{out}"
    );
    // Esi (3, the bye) and Ama (1, a win over Yaw, who has 0) both have a point: the bye
    // counts against a dummy opponent with Esi's own point, so Esi's Buchholz is higher.
    // Kofi and Efua drew with each other: equal on everything, they share third place.
    let ranks: Vec<(u32, u32)> = lines[1..]
        .iter()
        .map(|l| {
            let mut w = l.split_whitespace();
            (
                w.next().unwrap().parse().unwrap(),
                w.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(ranks, vec![(1, 3), (2, 1), (3, 2), (3, 5), (5, 4)], "{out}");
    assert!(
        lines[1].contains("Esi") && lines[1].contains("1.0"),
        "{out}"
    );
    let (ok, _, err) = common::run(&["standings", dir.join("missing.trf").to_str().unwrap()]);
    assert!(!ok && err.contains("missing.trf"), "{err}");
}
