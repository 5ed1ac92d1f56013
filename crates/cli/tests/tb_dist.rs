//! `mancala tb build --workers`: the builders on timely dataflow write the single-process
//! builders' files byte for byte (Awari's exact tables and Abapa's graded ones), with one
//! worker, four threads and four processes on loopback, and an Awari and an Abapa build whose
//! process was killed resume after the last level finished.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

mod common;
use common::{command, mancala, refused};

/// The levels built: 0 to 12 seeds (2.7 million boards).
const SEEDS: &str = "12";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-tbdist-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every file of `dir`, by name, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().to_string(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    all.sort();
    all
}

fn assert_same_files(dir: &Path, reference: &[(String, Vec<u8>)]) {
    let got = files(dir);
    let names = |f: &[(String, Vec<u8>)]| f.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&got), names(reference), "{}", dir.display());
    for ((name, a), (_, b)) in got.iter().zip(reference) {
        assert!(a == b, "{}: {name} differs", dir.display());
    }
}

/// The files of the single-process build of `preset` (`awari` or `abapa`): the reference,
/// built once for the tests that need it.
fn single(preset: &str) -> &'static [(String, Vec<u8>)] {
    static AWARI: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    static ABAPA: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    let cell = if preset == "awari" { &AWARI } else { &ABAPA };
    cell.get_or_init(|| {
        let dir = scratch(&format!("{preset}-single"));
        let d = dir.to_str().unwrap();
        let o = mancala(&tb_build(preset, SEEDS, d, &[]));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let reference = files(&dir);
        assert_eq!(reference.len(), 13);
        reference
    })
}

/// A host file of `k` loopback addresses on ports free a moment ago.
fn host_file(dir: &Path, k: usize) -> PathBuf {
    let listeners: Vec<std::net::TcpListener> = (0..k)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let lines: Vec<String> = listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().unwrap().port()))
        .collect();
    let path = dir.join("hosts");
    std::fs::write(&path, lines.concat()).unwrap();
    path
}

/// The arguments of `mancala tb build PRESET --seeds SEEDS --dir DIR` followed by `flags`.
fn tb_build<'a>(preset: &'a str, seeds: &'a str, dir: &'a str, flags: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["tb", "build", preset, "--seeds", seeds, "--dir", dir];
    args.extend_from_slice(flags);
    args
}

/// Starts the processes of a cluster build into `out`, each logging into `logs`.
fn start_processes(preset: &str, out: &Path, logs: &Path, hosts: &Path, k: usize) -> Vec<Child> {
    (0..k)
        .map(|i| {
            let log = std::fs::File::create(logs.join(format!("process-{i}.log"))).unwrap();
            let (k, i) = (k.to_string(), i.to_string());
            let hosts = hosts.to_str().unwrap();
            let flags = ["--workers", &k, "--hosts", hosts, "--process", &i];
            let mut c: Command = command(&tb_build(preset, SEEDS, out.to_str().unwrap(), &flags));
            c.stdin(Stdio::null())
                .stdout(log.try_clone().unwrap())
                .stderr(log);
            c.spawn().unwrap()
        })
        .collect()
}

