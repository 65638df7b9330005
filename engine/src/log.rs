//! The game's event log and choice history as persistent lists, kept out of what a fork copies.
//!
//! A search forks a game (`Game::clone`) thousands of times; copying a log of thousands of
//! events made a fork cost tens of microseconds (issue #15). Here entries live in frozen chunks
//! shared between every fork of a game, newest chunk first, plus a small tail that is only this
//! fork's. `Game::apply` freezes the tail once it holds [`CHUNK`] entries, so a fork copies at
//! most that many entries and one pointer, and appending stays amortised allocation-free. Readers get the whole list, in order, as one slice (made on demand and
//! kept until the next append), so `Game::log()` and `log_json()` read exactly as before.
//!
//! Steady state allocates nothing: a chunk only this list holds takes each frozen tail in
//! place, and when the list lets such a chunk go (`clone_from` another game's log, `clear`
//! for a new game) it keeps it, emptied, as the spare the next chunk it starts is built in.
//! So a search's scratch game, forked from the root and played out again and again, or a game
//! started again in the storage of the last (`Game::renew`), grows its log once, to the
//! longest it has held, and then never allocates for it (issue #15).

use std::fmt;
use std::sync::{Arc, OnceLock};

/// How many entries the unshared tail holds before `freeze_if_full` shares them.
pub(crate) const CHUNK: usize = 16;

/// An append-only list whose clones share everything frozen so far.
pub(crate) struct Log<T> {
    /// Frozen entries, the newest chunk first; shared between forks.
    frozen: Option<Arc<Chunk<T>>>,
    /// Entries appended since the last freeze; this fork's own.
    tail: Vec<T>,
    /// The whole list as one slice, made by `as_slice` and dropped by the next change.
    flat: OnceLock<Vec<T>>,
    /// A chunk of this list's own it no longer uses, emptied (no entries, no `prev`), kept so
    /// the next chunk it starts reuses its storage. Never shared: a clone starts without one.
    spare: Option<Arc<Chunk<T>>>,
}

struct Chunk<T> {
    /// The chunk frozen before this one.
    prev: Option<Arc<Chunk<T>>>,
    /// How many entries come before this chunk.
    start: usize,
    items: Vec<T>,
}

impl<T> Default for Log<T> {
    fn default() -> Log<T> {
        Log {
            frozen: None,
            tail: Vec::new(),
            flat: OnceLock::new(),
            spare: None,
        }
    }
}

impl<T: Clone> Clone for Log<T> {
    /// Shares the frozen chunks; copies only the unfrozen tail (at most [`CHUNK`] entries).
    fn clone(&self) -> Log<T> {
        let Log {
            frozen,
            tail,
            flat: _,
            spare: _,
        } = self;
        Log {
            frozen: frozen.clone(),
            tail: tail.clone(),
            flat: OnceLock::new(),
            spare: None,
        }
    }

    /// The same, into this list's own tail: nothing is allocated while the tail has room. A
    /// chunk of this list's own that the source does not share becomes the spare.
    fn clone_from(&mut self, source: &Log<T>) {
        let Log {
            frozen,
            tail,
            flat,
            spare,
        } = self;
        let same = match (&*frozen, &source.frozen) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        if !same {
            recycle(spare, std::mem::replace(frozen, source.frozen.clone()));
        }
        tail.clone_from(&source.tail);
        flat.take();
    }
}

impl<T> Drop for Log<T> {
    fn drop(&mut self) {
        unlink(self.frozen.take());
    }
}

/// Let `old`, a list's newest chunk, go: kept, emptied, as `spare` when no other fork holds
/// it (and it has more room than the spare there is), the rest of its chain unlinked.
fn recycle<T>(spare: &mut Option<Arc<Chunk<T>>>, mut old: Option<Arc<Chunk<T>>>) {
    let Some(c) = old.as_mut().and_then(Arc::get_mut) else {
        unlink(old);
        return;
    };
    unlink(c.prev.take());
    c.items.clear();
    let room = Vec::capacity(&c.items);
    if spare
        .as_deref()
        .is_none_or(|s| Vec::capacity(&s.items) < room)
    {
        *spare = old;
    }
}

/// Drop a chunk chain one link at a time: a long game's chain is thousands of links, too deep
/// for the recursive drop `Arc` would do.
fn unlink<T>(mut next: Option<Arc<Chunk<T>>>) {
    while let Some(chunk) = next {
        match Arc::try_unwrap(chunk) {
            Ok(mut c) => next = c.prev.take(),
            Err(_) => break, // another fork still holds the rest
        }
    }
}

