#!/usr/bin/env bash
# Compiles app/src/main/cuda/xfer_kernels.cu into the one fatbin xfer ships as a resource, and
# writes a sidecar recording how it was made.
# Usage: scripts/build-kernels.sh [OUTDIR]   (default app/src/main/resources/dev/xfer/kernels;
#        CUDA_HOME selects the toolkit, default /usr/local/cuda)
# Exit 3 when nvcc is missing. The output is committed; KernelImageIsCurrentTest checks it is current.
#
# The image carries SASS for every real architecture this nvcc knows from sm_75 up, so no GPU
# that nvcc can target needs the driver's JIT at start, plus PTX of the newest one so GPUs newer
# than this nvcc still run it (the driver compiles that PTX). sm_75 is the floor because it is
# the oldest architecture CUDA 13 still builds for. The list comes from nvcc itself, so building
# with a newer toolkit adds its architectures without editing this script.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cuda_home=${CUDA_HOME:-/usr/local/cuda}
nvcc="$cuda_home/bin/nvcc"
source_rel=app/src/main/cuda/xfer_kernels.cu
source="$root/$source_rel"
out_dir=${1:-"$root/app/src/main/resources/dev/xfer/kernels"}
name=xfer_kernels.fatbin
min_arch=75

if [ ! -x "$nvcc" ]; then
  echo "build-kernels: nvcc not found at $nvcc: install the CUDA toolkit or set CUDA_HOME to one" >&2
  exit 3
fi

# Every compute_NN that nvcc lists, NN >= min_arch, in numeric order (nvcc's own order is not
# sorted: it prints 100 110 103). Variants with a suffix (compute_90a, compute_100f) are left out:
# their code runs only on that one chip or family, and the plain target already covers it.
mapfile -t archs < <("$nvcc" --list-gpu-arch | sed -n 's/^compute_\([0-9][0-9]*\)$/\1/p' \
  | awk -v min="$min_arch" '$1 >= min' | sort -n -u)
if [ ${#archs[@]} -eq 0 ]; then
  echo "build-kernels: $nvcc --list-gpu-arch lists no architecture from compute_$min_arch up" >&2
  exit 3
fi
newest=${archs[-1]}

# Default floating point (no --use_fast_math): overlap_kernel must match async.cu's arithmetic.
flags=(-O3 -fatbin)
for a in "${archs[@]}"; do
  flags+=(-gencode "arch=compute_$a,code=sm_$a")
done
flags+=(-gencode "arch=compute_$newest,code=compute_$newest")

version=$("$nvcc" --version | grep -m1 '^Cuda compilation tools')
source_sha=$(sha256sum "$source" | cut -d' ' -f1)

mkdir -p "$out_dir"
# Compile into a scratch file and move it in only on success, so a failed build never leaves a
# half-written image (or a sidecar describing another one) behind.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The output is byte-for-byte reproducible: the same nvcc and source give the same bytes, from any
# checkout path (without -G or -lineinfo nvcc embeds no path, time or host), which lets
# KernelImageIsCurrentTest compare a rebuild with the committed image byte for byte.
"$nvcc" "${flags[@]}" -o "$scratch/$name" "$source"

fatbin_sha=$(sha256sum "$scratch/$name" | cut -d' ' -f1)
# No date or host in the sidecar: rebuilding unchanged input gives an identical sidecar too.
cat > "$scratch/$name.properties" <<PROPS
# Written by scripts/build-kernels.sh; do not edit. KernelImageIsCurrentTest reads it.
source=$source_rel
source.sha256=$source_sha
nvcc.version=$version
nvcc.flags=${flags[*]}
archs=$(printf 'sm_%s ' "${archs[@]}" | sed 's/ $//')
ptx=compute_$newest
fatbin.sha256=$fatbin_sha
PROPS
mv "$scratch/$name" "$scratch/$name.properties" "$out_dir/"
echo "build-kernels: wrote $out_dir/$name ($(stat -c %s "$out_dir/$name") bytes; SASS ${archs[*]/#/sm_}, PTX compute_$newest)"
