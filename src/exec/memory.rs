//! Buffer memory that the thread groups of one dispatch share while they run on several cores.
//!
//! Groups are independent, except through buffers: like a GPU, the engine lets them run at
//! once, so two groups may touch the same bytes. Every byte is a relaxed atomic (on common
//! hardware a plain load or store), which keeps such a race the shader's own affair, as on a
//! GPU, instead of undefined behaviour of the engine. Read-modify-write atomics take the
//! buffer's lock, so `InterlockedAdd` from many groups adds up.
//!
//! A parallel run that reports a diagnostic runs again alone (so its report has one order),
//! from the buffers as they were. Rather than copy every writable buffer before each run, a
//! serial step as long as the buffer, a buffer [`SharedBuf::keeping_originals`] saves each
//! page the first time anything writes to it, on the thread that writes, and
//! [`SharedBuf::restored`] puts the saved pages back.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

/// The granularity of saved originals.
const PAGE: usize = 4096;

const UNTOUCHED: u8 = 0;
const SAVING: u8 = 1;
const SAVED: u8 = 2;

pub struct SharedBuf {
    bytes: Vec<AtomicU8>,
    rmw: Mutex<()>,
    originals: Option<Originals>,
}

/// The original contents of the pages written so far.
struct Originals {
    /// Per page: UNTOUCHED, SAVING (one thread is copying it) or SAVED.
    state: Vec<AtomicU8>,
    /// The saved bytes, at the offsets they came from; a page is written only by the thread
    /// that moved its state from UNTOUCHED to SAVING.
    saved: Vec<UnsafeCell<u8>>,
}

// SAFETY: `saved` is only written page by page by the one thread that claimed the page (a
// compare-exchange on its state), and read only once the run is over (`restored`).
unsafe impl Sync for Originals {}

impl SharedBuf {
    /// Takes the bytes over without copying them: a dispatch's buffers can be large, and the
    /// conversion would otherwise be a serial part of every run.
    pub fn new(data: Vec<u8>) -> SharedBuf {
        let mut data = std::mem::ManuallyDrop::new(data);
        let (ptr, len, cap) = (data.as_mut_ptr(), data.len(), data.capacity());
        // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`, so the
        // allocation is a valid one of `cap` `AtomicU8`s, of which `len` are initialised; the
        // original vector is forgotten, so the allocation has one owner.
        let bytes = unsafe { Vec::from_raw_parts(ptr.cast::<AtomicU8>(), len, cap) };
        SharedBuf { bytes, rmw: Mutex::new(()), originals: None }
    }

    /// [`SharedBuf::new`], saving each page's original bytes before its first write, so
    /// [`SharedBuf::restored`] can give the buffer as it was.
    pub fn keeping_originals(data: Vec<u8>) -> SharedBuf {
        let pages = data.len().div_ceil(PAGE);
        let mut b = SharedBuf::new(data);
        // Zeroed memory costs nothing until a page is saved into it.
        let mut zeros = std::mem::ManuallyDrop::new(vec![0u8; b.bytes.len()]);
        let (ptr, len, cap) = (zeros.as_mut_ptr(), zeros.len(), zeros.capacity());
        // SAFETY: `UnsafeCell<u8>` has the layout of `u8` (`repr(transparent)`); the vector is
        // forgotten, so the allocation has one owner.
        let saved = unsafe { Vec::from_raw_parts(ptr.cast::<UnsafeCell<u8>>(), len, cap) };
        b.originals = Some(Originals { state: (0..pages).map(|_| AtomicU8::new(UNTOUCHED)).collect(), saved });
        b
    }

    /// The buffer as it was before the run: every saved page put back.
    pub fn restored(mut self) -> SharedBuf {
        if let Some(o) = self.originals.take() {
            for (page, state) in o.state.iter().enumerate() {
                if state.load(Ordering::Acquire) == SAVED {
                    let range = page * PAGE..((page + 1) * PAGE).min(self.bytes.len());
                    for (b, s) in self.bytes[range.clone()].iter().zip(&o.saved[range]) {
                        // SAFETY: the run is over; nothing else touches `saved`.
                        b.store(unsafe { *s.get() }, Ordering::Relaxed);
                    }
                }
            }
        }
        self
    }

