//! End-to-end tests of `mancala show` and `mancala record`, through the real binary.

use std::path::PathBuf;
use std::process::Output;

mod common;
use common::mancala;

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-records-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p
}

const GAME: &str = "[Variant \"abapa\"]\n[Event \"club\"]\n\n{ opening } 1. C f 2. B { natural } b ( 2... a 3. D ( 3. E { deep } ) ) 3. A *\n";

#[test]
fn show_prints_a_diagram() {
    let o = mancala(&[
        "show",
        "0-0-0-0-0-1-2-4-4-4-4-4-12-13-N",
        "--variant",
        "abapa",
    ]);
    assert!(o.status.success());
    let t = text(&o);
    assert!(t.contains(">N  13 |  4 |  4 |  4 |  4 |  4 |  2 |"), "{t}");
    assert!(t.contains("north to move; legal: a b c d e f"), "{t}");
    let o = mancala(&["show", "1-2-3", "--variant", "abapa"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("bad position"));
}

#[test]
fn validate_replay_and_convert() {
    let p = temp("g.mgn", GAME);
    let p = p.to_str().unwrap();
    let o = mancala(&["record", "validate", p]);
    assert!(o.status.success(), "{o:?}");
    assert!(
        text(&o).contains("ok, abapa 5 moves (3 in variations)"),
        "{}",
        text(&o)
    );

    let o = mancala(&["record", "replay", p]);
    assert!(
        text(&o).contains("abapa  0-1-3-8-7-7-6-0-5-5-5-1-0-0-N"),
        "{}",
        text(&o)
    );

    // ours -> JSON -> ours keeps everything; -> .ogn keeps the main line.
    let json = text(&mancala(&["record", "convert", p, "--to", "json"]));
    let j = temp("g.json", &json);
    let back = text(&mancala(&["record", "convert", j.to_str().unwrap()]));
    assert!(back.contains("(2... a 3. D (3. E { deep }))"), "{back}");
    let ogn = text(&mancala(&["record", "convert", p, "--to", "ogn"]));
    assert!(
        ogn.starts_with("[Variant \"Oware Abapa\"]\n[Event \"club\"]\n[Site \"?\"]"),
        "{ogn}"
    );
    assert!(!ogn.contains('('), "{ogn}");
    let o = temp("g.ogn", &ogn);
    let v = mancala(&["record", "validate", o.to_str().unwrap()]);
    assert!(v.status.success() && text(&v).contains("abapa 5 moves (0 in variations)"));
}

#[test]
fn bad_records_say_line_and_column() {
    let p = temp("bad.mgn", "[Variant \"oware\"]\n1. A b\n2. A *\n");
    let o = mancala(&["record", "validate", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("line 3, column 4: illegal move A: empty pit"),
        "{err}"
    );
    let p = temp("bad2.mgn", "1. A { never closed");
    let o = mancala(&["record", "replay", p.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("line 1, column 20: expected '}' to close the comment"),
        "{err}"
    );
}
