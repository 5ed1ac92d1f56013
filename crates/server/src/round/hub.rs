//! The rooms in memory: the [`Hub`] finds a game's [`Room`] by id, loading it from the store (by
//! replaying its moves) on first use.
//!
//! Memory is bounded: the hub keeps at most [`CacheLimits::max_rooms`] rooms. A room is in use
//! while a request, a WebSocket watcher or the computer's search holds it; an unused room can be
//! dropped at any time, because every change is stored before the request that made it lets go
//! of the room. To make place for another game the least recently used unused room is dropped
//! (when every room is in use, the hub says it is full rather than grow), and
//! [`Hub::evict_idle`] drops rooms unused for [`CacheLimits::idle`]. A dropped game comes back
//! transparently on its next request, and the caller is told it was loaded so that it can
//! resume the computer's turn.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use mancala_core::variant::{AnyGame, DynGame};

use crate::http::error::{HubError, StoreError};
use crate::round::clock::{now_ms, Clock};
use crate::round::room::{replay_with_movers, restore, Room};
use crate::store::{GameMeta, Store};

/// How many rooms may stay in memory, and for how long unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheLimits {
    /// Most rooms in memory at once (at least one).
    pub max_rooms: usize,
    /// A room unused this long is dropped from memory by [`Hub::evict_idle`].
    pub idle: Duration,
}

/// Loads are serialised per game through one of these many locks (picked by the id's hash).
const LOAD_SHARDS: usize = 16;

/// Every room in memory, by id; rooms are loaded from the store on first use and dropped again
/// when unused (see the module documentation).
pub struct Hub {
    store: Arc<dyn Store>,
    limits: CacheLimits,
    cache: Mutex<Cache>,
    /// Held while a game is loaded from the store: see [`Hub::get`].
    loading: [Mutex<()>; LOAD_SHARDS],
}

/// The rooms in memory, with a lazily kept least-recently-used order.
struct Cache {
    rooms: HashMap<Arc<str>, Slot>,
    /// Each room once, under the tick it had when last placed here; a room used since is placed
    /// again under its newer tick only when it reaches the front (so that a use costs no
    /// reordering).
    order: BTreeMap<u64, Arc<str>>,
    /// Places promised to loads and creations under way.
    reserved: usize,
    /// Counts uses; every use and placement takes a new value.
    tick: u64,
    /// The most rooms ever in memory at once.
    peak: usize,
    /// Rooms dropped from memory so far.
    evicted: u64,
}

struct Slot {
    room: Arc<Room>,
    /// The tick of the last use.
    tick: u64,
    /// The key of this room in `Cache::order`.
    placed: u64,
    /// When it was last used.
    used: Instant,
}

/// A room is in use while anything besides the cache holds it: a request, a WebSocket watcher or
/// the computer's search. Nothing can start using a room without going through the cache's lock,
/// so a room seen unused under that lock can be dropped safely.
fn in_use(room: &Arc<Room>) -> bool {
    Arc::strong_count(room) > 1
}

impl Cache {
    fn next_tick(&mut self) -> u64 {
        self.tick += 1;
        self.tick
    }

    /// The room of `id` if in memory, marked as used.
    fn touch(&mut self, id: &str, now: Instant) -> Option<Arc<Room>> {
        let tick = self.next_tick();
        let slot = self.rooms.get_mut(id)?;
        slot.tick = tick;
        slot.used = now;
        Some(Arc::clone(&slot.room))
    }

    fn remove(&mut self, id: &str) {
        if let Some(slot) = self.rooms.remove(id) {
            self.order.remove(&slot.placed);
            self.evicted += 1;
        }
    }

    /// Drops the least recently used room that is not in use; false when every room is in use.
    fn evict_one(&mut self, now: Instant) -> bool {
        // Each room comes to the front at most twice before every room has been looked at under
        // its latest tick.
        for _ in 0..2 * self.order.len() + 2 {
            let Some((placed, id)) = self.order.pop_first() else {
                return false;
            };
            let fresh = self.next_tick();
            let Some(slot) = self.rooms.get_mut(&id) else {
                continue;
            };
            if slot.tick != placed {
                // Used since it was placed: place it again where its last use puts it.
                slot.placed = slot.tick;
                self.order.insert(slot.tick, id);
            } else if in_use(&slot.room) {
                // In use right now: that is a use.
                slot.tick = fresh;
                slot.placed = fresh;
                slot.used = now;
                self.order.insert(fresh, id);
            } else {
                self.rooms.remove(&id);
                self.evicted += 1;
                return true;
            }
        }
        false
    }