impl<T: fmt::Debug + Clone> fmt::Debug for Log<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Clone> Log<T> {
    /// The number of frozen entries.
    fn frozen_len(&self) -> usize {
        self.frozen.as_ref().map_or(0, |c| c.start + c.items.len())
    }

    pub(crate) fn len(&self) -> usize {
        self.frozen_len() + self.tail.len()
    }

    pub(crate) fn push(&mut self, item: T) {
        self.flat.take();
        self.tail.push(item);
    }

    /// Empty the list (this fork only; other forks keep theirs), keeping this list's own
    /// storage — the tail's room, and a chunk no fork shares as the spare — for what is
    /// appended next.
    pub(crate) fn clear(&mut self) {
        let Log {
            frozen,
            tail,
            flat,
            spare,
        } = self;
        recycle(spare, frozen.take());
        tail.clear();
        flat.take();
    }

    /// Move the tail into a frozen chunk every later fork shares.
    ///
    /// A newest chunk no other fork holds (a game that was never forked since, as on the
    /// playout path) takes the tail in place: appending stays amortised allocation-free
    /// however long the game, and the tail keeps its room. A shared chunk is never changed;
    /// the tail then starts a new one.
    pub(crate) fn freeze(&mut self) {
        if self.tail.is_empty() {
            return;
        }
        if let Some(chunk) = self.frozen.as_mut().and_then(Arc::get_mut) {
            chunk.items.append(&mut self.tail);
            return;
        }
        let start = self.frozen_len();
        // The spare, if there is one, takes the tail, which keeps its room: no allocation.
        if let Some(mut chunk) = self.spare.take() {
            if let Some(c) = Arc::get_mut(&mut chunk) {
                c.prev = self.frozen.take();
                c.start = start;
                c.items.append(&mut self.tail);
                self.frozen = Some(chunk);
                return;
            }
        }
        // The next tail is sized for a chunk at once: one allocation, not one per doubling.
        let items = std::mem::replace(&mut self.tail, Vec::with_capacity(CHUNK));
        self.frozen = Some(Arc::new(Chunk {
            prev: self.frozen.take(),
            start,
            items,
        }));
    }

    /// Freeze once the tail holds [`CHUNK`] entries.
    pub(crate) fn freeze_if_full(&mut self) {
        if self.tail.len() >= CHUNK {
            self.freeze();
        }
    }

    /// The entries from position `from` on, copied (the events of the choice being applied).
    pub(crate) fn since(&self, from: usize) -> Vec<T> {
        let frozen = self.frozen_len();
        if from >= frozen {
            return self.tail.get(from - frozen..).unwrap_or_default().to_vec();
        }
        self.as_slice().get(from..).unwrap_or_default().to_vec()
    }

