//! The lines of an engine process's output, read on a thread of their own so that the caller can
//! wait for them with a timeout.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{self, Receiver};

/// A channel that receives every line `reader` gives, read on a new thread until the reader ends,
/// fails, or the receiver is dropped.
pub fn lines_of(reader: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(reader).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
