#!/usr/bin/env bash
# Counts the instructions that a command retires inside the functions whose names match PATTERN,
# under valgrind's callgrind, and prints the count; exits 1, with the end of callgrind's log, when
# it counted nothing.
#
#   Benchmarks/callgrind-count.sh PATTERN COMMAND [ARGUMENT ...]
#
# The engine's cache sizes are pinned to 512 KiB of L2 a core and 32 MiB of L3, those of the host
# that first recorded Benchmarks/instruction-counts.txt (an AMD EPYC of the Zen 3 family; a Zen 1
# host with 8 MiB of L3 counts the same): under valgrind the system reports the emulated
# processor's (256 KiB of L2), and the prefetching thresholds follow them. Other programs ignore
# the variables. Used by count-instructions.sh and Box2D/compare.sh --instructions.
set -uo pipefail
[ $# -ge 2 ] || { echo "callgrind-count: usage: callgrind-count.sh PATTERN COMMAND [ARGUMENT ...]" >&2; exit 1; }
pattern="$1"
shift
export DYNAMICS_SECOND_LEVEL_CACHE_BYTES=512K DYNAMICS_LAST_LEVEL_CACHE_BYTES=32M
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no "--toggle-collect=$pattern" "$@" >"$log" 2>&1
status=$?
count="$(grep -o 'Collected : [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*$')"
if [ "$status" -ne 0 ] || [ -z "$count" ] || [ "$count" -eq 0 ]; then
    echo "callgrind-count: '$*' counted nothing in $pattern (exit $status); the end of its log:" >&2
    tail -n 5 "$log" >&2
    exit 1
fi
echo "$count"