    /// The whole list, oldest first.
    pub(crate) fn as_slice(&self) -> &[T] {
        if self.frozen.is_none() {
            return &self.tail;
        }
        self.flat.get_or_init(|| {
            let mut chunks = Vec::new();
            let mut next = self.frozen.as_deref();
            while let Some(c) = next {
                chunks.push(c);
                next = c.prev.as_deref();
            }
            let mut all = Vec::with_capacity(self.len());
            for c in chunks.iter().rev() {
                all.extend(c.items.iter().cloned());
            }
            all.extend(self.tail.iter().cloned());
            all
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Log;
    use std::sync::Arc;

    /// 200,000 entries in as many chunks: a fork kept at every freeze makes each chunk shared,
    /// so the next freeze links a new one. The forks are returned, to drop first.
    fn long_chain(a: &mut Log<u32>) -> Vec<Log<u32>> {
        let mut forks = Vec::new();
        for k in 0..200_000u32 {
            a.push(k);
            a.freeze();
            forks.push(a.clone());
        }
        forks
    }

    /// How many chunks the list is frozen in.
    fn chunks(a: &Log<u32>) -> usize {
        let mut n = 0;
        let mut next = a.frozen.as_deref();
        while let Some(c) = next {
            n += 1;
            next = c.prev.as_deref();
        }
        n
    }

    #[test]
    fn an_unshared_chunk_takes_the_tail_in_place() {
        let mut a = Log::default();
        for k in 0..100u32 {
            a.push(k);
            a.freeze_if_full();
        }
        assert_eq!(chunks(&a), 1);
        let b = a.clone();
        for k in 100..140u32 {
            a.push(k);
            a.freeze_if_full();
        }
        // The chunk `b` shares is left as it was; `a` goes on in a chunk of its own.
        assert_eq!(chunks(&a), 2);
        assert_eq!(b.len(), 100);
        assert!(Arc::ptr_eq(
            a.frozen.as_ref().unwrap().prev.as_ref().unwrap(),
            b.frozen.as_ref().unwrap()
        ));
        assert_eq!(a.as_slice(), (0..140).collect::<Vec<_>>());
        assert_eq!(b.as_slice(), (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn forks_share_the_past_and_keep_their_own_future() {
        let mut a = Log::default();
        a.push(1);
        a.push(2);
        a.freeze();
        a.push(3);
        let mut b = a.clone();
        a.freeze();
        a.push(4);
        b.push(30);
        b.freeze();
        assert_eq!(a.as_slice(), &[1, 2, 3, 4]);
        assert_eq!(b.as_slice(), &[1, 2, 3, 30]);
        assert_eq!(a.since(2), vec![3, 4]);
        assert_eq!(b.since(1), vec![2, 3, 30]);
        a.push(5);
        assert_eq!(a.as_slice(), &[1, 2, 3, 4, 5]);
        assert_eq!(a.len(), 5);
        b.clear();
        assert_eq!(b.len(), 0);
        assert_eq!(a.as_slice(), &[1, 2, 3, 4, 5]);
    }

    #[test]
    fn clone_from_is_the_source_whatever_it_held() {
        let mut root = Log::default();
        for k in 0..40u32 {
            root.push(k);
            root.freeze_if_full();
        }
        let mut scratch = Log::default();
        scratch.push(7);
        for round in 0..3u32 {
            scratch.clone_from(&root);
            assert_eq!(scratch.as_slice(), root.as_slice());
            assert_eq!(scratch.len(), 40);
            // The scratch plays on; the root keeps its own.
            for k in 0..(20 + round) {
                scratch.push(100 + k);
                scratch.freeze_if_full();
            }
            assert_eq!(scratch.len(), 60 + round as usize);
            assert_eq!(root.since(38), vec![38, 39]);
        }
        root.freeze();
        scratch.clone_from(&root);
        assert_eq!(scratch.since(0), root.as_slice());
        scratch.clone_from(&Log::default());
        assert_eq!(scratch.len(), 0);
        // A long chain of the scratch's own is unlinked one link at a time.
        let forks = long_chain(&mut scratch);
        drop(forks);
        scratch.clone_from(&root);
        assert_eq!(scratch.len(), 40);
    }

    /// The storage a scratch list was played out in: its newest chunk's address and room.
    fn own_chunk(a: &Log<u32>) -> (*const super::Chunk<u32>, usize) {
        let c = a.frozen.as_ref().unwrap();
        (Arc::as_ptr(c), Vec::capacity(&c.items))
    }

    #[test]
    fn a_list_let_go_is_reused_for_the_next() {
        let mut root = Log::default();
        for k in 0..40u32 {
            root.push(k);
            root.freeze_if_full();
        }
        root.freeze();
        let mut scratch = root.clone();
        let mut storage = None;
        for round in 0..4u32 {
            scratch.clone_from(&root);
            for k in 0..500 {
                scratch.push(1000 * round + k);
                scratch.freeze_if_full();
            }
            // From the second playout on, the chunk of the first is the one played into, with
            // the room it grew to: nothing was allocated for it.
            let now = own_chunk(&scratch);
            assert_eq!(*storage.get_or_insert(now), now, "round {round}");
            assert_eq!(scratch.len(), 540);
            let want: Vec<u32> = (0..40).chain((0..500).map(|k| 1000 * round + k)).collect();
            assert_eq!(scratch.as_slice(), want);
            assert_eq!(root.as_slice(), (0..40).collect::<Vec<_>>());
        }
        // A list emptied for a new game starts its first chunk in the spare too.
        scratch.clear();
        assert_eq!(scratch.len(), 0);
        for k in 0..100 {
            scratch.push(k);
            scratch.freeze_if_full();
        }
        assert_eq!(own_chunk(&scratch).0, storage.unwrap().0);
        assert_eq!(scratch.as_slice(), (0..100).collect::<Vec<_>>());
        // A clone has no spare: the spare is never shared.
        let mut other = scratch.clone();
        other.clear();
        assert!(other.spare.is_none());
    }

    #[test]
    fn a_long_chain_drops_without_recursion() {
        let mut a = Log::default();
        let forks = long_chain(&mut a);
        drop(forks);
        let b = a.clone();
        drop(a);
        assert_eq!(b.len(), 200_000);
        assert_eq!(b.as_slice()[199_999], 199_999);
    }
}
