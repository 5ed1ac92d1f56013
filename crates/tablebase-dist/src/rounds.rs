//! Rounds of messages between workers on timely dataflow: the one pattern every stage of the
//! builder uses.
//!
//! A stage is a dataflow of one operator in a feedback loop. At time 0 each worker emits its
//! first messages from its local state; a message emitted at time `t` reaches the worker its
//! [`Route`] names at time `t + 1`. A worker handles the messages of time `t` once timely's
//! progress tracking says that no worker can send any more at `t` (the operator's input
//! frontier has passed `t`): every round sees everything the round before sent, whichever
//! worker sent it. Messages are batched by timely (one buffer per destination and time). The
//! stage ends when a round sends nothing anywhere: the loop's frontier empties, which a probe
//! shows the driver.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::{Capability, ConnectLoop, Feedback, Operator, Probe};
use timely::dataflow::ProbeHandle;
use timely::worker::Worker;
use timely::ExchangeData;

/// How a message type travels: to which worker, and how many bytes it takes on the wire.
pub(crate) trait Route: ExchangeData + Clone {
    /// The worker the message goes to (below the number of workers).
    fn to(&self) -> usize;
    /// Its size once encoded (bincode, what timely sends between processes).
    fn wire_bytes(&self) -> u64;
}

/// Messages and bytes one worker sent to other workers (messages to itself are not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Messages.
    pub messages: u64,
    /// Bytes of the encoded messages.
    pub bytes: u64,
}

impl Traffic {
    /// The sum of two counts.
    #[must_use]
    pub fn plus(self, other: Traffic) -> Traffic {
        Traffic {
            messages: self.messages + other.messages,
            bytes: self.bytes + other.bytes,
        }
    }
}

fn count<D: Route>(me: usize, out: &[D], traffic: &RefCell<Vec<Traffic>>, round: u32) {
    let mut t = Traffic::default();
    for d in out.iter().filter(|d| d.to() != me) {
        t.messages += 1;
        t.bytes += d.wire_bytes();
    }
    let mut traffic = traffic.borrow_mut();
    let r = round as usize;
    if traffic.len() <= r {
        traffic.resize(r + 1, Traffic::default());
    }
    traffic[r] = traffic[r].plus(t);
}

/// Runs one stage to its end on this worker (every worker runs the same stages in the same
/// order): `start` gives this worker's first messages, `step(state, round, received, out)` the
/// answers to a round's messages. Returns what this worker sent to others in each round
/// (index 0: the first messages).
pub(crate) fn run<D, S>(
    worker: &mut Worker,
    name: &str,
    state: &Rc<RefCell<S>>,
    start: impl FnOnce(&mut S, &mut Vec<D>) + 'static,
    mut step: impl FnMut(&mut S, u32, &mut Vec<D>, &mut Vec<D>) + 'static,
) -> Vec<Traffic>
where
    D: Route,
    S: 'static,
{
    let me = worker.index();
    let traffic = Rc::new(RefCell::new(Vec::new()));
    let probe = ProbeHandle::new();
    let state = Rc::clone(state);
    let counted = Rc::clone(&traffic);
    worker.dataflow_named::<u32, _, _>(name, |scope| {
        let (handle, cycle) = scope.feedback::<Vec<D>>(1);
        cycle
            .unary_frontier::<CapacityContainerBuilder<Vec<D>>, _, _, _>(
                Exchange::new(|d: &D| d.to() as u64),
                name,
                move |cap, _info| {
                    let mut first = Some((cap, start));
                    let mut stash: BTreeMap<u32, (Capability<u32>, Vec<D>)> = BTreeMap::new();
                    let mut out: Vec<D> = Vec::new();
                    move |(input, frontier), output| {
                        if let Some((cap, start)) = first.take() {
                            start(&mut state.borrow_mut(), &mut out);
                            count(me, &out, &counted, 0);
                            output.session(&cap).give_iterator(out.drain(..));
                        }
                        input.for_each_stamp(|cap, data| {
                            if let Some(cap) = cap.retain_least(output.output_index()) {
                                let time = *cap.time();
                                let entry = stash.entry(time).or_insert_with(|| (cap, Vec::new()));
                                for batch in data {
                                    entry.1.append(batch);
                                }
                            }
                        });
                        while let Some(entry) = stash.first_entry() {
                            if frontier.frontier().less_equal(entry.key()) {
                                break;
                            }
                            let (cap, mut received) = entry.remove();
                            let round = *cap.time();
                            step(&mut state.borrow_mut(), round, &mut received, &mut out);
                            count(me, &out, &counted, round);
                            if !out.is_empty() {
                                output.session(&cap).give_iterator(out.drain(..));
                            }
                        }
                    }
                },
            )
            .probe_with(&probe)
            .connect_loop(handle);
    });
    // Parked while no message is due: a worker waiting for its peers costs no CPU.
    worker.step_or_park_while(None, || !probe.done());
    traffic.take()
}
