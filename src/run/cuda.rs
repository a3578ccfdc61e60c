//! The CUDA engine: a `.cu` from the CUDA backend compiled by `nvcc -ptx`, then loaded and
//! launched once through the CUDA driver API. `libcuda.so.1` is opened at run time, so wavec
//! builds and runs its other engines on machines without CUDA.

use libloading::{Library, Symbol};
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::path::PathBuf;

type CuResult = c_int;
type Ptr = u64;

/// One kernel argument, as the launcher passes it.
#[derive(Clone, Debug)]
pub enum Arg {
    /// A device buffer holding these bytes (copied back after the run).
    Buffer(Vec<u8>),
    /// A 32-bit value.
    Uint(u32),
    /// A null pointer (a parameter the kernel does not use).
    Null,
    /// A `wavec::Image` by value: a device buffer holding these texels (copied back after the
    /// run), then the shape's words (format, width, height, depth, layers, mips, count).
    Image(Vec<u8>, [u32; 7]),
    /// A struct by value: these bytes (a `wavec::Sampler`).
    Value(Vec<u8>),
    /// A device pointer to `wavec::Image`s: a device buffer holding the texels of all of
    /// them (copied back after the run), each `element_bytes` long, and their shape.
    Images { data: Vec<u8>, shape: [u32; 7], element_bytes: usize },
    /// A device pointer to a read-only copy of these bytes (an array of `wavec::Sampler`s).
    Device(Vec<u8>),
}

pub struct Launch<'a> {
    pub source: &'a str,
    pub kernel: &'a str,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub args: Vec<Arg>,
    /// Launches timed after the measured one (`--time`), after warm-up launches; 0 for none.
    pub timed_runs: u32,
}

pub struct Launched {
    /// The buffers' bytes after the run, one per `Arg::Buffer` and `Arg::Image`, in order.
    pub buffers: Vec<Vec<u8>>,
    /// `NVIDIA H100 80GB HBM3 (sm_90)`.
    pub device: String,
    /// The device time of each timed launch, from events recorded around it.
    pub times: Vec<std::time::Duration>,
}

struct Api {
    _lib: Library,
    init: unsafe extern "C" fn(c_uint) -> CuResult,
    device_get: unsafe extern "C" fn(*mut c_int, c_int) -> CuResult,
    device_name: unsafe extern "C" fn(*mut c_char, c_int, c_int) -> CuResult,
    device_attribute: unsafe extern "C" fn(*mut c_int, c_int, c_int) -> CuResult,
    primary_retain: unsafe extern "C" fn(*mut *mut c_void, c_int) -> CuResult,
    primary_reset: unsafe extern "C" fn(c_int) -> CuResult,
    ctx_set_current: unsafe extern "C" fn(*mut c_void) -> CuResult,
    module_load_data: unsafe extern "C" fn(*mut *mut c_void, *const c_void) -> CuResult,
    module_unload: unsafe extern "C" fn(*mut c_void) -> CuResult,
    module_function: unsafe extern "C" fn(*mut *mut c_void, *mut c_void, *const c_char) -> CuResult,
    mem_alloc: unsafe extern "C" fn(*mut Ptr, usize) -> CuResult,
    mem_free: unsafe extern "C" fn(Ptr) -> CuResult,
    htod: unsafe extern "C" fn(Ptr, *const c_void, usize) -> CuResult,
    dtoh: unsafe extern "C" fn(*mut c_void, Ptr, usize) -> CuResult,
    #[allow(clippy::type_complexity)]
    launch: unsafe extern "C" fn(
        *mut c_void,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        *mut c_void,
        *mut *mut c_void,
        *mut *mut c_void,
    ) -> CuResult,
    synchronize: unsafe extern "C" fn() -> CuResult,
    event_create: unsafe extern "C" fn(*mut *mut c_void, c_uint) -> CuResult,
    event_record: unsafe extern "C" fn(*mut c_void, *mut c_void) -> CuResult,
    event_synchronize: unsafe extern "C" fn(*mut c_void) -> CuResult,
    event_elapsed: unsafe extern "C" fn(*mut f32, *mut c_void, *mut c_void) -> CuResult,
    event_destroy: unsafe extern "C" fn(*mut c_void) -> CuResult,
    error_string: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult,
}