    fn insert(&mut self, room: Arc<Room>, now: Instant) {
        let tick = self.next_tick();
        let id: Arc<str> = Arc::from(room.meta.id.as_str());
        self.order.insert(tick, Arc::clone(&id));
        let old = self.rooms.insert(
            id,
            Slot {
                room,
                tick,
                placed: tick,
                used: now,
            },
        );
        if let Some(old) = old {
            // Never happens (ids are unique and loads are serialised); keep the order whole.
            self.order.remove(&old.placed);
        }
        self.peak = self.peak.max(self.rooms.len());
    }
}

/// A place in the cache promised to one load or creation; given back if it is not filled.
struct Reservation<'a> {
    hub: &'a Hub,
    filled: bool,
}

impl Reservation<'_> {
    /// Puts `room` in the reserved place.
    fn fill(mut self, room: Arc<Room>) {
        let mut cache = self.hub.cache();
        cache.reserved -= 1;
        cache.insert(room, Instant::now());
        self.filled = true;
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if !self.filled {
            self.hub.cache().reserved -= 1;
        }
    }
}

impl Hub {
    /// A hub over `store`, keeping at most `limits.max_rooms` rooms in memory.
    pub fn new(store: Arc<dyn Store>, limits: CacheLimits) -> Self {
        Hub {
            store,
            limits: CacheLimits {
                max_rooms: limits.max_rooms.max(1),
                ..limits
            },
            cache: Mutex::new(Cache {
                rooms: HashMap::new(),
                order: BTreeMap::new(),
                reserved: 0,
                tick: 0,
                peak: 0,
                evicted: 0,
            }),
            loading: std::array::from_fn(|_| Mutex::new(())),
        }
    }

    /// The store.
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// The store, shared (for [`Store::record_move`]).
    pub fn shared_store(&self) -> Arc<dyn Store> {
        Arc::clone(&self.store)
    }

    /// The limits in force.
    pub fn limits(&self) -> CacheLimits {
        self.limits
    }