/// Waits for every process, killing all of them if one is still running after `limit`.
fn wait_all(children: &mut [Child], limit: Duration) -> Vec<ExitStatus> {
    let deadline = Instant::now() + limit;
    let mut status: Vec<Option<ExitStatus>> = vec![None; children.len()];
    while status.iter().any(Option::is_none) {
        for (c, s) in children.iter_mut().zip(status.iter_mut()) {
            if s.is_none() {
                *s = c.try_wait().unwrap();
            }
        }
        if Instant::now() > deadline {
            for c in children.iter_mut() {
                let _ = c.kill();
            }
            panic!("processes still running after {limit:?}: {status:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    status.into_iter().map(Option::unwrap).collect()
}

/// Builds `preset`'s tables into `dir` on 4 loopback processes (logs in `logs`), checks that
/// every process succeeded, and returns process 0's log.
fn run_processes(preset: &str, dir: &Path, logs: &Path) -> String {
    let hosts = host_file(logs, 4);
    let mut children = start_processes(preset, dir, logs, &hosts, 4);
    let status = wait_all(&mut children, Duration::from_secs(600));
    for (i, s) in status.iter().enumerate() {
        assert!(s.success(), "process {i}: {s}\n{}", log(logs, i));
    }
    log(logs, 0)
}

fn log(logs: &Path, i: usize) -> String {
    std::fs::read_to_string(logs.join(format!("process-{i}.log"))).unwrap_or_default()
}

/// One worker, four threads and four processes write `preset`'s files as one process does.
fn same_files(preset: &str) {
    let reference = single(preset);
    for workers in ["1", "4"] {
        let dir = scratch(&format!("{preset}-threads-{workers}"));
        let d = dir.to_str().unwrap();
        let o = mancala(&tb_build(preset, SEEDS, d, &["--workers", workers]));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(&format!("on {workers} workers")), "{out}");
        assert_same_files(&dir, reference);
    }

    let dir = scratch(&format!("{preset}-processes"));
    let logs = scratch(&format!("{preset}-processes-logs"));
    let out = run_processes(preset, &dir, &logs);
    // Process 0 reports each level with the bytes the workers sent each other.
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some("12"))
        .unwrap_or_else(|| panic!("{out}"));
    let bytes: u64 = line.split_whitespace().nth(9).unwrap().parse().unwrap();
    assert!(bytes > 0, "{line}");
    assert!(log(&logs, 1).lines().all(|l| !l.starts_with("   12")));
    assert_same_files(&dir, reference);
}

#[test]
fn awari_on_one_worker_four_threads_and_four_processes_gives_the_single_process_files() {
    same_files("awari");
}

#[test]
fn abapa_on_one_worker_four_threads_and_four_processes_gives_the_single_process_files() {
    same_files("abapa");
}

/// A build of `preset` on 4 processes, one of them killed once `finished` (the file that
/// marks level 10 finished) is in the directory, then started again: it reads levels 0 to 10
/// at least, builds the rest, and ends with the single-process files (no checkpoint left).
fn killed_and_resumed(preset: &str, finished: &str) {
    let reference = single(preset);
    let dir = scratch(&format!("{preset}-resume"));
    let logs = scratch(&format!("{preset}-resume-logs"));
    let hosts = host_file(&logs, 4);
    let mut children = start_processes(preset, &dir, &logs, &hosts, 4);
    // Kill process 2 once level 10 is finished (levels 11 and 12 take seconds more).
    let deadline = Instant::now() + Duration::from_secs(600);
    while !dir.join(finished).exists() {
        assert!(Instant::now() < deadline, "level 10 not written");
        assert!(
            children.iter_mut().all(|c| c.try_wait().unwrap().is_none()),
            "a process ended early: {}",
            log(&logs, 0)
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    children[2].kill().unwrap();
    // The others see their peer go and stop with an error, none hangs.
    let status = wait_all(&mut children, Duration::from_secs(120));
    for i in [0, 1, 3] {
        assert!(!status[i].success(), "process {i} went on alone");
    }
    assert!(
        log(&logs, 0).contains("start every process again"),
        "{}",
        log(&logs, 0)
    );
    assert!(!dir.join(format!("{preset}-12.tb")).exists());

    // Started again, the processes read levels 0 to 10 at least and build the rest.
    let out = run_processes(preset, &dir, &logs);
    let resumed = out
        .lines()
        .filter(|l| l.contains("finished earlier"))
        .count();
    assert!((11..13).contains(&resumed), "{out}");
    assert_same_files(&dir, reference);
}

#[test]
fn an_awari_cluster_build_killed_mid_way_resumes_after_the_last_level_written() {
    killed_and_resumed("awari", "awari-10.tb");
}

#[test]
fn an_abapa_cluster_build_killed_mid_way_resumes_from_its_checkpoints() {
    // A graded level is finished once its checkpoint (the bounds) follows its table file.
    killed_and_resumed("abapa", "abapa-10.tbc");
}

#[test]
fn distributed_builds_refuse_what_they_cannot_do() {
    let dir = scratch("refuse");
    let d = dir.to_str().unwrap();
    // `tb build PRESET --seeds 4 --dir DIR` with `flags`, which must fail saying `says`.
    let build = |preset: &str, flags: &[&str], says: &str| {
        refused(&tb_build(preset, "4", d, flags), says);
    };
    let smoothing = ["--workers", "2", "--smoothing", "1"];
    build("abapa", &smoothing, "--smoothing");
    assert!(files(&dir).is_empty(), "{:?}", files(&dir));
    std::fs::write(dir.join("hosts"), "127.0.0.1:1\nnowhere\n").unwrap();
    let h = dir.join("hosts");
    let hosts = ["--hosts", h.to_str().unwrap(), "--process", "0"];
    build("awari", &hosts, "line 2");
    build("awari", &["--workers", "0"], "--workers 0");
}