impl Api {
    fn load() -> Result<Api, String> {
        // SAFETY: loading the system's CUDA driver library runs its initializers, as any CUDA
        // program does; the symbols below are the driver API's documented C signatures.
        unsafe {
            let lib =
                Library::new("libcuda.so.1").map_err(|e| format!("cannot load the CUDA driver (libcuda.so.1): {e}"))?;
            macro_rules! sym {
                ($name:literal) => {{
                    let s: Symbol<_> = lib
                        .get(concat!($name, "\0").as_bytes())
                        .map_err(|e| format!("libcuda.so.1 lacks {}: {e}", $name))?;
                    *s
                }};
            }
            Ok(Api {
                init: sym!("cuInit"),
                device_get: sym!("cuDeviceGet"),
                device_name: sym!("cuDeviceGetName"),
                device_attribute: sym!("cuDeviceGetAttribute"),
                primary_retain: sym!("cuDevicePrimaryCtxRetain"),
                primary_reset: sym!("cuDevicePrimaryCtxReset_v2"),
                ctx_set_current: sym!("cuCtxSetCurrent"),
                module_load_data: sym!("cuModuleLoadData"),
                module_unload: sym!("cuModuleUnload"),
                module_function: sym!("cuModuleGetFunction"),
                mem_alloc: sym!("cuMemAlloc_v2"),
                mem_free: sym!("cuMemFree_v2"),
                htod: sym!("cuMemcpyHtoD_v2"),
                dtoh: sym!("cuMemcpyDtoH_v2"),
                launch: sym!("cuLaunchKernel"),
                synchronize: sym!("cuCtxSynchronize"),
                event_create: sym!("cuEventCreate"),
                event_record: sym!("cuEventRecord"),
                event_synchronize: sym!("cuEventSynchronize"),
                event_elapsed: sym!("cuEventElapsedTime"),
                event_destroy: sym!("cuEventDestroy_v2"),
                error_string: sym!("cuGetErrorString"),
                _lib: lib,
            })
        }
    }

    fn check(&self, r: CuResult, what: &str) -> Result<(), String> {
        if r == 0 {
            return Ok(());
        }
        let mut text: *const c_char = std::ptr::null();
        // SAFETY: cuGetErrorString writes a pointer to a static string, or leaves it null.
        let msg = unsafe {
            (self.error_string)(r, &mut text);
            if text.is_null() {
                "unknown error".to_string()
            } else {
                CStr::from_ptr(text).to_string_lossy().into_owned()
            }
        };
        Err(format!("{what} failed: CUDA error {r} ({msg})"))
    }
}

/// The nvcc to run: `$WAVEC_NVCC`, else `nvcc` on the PATH, else CUDA's default place.
fn nvcc() -> PathBuf {
    if let Some(p) = std::env::var_os("WAVEC_NVCC") {
        return PathBuf::from(p);
    }
    let default = PathBuf::from("/usr/local/cuda/bin/nvcc");
    let on_path =
        std::env::var_os("PATH").map(|p| std::env::split_paths(&p).any(|d| d.join("nvcc").is_file())).unwrap_or(false);
    if !on_path && default.is_file() {
        default
    } else {
        PathBuf::from("nvcc")
    }
}