    pub fn into_vec(self) -> Vec<u8> {
        let mut bytes = std::mem::ManuallyDrop::new(self.bytes);
        let (ptr, len, cap) = (bytes.as_mut_ptr(), bytes.len(), bytes.capacity());
        // SAFETY: as in `new`, the other way round; no other reference to the bytes is left
        // (`self` is consumed).
        unsafe { Vec::from_raw_parts(ptr.cast::<u8>(), len, cap) }
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Before bytes `at..at + n` change: their pages' originals are saved.
    fn before_write(&self, at: usize, n: usize) {
        let Some(o) = &self.originals else { return };
        if n == 0 {
            return;
        }
        for page in at / PAGE..=(at + n - 1) / PAGE {
            let state = &o.state[page];
            if state.load(Ordering::Acquire) == SAVED {
                continue;
            }
            match state.compare_exchange(UNTOUCHED, SAVING, Ordering::Acquire, Ordering::Acquire) {
                Ok(_) => {
                    let range = page * PAGE..((page + 1) * PAGE).min(self.bytes.len());
                    // SAFETY: this thread owns the page's part of `saved` (it won the exchange), and
                    // no thread writes the page's bytes before SAVED, so a plain copy of them
                    // races with nothing (other threads may only read them).
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            self.bytes[range.clone()].as_ptr().cast::<u8>(),
                            UnsafeCell::raw_get(o.saved[range.clone()].as_ptr()),
                            range.len(),
                        );
                    }
                    state.store(SAVED, Ordering::Release);
                }
                Err(_) => {
                    while state.load(Ordering::Acquire) != SAVED {
                        std::hint::spin_loop();
                    }
                }
            }
        }
    }

    /// Copies `out.len()` bytes from `at` (the caller has checked the range).
    pub fn read(&self, at: usize, out: &mut [u8]) {
        let n = out.len();
        for (o, b) in out.iter_mut().zip(&self.bytes[at..at + n]) {
            *o = b.load(Ordering::Relaxed);
        }
    }

    pub fn write(&self, at: usize, src: &[u8]) {
        self.before_write(at, src.len());
        for (s, b) in src.iter().zip(&self.bytes[at..at + src.len()]) {
            b.store(*s, Ordering::Relaxed);
        }
    }

    /// The little-endian value of `size` (at most 8) bytes at `at`.
    pub fn load(&self, at: usize, size: usize) -> u64 {
        let mut bytes = [0u8; 8];
        self.read(at, &mut bytes[..size]);
        u64::from_le_bytes(bytes)
    }

    pub fn store(&self, at: usize, size: usize, value: u64) {
        self.write(at, &value.to_le_bytes()[..size]);
    }

    /// An atomic read-modify-write of `size` bytes at `at`: `f` maps the old value to the new;
    /// returns the old one.
    pub fn modify(&self, at: usize, size: usize, f: impl FnOnce(u64) -> u64) -> u64 {
        let _held = self.rmw.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let old = self.load(at, size);
        self.store(at, size, f(old));
        old
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restored_gives_back_every_page_as_it_was() {
        let data: Vec<u8> = (0..3 * PAGE + 100).map(|i| (i % 251) as u8).collect();
        let b = SharedBuf::keeping_originals(data.clone());
        std::thread::scope(|s| {
            for t in 0..4u8 {
                let b = &b;
                s.spawn(move || {
                    for i in (t as usize..b.len()).step_by(7) {
                        b.store(i, 1, 0xEE);
                    }
                    b.modify(PAGE - 2, 4, |v| v + 1);
                });
            }
        });
        assert_eq!(b.restored().into_vec(), data);
        // The last, partial page too.
        let tail = SharedBuf::keeping_originals(data.clone());
        tail.write(3 * PAGE + 99, &[1]);
        assert_eq!(tail.restored().into_vec(), data);
        // Without originals, nothing comes back.
        let plain = SharedBuf::new(vec![1, 2, 3]);
        plain.write(0, &[9]);
        assert_eq!(plain.restored().into_vec(), vec![9, 2, 3]);
    }
}
