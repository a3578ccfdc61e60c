#!/bin/sh
# Runs wavec's CUDA engine on a machine with an NVIDIA GPU, nvcc and libcuda.so.1:
# every sample, Slang-format test and corpus shader, compiled by the CUDA backend, built by
# `nvcc -ptx` for the GPU's architecture and launched through the CUDA driver API.
#
# Where the GPU is on another machine (this project's `run` device tool), build here, carry the
# stripped programs and run the last line there:
#
#   cargo build
#   mkdir -p .dev/bin && strip -o .dev/bin/wavec target/debug/wavec \
#       && strip -o .dev/bin/wavec-vulkan target/debug/wavec-vulkan
#   git check-ignore .dev        # must print .dev (add /.dev/ to .git/info/exclude)
#   run (carry: [".dev"]): WAVEC=.dev/bin/wavec sh scripts/cuda-on-device.sh
#
# `wavec` hands `--engine cuda` to `wavec-vulkan` beside it (the dynamically linked program,
# which can load libcuda.so.1). nvcc is found through $WAVEC_NVCC, the PATH, or
# /usr/local/cuda/bin/nvcc.
set -eu
WAVEC=${WAVEC:-target/debug/wavec}
export PATH="$PATH:/usr/local/cuda/bin"
NO_COLOR=1 "$WAVEC" test --engine cuda samples tests/slang tests/corpus tests/intrinsics/cases