    fn cache(&self) -> MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The lock that serialises loads (and the creation) of game `id`.
    fn load_lock(&self, id: &str) -> MutexGuard<'_, ()> {
        self.loading[shard(id)]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Promises a place in the cache, dropping the least recently used unused rooms to make it.
    fn reserve(&self, cache: &mut Cache) -> Result<Reservation<'_>, HubError> {
        let now = Instant::now();
        while cache.rooms.len() + cache.reserved >= self.limits.max_rooms {
            if !cache.evict_one(now) {
                return Err(HubError::Full {
                    max_rooms: self.limits.max_rooms,
                });
            }
        }
        cache.reserved += 1;
        Ok(Reservation {
            hub: self,
            filled: false,
        })
    }

    /// Records a new game and opens its room.
    pub fn create(&self, meta: GameMeta, game: AnyGame) -> Result<Arc<Room>, HubError> {
        // Held until the room is in the cache, so that no load of the new game (by a request
        // that guessed its id) can come in between and open a second room for it.
        let _loading = self.load_lock(&meta.id);
        let place = self.reserve(&mut self.cache())?;
        self.store.create(&meta)?;
        let room = Arc::new(Room::new(meta, game));
        place.fill(Arc::clone(&room));
        Ok(room)
    }

    /// The room of game `id` if it is in memory (marked as just used); never reads the store.
    pub fn cached(&self, id: &str) -> Option<Arc<Room>> {
        self.cache().touch(id, Instant::now())
    }

    /// The room of game `id`, loaded from the store if needed. The second value is true when the
    /// room was just loaded (so that the caller can resume the computer's turn).
    ///
    /// Loads of one game are serialised, and a load looks for the room again once it holds the
    /// game's load lock: so two requests loading one game at once get the same room, and a load
    /// never reads the moves of a game whose room is in memory (and could be changing them). A
    /// room leaves memory only when nothing holds it, after its last change was stored.
    pub fn get(&self, id: &str) -> Result<Option<(Arc<Room>, bool)>, HubError> {
        if let Some(room) = self.cached(id) {
            return Ok(Some((room, false)));
        }
        let _loading = self.load_lock(id);
        let place = {
            let mut cache = self.cache();
            if let Some(room) = cache.touch(id, Instant::now()) {
                return Ok(Some((room, false)));
            }
            self.reserve(&mut cache)?
        };
        let Some((meta, moves)) = self.store.load(id)? else {
            return Ok(None);
        };
        let (game, last, moved) = replay_with_movers(&meta, &moves)?;
        let (stamp, ending) = self.store.load_play(id)?;
        let room = Arc::new(Room::new(meta, game));
        restore(&mut room.lock(), last, moved, stamp, ending);
        place.fill(Arc::clone(&room));
        Ok(Some((room, true)))
    }

    /// Drops game `id` from memory if nothing uses it (no request, watcher or search; see
    /// [`in_use`]) and `droppable` says so; answers whether it was dropped. A game another
    /// instance changed is cheaper dropped than read back when nobody here looks at it: it is
    /// read from the store if asked for again.
    pub fn drop_unused(&self, id: &str, droppable: impl FnOnce(&Room) -> bool) -> bool {
        let mut cache = self.cache();
        let drop = cache
            .rooms
            .get(id)
            .is_some_and(|slot| !in_use(&slot.room) && droppable(&slot.room));
        if drop {
            cache.remove(id);
        }
        drop
    }

    /// The room of game `id` if it is in memory, without marking it as used.
    pub fn peek(&self, id: &str) -> Option<Arc<Room>> {
        self.cache().rooms.get(id).map(|s| Arc::clone(&s.room))
    }

    /// The ids of the games in memory.
    pub fn ids(&self) -> Vec<Arc<str>> {
        self.cache().rooms.keys().cloned().collect()
    }

    /// Reads the game of `room` back from the store, where another server instance changed it,
    /// and pushes the new state to its watchers; answers whether it changed.
    ///
    /// The store is read without holding the room's lock, so that a move made through this
    /// instance meanwhile is not kept waiting for the database; when the room changed while
    /// reading (a move stored through this instance), it is read again holding the lock, as
    /// while a move is stored: so the store is never older than the room here.
    pub fn refresh(&self, room: &Room) -> Result<bool, StoreError> {
        let seen = room.lock().version;
        let read = || -> Result<_, StoreError> {
            let Some((meta, moves)) = self.store.load(&room.meta.id)? else {
                return Ok(None);
            };
            Ok(Some((meta, moves, self.store.load_play(&room.meta.id)?)))
        };
        let mut stored = read()?;
        let mut live = room.lock();
        if live.version != seen {
            stored = read()?;
        }
        let Some((meta, moves, (stamp, ending))) = stored else {
            return Ok(false);
        };
        let how = |e: &Option<crate::round::ending::Ending>| {
            e.as_ref().map(|e| (e.result.name(), e.reason.clone()))
        };
        if live.game.moves() == moves.as_slice() && how(&live.ending) == how(&ending) {
            return Ok(false);
        }
        let (game, last, moved) = replay_with_movers(&meta, &moves)?;
        let over_before = live.is_over();
        live.game = game;
        live.clock = meta.clock.map(|c| Clock::new(c, meta.started_ms));
        live.ending = None;
        live.offer = None;
        live.computer_failed = false;
        live.computer_failures = 0;
        restore(&mut live, last, moved, stamp, ending);
        if live.ending.is_none() {
            if let Some(o) = live.game.state().outcome {
                live.ending = Some(crate::round::ending::Ending::by_rules(o, now_ms()));
            }
        }
        live.version += 1;
        let event = if live.is_over() && !over_before {
            "end"
        } else {
            "move"
        };
        room.publish(event, &live);
        Ok(true)
    }

    /// Drops from memory every room unused for the idle time (see [`CacheLimits`]) as of `now`;
    /// answers how many were dropped.
    pub fn evict_idle(&self, now: Instant) -> usize {
        let mut cache = self.cache();
        let idle = self.limits.idle;
        let mut stale = Vec::new();
        for (id, slot) in &mut cache.rooms {
            if in_use(&slot.room) {
                slot.used = now;
            } else if now.saturating_duration_since(slot.used) >= idle {
                stale.push(Arc::clone(id));
            }
        }
        for id in &stale {
            cache.remove(id);
        }
        stale.len()
    }

    /// Number of rooms in memory.
    pub fn len(&self) -> usize {
        self.cache().rooms.len()
    }

    /// True when no room is in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most rooms that were ever in memory at once.
    pub fn peak(&self) -> usize {
        self.cache().peak
    }

    /// How many rooms were dropped from memory so far.
    pub fn evicted(&self) -> u64 {
        self.cache().evicted
    }
}

