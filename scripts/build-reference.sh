#!/usr/bin/env bash
# Builds the reference programs (benchmarks/reference/*.cu) that xfer's figures are compared with.
# Usage: scripts/build-reference.sh [OUTDIR]   (default benchmarks/reference/build, git-ignored;
#        CUDA_HOME selects the toolkit, default /usr/local/cuda; REF_ARCHS="90 100" picks the
#        SASS targets, default 90, the H200 xfer is tested on)
# Exit 3 when nvcc is missing. Build them on the GPU machine itself where you can: a binary built
# on another machine's image may need other system libraries.
#
# Named targets rather than -arch=native: native needs a GPU at build time, and these must also
# build on machines without one. PTX for the last target lets newer GPUs run them through the
# driver's JIT (slower to start, same measurements once warm).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cuda_home=${CUDA_HOME:-/usr/local/cuda}
nvcc="$cuda_home/bin/nvcc"
src="$root/benchmarks/reference"
out_dir=${1:-"$src/build"}
read -r -a archs <<< "${REF_ARCHS:-90}"

if [ ! -x "$nvcc" ]; then
  echo "build-reference: nvcc not found at $nvcc: install the CUDA toolkit or set CUDA_HOME to one" >&2
  exit 3
fi

# Default floating point (no --use_fast_math), as for xfer's fatbin: overlap_ref includes xfer's
# kernel source and must compute what xfer's image computes.
flags=(-std=c++17 -O3 -Xcompiler -Wall,-Wextra)
for a in "${archs[@]}"; do
  flags+=(-gencode "arch=compute_$a,code=sm_$a")
done
flags+=(-gencode "arch=compute_${archs[-1]},code=compute_${archs[-1]}")

mkdir -p "$out_dir"
for program in bandwidth_ref overlap_ref contention_ref; do
  "$nvcc" "${flags[@]}" -o "$out_dir/$program" "$src/$program.cu"
  echo "build-reference: wrote $out_dir/$program"
done
