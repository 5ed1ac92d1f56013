//! The commands take their arguments in the same shapes: a preset then a position, positional
//! or `--position`; a table directory as `--dir`; rule options as `--rule NAME=VALUE`.

mod common;

use common::TempDir;

#[test]
fn show_takes_a_position_a_preset_or_both() {
    let pos = "0-0-0-0-2-1-1-0-0-0-0-1-22-21-S";
    let (ok, flag, err) = common::run(&["show", "--variant", "abapa", pos]);
    assert!(ok, "{err}");
    let (ok, both, err) = common::run(&["show", "abapa", pos]);
    assert!(ok, "{err}");
    assert_eq!(both, flag);
    assert!(both.starts_with("abapa  "), "{both}");
    let (ok, alone, err) = common::run(&["show", pos]);
    assert!(ok, "{err}");
    assert!(alone.starts_with("oware  "), "{alone}");
    let (ok, start, err) = common::run(&["show", "isolo"]);
    assert!(ok, "{err}");
    assert!(start.starts_with("isolo  "), "{start}");
    common::refused(&["show", "wuri", "--variant", "abapa", pos], "two presets");
}

#[test]
fn tb_probe_takes_the_position_positional_or_as_an_option_and_tb_info_a_directory() {
    let dir = TempDir::new("arg-shapes");
    let d = dir.path().to_str().unwrap();
    common::succeed(&["tb", "build", "awari", "--seeds", "3", "--dir", d]);
    let pos = "0-0-0-0-0-1-0-1-1-0-0-0-23-22-S";
    let (ok, flag, err) = common::run(&["tb", "probe", "awari", "--position", pos, "--dir", d]);
    assert!(ok, "{err}");
    let (ok, positional, err) = common::run(&["tb", "probe", "awari", pos, "--dir", d]);
    assert!(ok, "{err}");
    assert_eq!(positional, flag);
    common::refused(&["tb", "probe", "awari", "--dir", d], "POSITION");
    // tb info --dir: every table file of the directory.
    let (ok, out, err) = common::run(&["tb", "info", "--dir", d]);
    assert!(ok, "{err}");
    for n in 0..=3 {
        assert!(out.contains(&format!("awari-{n:02}.tb")), "{out}");
    }
    let (ok, one, err) = common::run(&["tb", "info", dir.join("awari-02.tb").to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains(&one), "{out}\n{one}");
}

#[test]
fn tb_build_takes_rule_options_that_leave_the_table_as_it_is() {
    let dir = TempDir::new("arg-shapes-rule");
    let d = dir.path().to_str().unwrap();
    common::succeed(&[
        "tb",
        "build",
        "abapa",
        "--seeds",
        "2",
        "--dir",
        d,
        "--rule",
        "draw_at_half=false",
    ]);
    assert!(dir.join("abapa-02.tb").exists());
    common::refused(
        &[
            "tb",
            "build",
            "abapa",
            "--seeds",
            "2",
            "--dir",
            d,
            "--rule",
            "grand_slam=Allowed",
        ],
        "a table holds abapa's own rules",
    );
}