/// The load lock of game `id`.
fn shard(id: &str) -> usize {
    // FNV-1a: ids are random already; this only spreads them over the shards.
    let h = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    (h % LOAD_SHARDS as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::room::replay;
    use crate::store::{Mode, SqliteStore};
    use std::sync::atomic::Ordering;
    use std::sync::Barrier;

    fn meta(n: usize) -> GameMeta {
        GameMeta::plain(format!("{n:020x}"), Mode::Local)
    }

    fn hub(max_rooms: usize) -> Hub {
        Hub::new(
            Arc::new(SqliteStore::in_memory().unwrap()),
            CacheLimits {
                max_rooms,
                idle: Duration::ZERO,
            },
        )
    }

    fn create(hub: &Hub, n: usize) -> Arc<Room> {
        let m = meta(n);
        let (game, _) = replay(&m, &[]).unwrap();
        hub.create(m, game).unwrap()
    }

    /// The room of game `n`, and whether it was loaded from the store.
    fn get(hub: &Hub, n: usize) -> (Arc<Room>, bool) {
        hub.get(&meta(n).id).unwrap().unwrap()
    }

    #[test]
    fn least_recently_used_unused_rooms_go_first() {
        let h = hub(2);
        drop((create(&h, 1), create(&h, 2)));
        assert!(!get(&h, 1).1);
        // Game 2 is the least recently used: creating game 3 drops it.
        drop(create(&h, 3));
        assert_eq!(h.len(), 2);
        assert!(!get(&h, 1).1);
        // Reloaded, in place of game 3 (now the least recently used).
        assert!(get(&h, 2).1);
        assert!(get(&h, 3).1);
        assert!(get(&h, 1).1);
        assert_eq!((h.len(), h.peak()), (2, 2));
        assert_eq!(h.evicted(), 4);
        assert!(h.get(&meta(9).id).unwrap().is_none());
    }

    #[test]
    fn only_unused_rooms_are_dropped_on_request_and_come_back_from_the_store() {
        let h = hub(10);
        let a = create(&h, 1);
        // In use (held here): kept, whatever the predicate says.
        assert!(!h.drop_unused(&meta(1).id, |_| true));
        drop(a);
        // Unused, but the predicate keeps it.
        assert!(!h.drop_unused(&meta(1).id, |_| false));
        assert!(h.peek(&meta(1).id).is_some());
        assert!(h.drop_unused(&meta(1).id, |_| true));
        assert!(h.peek(&meta(1).id).is_none());
        // Not in memory: nothing to drop; asked for again, it is read from the store.
        assert!(!h.drop_unused(&meta(1).id, |_| true));
        assert!(get(&h, 1).1);
    }

    #[test]
    fn rooms_in_use_stay_and_a_full_hub_refuses() {
        let h = hub(2);
        let (a, b) = (create(&h, 1), create(&h, 2));
        let m = meta(3);
        let (game, _) = replay(&m, &[]).unwrap();
        assert!(matches!(
            h.create(m.clone(), game.clone()),
            Err(HubError::Full { max_rooms: 2 })
        ));
        // The refused game was not stored either.
        assert!(h.store().load(&m.id).unwrap().is_none());
        assert!(matches!(h.get(&meta(4).id), Err(HubError::Full { .. })));
        // Nothing unused: the idle sweep keeps both.
        assert_eq!(h.evict_idle(Instant::now() + Duration::from_secs(1)), 0);
        drop(a);
        h.create(m, game).unwrap();
        assert!(Arc::ptr_eq(&get(&h, 2).0, &b));
        assert_eq!(h.len(), 2);
    }

    #[test]
    fn idle_rooms_are_swept() {
        let h = Hub::new(
            Arc::new(SqliteStore::in_memory().unwrap()),
            CacheLimits {
                max_rooms: 10,
                idle: Duration::from_secs(60),
            },
        );
        let kept = create(&h, 1);
        drop(create(&h, 2));
        let now = Instant::now();
        assert_eq!(h.evict_idle(now), 0);
        assert_eq!(h.evict_idle(now + Duration::from_secs(61)), 1);
        assert_eq!(h.len(), 1);
        // The room held meanwhile counts as used then.
        drop(kept);
        assert_eq!(h.evict_idle(now + Duration::from_secs(100)), 0);
        assert_eq!(h.evict_idle(now + Duration::from_secs(122)), 1);
        assert!(h.is_empty());
    }

    #[test]
    fn concurrent_loads_of_one_game_share_one_room() {
        let h = hub(1);
        drop(create(&h, 1));
        drop(create(&h, 2));
        let barrier = Barrier::new(8);
        let got: Vec<(Arc<Room>, bool)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        get(&h, 1)
                    })
                })
                .collect();
            handles.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert!(got.iter().all(|(r, _)| Arc::ptr_eq(r, &got[0].0)));
        assert_eq!(got.iter().filter(|(_, loaded)| *loaded).count(), 1);
        assert_eq!(h.len(), 1);
    }

    /// Four threads play moves in six games through a hub that holds two rooms, while another
    /// keeps dropping every unused room: every move must reach the store exactly once, in order.
    #[test]
    fn evictions_never_lose_or_fork_a_game() {
        const GAMES: usize = 6;
        let h = hub(2);
        for n in 0..GAMES {
            drop(create(&h, n));
        }
        let played: Vec<Mutex<Vec<String>>> = (0..GAMES).map(|_| Mutex::new(Vec::new())).collect();
        let done = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                while !done.load(Ordering::Acquire) {
                    h.evict_idle(Instant::now());
                    assert!(h.len() <= 2);
                    std::thread::yield_now();
                }
            });
            let workers: Vec<_> = (0..4u64)
                .map(|t| {
                    let (h, played) = (&h, &played);
                    s.spawn(move || {
                        let mut x = 0x9e37_79b9_7f4a_7c15_u64 ^ (t + 1);
                        for _ in 0..150 {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            let n = (x % GAMES as u64) as usize;
                            let room = loop {
                                match h.get(&meta(n).id) {
                                    Ok(Some((room, _))) => break room,
                                    Ok(None) => panic!("game {n} lost"),
                                    Err(HubError::Full { .. }) => std::thread::yield_now(),
                                    Err(e) => panic!("{e}"),
                                }
                            };
                            assert!(h.len() <= 2);
                            let mut live = room.lock();
                            let legal = live.game.state().legal;
                            if legal.is_empty() {
                                continue;
                            }
                            let ply = live.game.moves().len();
                            let mv = &legal[(x >> 32) as usize % legal.len()];
                            live.game.play(mv).unwrap();
                            let canonical = live.game.moves()[ply].clone();
                            h.store().push_move(&room.meta.id, ply, &canonical).unwrap();
                            played[n].lock().unwrap().push(canonical);
                        }
                    })
                })
                .collect();
            for w in workers {
                w.join().unwrap();
            }
            done.store(true, Ordering::Release);
        });
        assert!(h.peak() <= 2);
        assert!(h.evicted() > 0);
        let mut total = 0;
        for (n, played) in played.iter().enumerate() {
            let played = played.lock().unwrap();
            let (_, stored) = h.store().load(&meta(n).id).unwrap().unwrap();
            assert_eq!(*played, stored, "game {n}");
            let room = get(&h, n).0;
            assert_eq!(room.lock().game.moves(), stored, "game {n}");
            total += stored.len();
        }
        assert!(total > 0);
    }
}