/// `nvcc -ptx` of the source for the device's architecture: the PTX text.
fn compile(source: &str, arch: &str) -> Result<Vec<u8>, String> {
    let dir = std::env::temp_dir().join(format!("wavec-cuda-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (cu, ptx) = (dir.join("kernel.cu"), dir.join("kernel.ptx"));
    std::fs::write(&cu, source).map_err(|e| format!("cannot write {}: {e}", cu.display()))?;
    let out = std::process::Command::new(nvcc())
        .args(["-ptx", "-std=c++17", &format!("-arch={arch}"), "-o"])
        .arg(&ptx)
        .arg(&cu)
        .output()
        .map_err(|e| format!("cannot run nvcc (set WAVEC_NVCC, or put CUDA's bin on the PATH): {e}"))?;
    let result = if out.status.success() {
        std::fs::read(&ptx).map_err(|e| format!("cannot read {}: {e}", ptx.display()))
    } else {
        Err(format!(
            "nvcc rejects the CUDA output:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Compiles and runs one launch on the first CUDA device.
pub fn launch(l: &Launch) -> Result<Launched, String> {
    let api = Api::load()?;
    // SAFETY: every call below is a CUDA driver API call with arguments of its documented
    // types; device pointers come from cuMemAlloc and are freed once; host pointers point into
    // live Vecs of at least the sizes passed.
    unsafe {
        api.check((api.init)(0), "cuInit")?;
        let mut dev = 0;
        api.check((api.device_get)(&mut dev, 0), "cuDeviceGet")?;
        let mut name = [0 as c_char; 256];
        api.check((api.device_name)(name.as_mut_ptr(), 256, dev), "cuDeviceGetName")?;
        let name = CStr::from_ptr(name.as_ptr()).to_string_lossy().into_owned();
        let (mut major, mut minor) = (0, 0);
        // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR / _MINOR.
        api.check((api.device_attribute)(&mut major, 75, dev), "cuDeviceGetAttribute")?;
        api.check((api.device_attribute)(&mut minor, 76, dev), "cuDeviceGetAttribute")?;
        let arch = format!("sm_{major}{minor}");
        let mut ptx = compile(l.source, &arch)?;
        ptx.push(0);
        let mut ctx = std::ptr::null_mut();
        api.check((api.primary_retain)(&mut ctx, dev), "cuDevicePrimaryCtxRetain")?;
        api.check((api.ctx_set_current)(ctx), "cuCtxSetCurrent")?;
        let mut module = std::ptr::null_mut();
        api.check((api.module_load_data)(&mut module, ptx.as_ptr() as *const c_void), "cuModuleLoadData")?;
        let kernel = CString::new(l.kernel).map_err(|_| "a kernel name with a NUL".to_string())?;
        let mut function = std::ptr::null_mut();
        api.check((api.module_function)(&mut function, module, kernel.as_ptr()), "cuModuleGetFunction")?;

        let mut device_buffers: Vec<(Ptr, usize)> = Vec::new();
        // Values the argument array points at: device pointers (u64) and counts (u32).
        let mut pointers: Vec<Ptr> = Vec::with_capacity(l.args.len());
        let mut uints: Vec<u32> = Vec::with_capacity(l.args.len());
        // By-value structs: an image's device pointer and shape, a sampler's bytes.
        let mut values: Vec<Vec<u8>> = Vec::new();
        // Device buffers the kernel only reads, never copied back: arrays of structs.
        let mut inputs: Vec<Ptr> = Vec::new();
        let mut result = Ok(());
        for a in &l.args {
            match a {
                Arg::Buffer(data) | Arg::Image(data, _) | Arg::Images { data, .. } => {
                    let p = match upload(&api, data) {
                        Ok(p) => p,
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    };
                    device_buffers.push((p, data.len()));
                    let image = |at: Ptr, shape: &[u32; 7]| {
                        let mut v = at.to_le_bytes().to_vec();
                        for w in shape.iter().chain(&[0]) {
                            v.extend(w.to_le_bytes());
                        }
                        v
                    };
                    match a {
                        Arg::Image(_, shape) => values.push(image(p, shape)),
                        // The structs of an array of images, each at its texels.
                        Arg::Images { shape, element_bytes, .. } => {
                            let structs: Vec<u8> = (0..shape[6] as u64)
                                .flat_map(|i| image(p + i * *element_bytes as u64, shape))
                                .collect();
                            result = upload(&api, &structs).map(|q| {
                                inputs.push(q);
                                pointers.push(q);
                            });
                        }
                        _ => pointers.push(p),
                    }
                }
                Arg::Device(bytes) => {
                    result = upload(&api, bytes).map(|q| {
                        inputs.push(q);
                        pointers.push(q);
                    });
                }
                Arg::Null => pointers.push(0),
                Arg::Uint(v) => uints.push(*v),
                Arg::Value(bytes) => values.push(bytes.clone()),
            }
            if result.is_err() {
                break;
            }
        }
        let mut buffers = Vec::new();
        let mut times = Vec::new();
        if result.is_ok() {
            let (mut pi, mut ui, mut vi) = (0, 0, 0);
            let mut params: Vec<*mut c_void> = Vec::with_capacity(l.args.len());
            for a in &l.args {
                match a {
                    Arg::Uint(_) => {
                        params.push(&mut uints[ui] as *mut u32 as *mut c_void);
                        ui += 1;
                    }
                    Arg::Image(..) | Arg::Value(_) => {
                        params.push(values[vi].as_mut_ptr() as *mut c_void);
                        vi += 1;
                    }
                    _ => {
                        params.push(&mut pointers[pi] as *mut Ptr as *mut c_void);
                        pi += 1;
                    }
                }
            }
            let [gx, gy, gz] = l.grid;
            let [bx, by, bz] = l.block;
            let params = params.as_mut_ptr();
            let run = || {
                api.check(
                    (api.launch)(
                        function,
                        gx,
                        gy,
                        gz,
                        bx,
                        by,
                        bz,
                        0,
                        std::ptr::null_mut(),
                        params,
                        std::ptr::null_mut(),
                    ),
                    "cuLaunchKernel",
                )
            };
            result = run().and_then(|_| api.check((api.synchronize)(), "the kernel"));
            if result.is_ok() {
                for (p, len) in &device_buffers {
                    let mut out = vec![0u8; *len];
                    if *len > 0 {
                        result = api.check((api.dtoh)(out.as_mut_ptr() as *mut c_void, *p, *len), "cuMemcpyDtoH");
                    }
                    buffers.push(out);
                }
            }
            if result.is_ok() && l.timed_runs > 0 {
                // Each timed launch starts from the buffers the measured one started from, so
                // it does the same work (and a kernel that appends stays in bounds).
                let restore = || {
                    device_buffers
                        .iter()
                        .zip(l.args.iter().filter_map(|a| match a {
                            Arg::Buffer(d) | Arg::Image(d, _) | Arg::Images { data: d, .. } => Some(d),
                            _ => None,
                        }))
                        .try_for_each(|((p, _), data)| {
                            let r = if data.is_empty() {
                                0
                            } else {
                                (api.htod)(*p, data.as_ptr() as *const c_void, data.len())
                            };
                            api.check(r, "cuMemcpyHtoD")
                        })
                };
                result = time_launches(&api, &restore, &run, l.timed_runs).map(|t| times = t);
            }
        }
        for p in device_buffers.iter().map(|(p, _)| p).chain(&inputs) {
            (api.mem_free)(*p);
        }
        (api.module_unload)(module);
        if result.is_err() {
            // A kernel fault poisons the context for the rest of the process: start afresh.
            (api.primary_reset)(dev);
        }
        result?;
        Ok(Launched { buffers, device: format!("{name} ({arch})"), times })
    }
}

/// A device buffer holding `bytes`.
///
/// # Safety
/// A CUDA context must be current.
unsafe fn upload(api: &Api, bytes: &[u8]) -> Result<Ptr, String> {
    let mut p: Ptr = 0;
    api.check((api.mem_alloc)(&mut p, bytes.len().max(4)), "cuMemAlloc")?;
    if !bytes.is_empty() {
        if let Err(e) = api.check((api.htod)(p, bytes.as_ptr() as *const c_void, bytes.len()), "cuMemcpyHtoD") {
            (api.mem_free)(p);
            return Err(e);
        }
    }
    Ok(p)
}

/// Launches after the measured one, each on the buffers `restore` puts back: a few to warm up,
/// then `runs` each between two events on the default stream, so a time is one launch alone.
fn time_launches(
    api: &Api,
    restore: &dyn Fn() -> Result<(), String>,
    run: &dyn Fn() -> Result<(), String>,
    runs: u32,
) -> Result<Vec<std::time::Duration>, String> {
    const WARM_UP: u32 = 3;
    for _ in 0..WARM_UP {
        restore()?;
        run()?;
    }
    let mut times = Vec::with_capacity(runs as usize);
    // SAFETY: events are created, recorded on the default stream (null), waited on and
    // destroyed here; cuEventElapsedTime writes one float.
    unsafe {
        let (mut start, mut end) = (std::ptr::null_mut(), std::ptr::null_mut());
        api.check((api.event_create)(&mut start, 0), "cuEventCreate")?;
        api.check((api.event_create)(&mut end, 0), "cuEventCreate")?;
        let mut result = Ok(());
        for _ in 0..runs {
            let mut ms = 0f32;
            result = restore()
                .and_then(|_| api.check((api.event_record)(start, std::ptr::null_mut()), "cuEventRecord"))
                .and_then(|_| run())
                .and_then(|_| api.check((api.event_record)(end, std::ptr::null_mut()), "cuEventRecord"))
                .and_then(|_| api.check((api.event_synchronize)(end), "the kernel"))
                .and_then(|_| api.check((api.event_elapsed)(&mut ms, start, end), "cuEventElapsedTime"));
            if result.is_err() {
                break;
            }
            times.push(std::time::Duration::from_secs_f64(f64::from(ms) / 1e3));
        }
        (api.event_destroy)(start);
        (api.event_destroy)(end);
        result.map(|_| times)
    }
}
