#!/usr/bin/env bash
# The thresholds gate, for CI: runs `swift package benchmark thresholds check` here, in
# Benchmarks/, and exits
#   0  when no benchmark is worse than its threshold (improvements alone pass, with a note);
#   2  when one is worse (a regression: a time, a throughput, an allocation count or the memory);
#   1  when the check did not get as far as comparing.
# `swift package` exits 1 both for a regression and for an improvement; only its last error line
# (`benchmarkThresholdRegression` or `benchmarkThresholdImprovement`) tells them apart.
# Arguments go to the check, for example: Benchmarks/check-thresholds.sh --filter "Profile.*"
set -uo pipefail
cd "$(dirname "$0")"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift package --disable-sandbox benchmark thresholds check "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -eq 0 ]; then
    exit 0
elif grep -q "benchmarkThresholdRegression" "$log"; then
    echo "check-thresholds: worse than the thresholds (the tables headed 'Deviations worse than threshold' above)" >&2
    exit 2
elif grep -q "benchmarkThresholdImprovement" "$log"; then
    echo "check-thresholds: nothing worse, some better than the thresholds; to record them:" \
        "swift package --disable-sandbox --allow-writing-to-package-directory benchmark thresholds update" >&2
    exit 0
fi
echo "check-thresholds: the check did not compare anything (swift package exited $status)" >&2
exit 1
