//! Standard output for the commands that print. A closed pipe (`mancala trace ... | head`) is not
//! an error: the write that finds the pipe closed notes it here, so that `main` ends quietly by
//! asking [`pipe_closed`] instead of searching the error's sources for an I/O error.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether a write to standard output found the reading end closed.
pub fn pipe_closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}

fn note<T>(result: io::Result<T>) -> io::Result<T> {
    if let Err(e) = &result {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }
    result
}

/// The process's standard output, noting a closed pipe (see [`pipe_closed`]).
pub struct Stdout(io::Stdout);

/// The process's standard output.
pub fn stdout() -> Stdout {
    Stdout(io::stdout())
}

impl Stdout {
    /// Locks standard output for a run of writes.
    pub fn lock(&self) -> StdoutLock {
        StdoutLock(self.0.lock())
    }
}

/// Locked standard output, noting a closed pipe.
pub struct StdoutLock(io::StdoutLock<'static>);

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        note(self.0.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        note(self.0.flush())
    }
}

impl Write for StdoutLock {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        note(self.0.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        note(self.0.flush())
    }
}
