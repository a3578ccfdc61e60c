//! Buffer memory that the thread groups of one dispatch share while they run on several cores.
//!
//! Groups are independent, except through buffers: like a GPU, the engine lets them run at
//! once, so two groups may touch the same bytes. Every byte is a relaxed atomic (on common
//! hardware a plain load or store), which keeps such a race the shader's own affair, as on a
//! GPU, instead of undefined behaviour of the engine. Read-modify-write atomics take the
//! buffer's lock, so `InterlockedAdd` from many groups adds up.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

pub struct SharedBuf {
    bytes: Vec<AtomicU8>,
    rmw: Mutex<()>,
}

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
        SharedBuf { bytes, rmw: Mutex::new(()) }
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

    /// Copies `out.len()` bytes from `at` (the caller has checked the range).
    pub fn read(&self, at: usize, out: &mut [u8]) {
        let n = out.len();
        for (o, b) in out.iter_mut().zip(&self.bytes[at..at + n]) {
            *o = b.load(Ordering::Relaxed);
        }
    }

    pub fn write(&self, at: usize, src: &[u8]) {
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
