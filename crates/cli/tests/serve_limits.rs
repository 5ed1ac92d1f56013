//! `mancala serve` and the open-file limit: the soft limit is raised to the hard one at start,
//! and a cap on WebSockets above what the limit allows is refused with a clear message.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

mod common;

/// The soft and hard "Max open files" of process `pid`.
fn open_files(pid: u32) -> (String, String) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap()
        .to_string();
    let mut words = line.split_whitespace().skip(3);
    (
        words.next().unwrap().to_string(),
        words.next().unwrap().to_string(),
    )
}

#[cfg(target_os = "linux")]
#[test]
fn a_websocket_cap_above_the_open_file_limit_is_refused() {
    let mut child = common::command(&[
        "serve",
        "--memory",
        "--addr",
        "127.0.0.1:0",
        "--max-websockets",
        "1000000000",
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("mancala serve started with 1,000,000,000 WebSockets allowed");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(!status.success(), "{err}");
    assert!(err.contains("--max-websockets 1000000000"), "{err}");
    assert!(err.contains("open-file limit"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn the_soft_open_file_limit_is_raised_to_the_hard_one() {
    // Started with a soft limit of 512 (below the hard one).
    let bin = env!("CARGO_BIN_EXE_mancala");
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -Sn 512 && exec '{bin}' serve --memory --addr 127.0.0.1:0 --max-websockets 100"
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("listening on"), "{line}");
    let (soft, hard) = open_files(child.id());
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(soft, hard);
}
