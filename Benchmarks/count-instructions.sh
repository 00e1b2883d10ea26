#!/usr/bin/env bash
# The instruction gate: counts the instructions that each profile's measured steps retire, under
# valgrind's callgrind, and compares them with Benchmarks/instruction-counts.txt. A count is the
# same in every run of a build (within 0.3 % so far), however fast or busy the host is, so this
# gate fails on 1 % more work, where the wall clock's cannot fail below 50 %.
#
#   Benchmarks/count-instructions.sh [--update] [--tolerance PERCENT] [--jobs N] [profile ...]
#
# Each row of the counts file names a profile of Profiles/, the steps to run before the counted
# ones (the package benchmarks' warm-up: the profile's own, or half its run), the counted steps
# and their recorded instructions. `dynamics run --warmup W --steps N` runs them on one thread;
# callgrind counts only inside `runMeasuredSteps`. Named profiles limit the run to their rows.
#
# The counts depend on what the engine decides from the host: the contact kernel (AVX on every
# x86-64 host that has it, valgrind included) and the cache sizes behind its prefetching
# thresholds (`World+Prefetching.swift`). callgrind-count.sh, which runs each count, pins the
# sizes to those of the recording host, so that a host with other caches counts what the
# recording host would; counts recorded on x86-64 do not compare on another architecture.
#
# Exits 0 when no count is more than the tolerance (default 1 %) above its recording (fewer
# instructions pass, with a note), 2 when one is, 1 when something could not be counted. With
# --update it writes the new counts into the file instead of comparing.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
counts="$here/instruction-counts.txt"

update=0 tolerance=1 jobs="$(nproc 2>/dev/null || echo 1)"
names=()
while [ $# -gt 0 ]; do
    case "$1" in
        --update) update=1 ;;
        --tolerance)
            tolerance="${2:-}"; shift
            [[ "$tolerance" =~ ^[0-9]+([.][0-9]+)?$ ]] || { echo "count-instructions: --tolerance needs a percentage >= 0, got '$tolerance'" >&2; exit 1; } ;;
        --jobs)
            jobs="${2:-}"; shift
            [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "count-instructions: --jobs needs a whole number >= 1, got '$jobs'" >&2; exit 1; } ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "count-instructions: unknown option $1 (see --help)" >&2; exit 1 ;;
        *) names+=("$1") ;;
    esac
    shift
done

if [ "$(uname -m)" != x86_64 ] && [ "$update" -eq 0 ]; then
    echo "count-instructions: the counts were recorded on x86_64 and do not compare on $(uname -m); record this architecture's in a copy of the file" >&2
    exit 1
fi

command -v valgrind >/dev/null || { echo "count-instructions: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
command -v strip >/dev/null || { echo "count-instructions: strip (binutils) is not installed" >&2; exit 1; }
[ -f "$counts" ] || { echo "count-instructions: $counts is missing" >&2; exit 1; }

# The rows: profile, warm-up steps, counted steps, recorded count ("-" where none is yet).
rows=()
line_number=0
while IFS= read -r line || [ -n "$line" ]; do
    line_number=$((line_number + 1))
    [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
    read -r name warmup steps recorded extra <<<"$line"
    if [ -n "${extra:-}" ] || ! [[ "${warmup:-}" =~ ^[0-9]+$ && "${steps:-}" =~ ^[1-9][0-9]*$ && "${recorded:-}" =~ ^([0-9]+|-)$ ]]; then
        echo "count-instructions: $counts, line $line_number: expected 'profile warmup steps count' (whole numbers, steps >= 1, count or -), got '$line'" >&2
        exit 1
    fi
    [ -f "$root/Profiles/$name.json" ] || { echo "count-instructions: $counts, line $line_number: no profile Profiles/$name.json" >&2; exit 1; }
    rows+=("$name $warmup $steps $recorded")
done <"$counts"
for name in "${names[@]}"; do
    printf '%s\n' "${rows[@]}" | grep -q "^$name " || { echo "count-instructions: $name has no row in $counts" >&2; exit 1; }
done

# valgrind cannot read the debug information of the release build, so it runs a copy without it.
(cd "$root" && swift build -c release --product dynamics) >&2 || { echo "count-instructions: the release build failed" >&2; exit 1; }
binary="$(cd "$root" && swift build -c release --show-bin-path)/dynamics"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/dynamics" && strip --strip-debug "$work/dynamics" || { echo "count-instructions: could not strip a copy of $binary" >&2; exit 1; }

selected=()
for row in "${rows[@]}"; do
    read -r name _ <<<"$row"
    if [ ${#names[@]} -eq 0 ] || printf '%s\n' "${names[@]}" | grep -qx "$name"; then selected+=("$row"); fi
done

# Counts one row into $work/<profile>.count (its messages in .log); callgrind is single-threaded,
# so rows run side by side.
count_row() {
    local name="$1" warmup="$2" steps="$3"
    "$here/callgrind-count.sh" '*runMeasuredSteps*' \
        "$work/dynamics" run "$root/Profiles/$name.json" --warmup "$warmup" --steps "$steps" >"$work/$name.count" 2>"$work/$name.log"
    echo $? >"$work/$name.status"
}
echo "count-instructions: counting ${#selected[@]} profiles under callgrind, $jobs at a time" >&2
for row in "${selected[@]}"; do
    read -r name warmup steps _ <<<"$row"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    count_row "$name" "$warmup" "$steps" &
done
wait

failed=0 worse=0 better=0
printf '%-15s %7s %6s %15s %15s %9s\n' profile warmup steps recorded counted change
for row in "${selected[@]}"; do
    read -r name warmup steps recorded <<<"$row"
    status="$(cat "$work/$name.status" 2>/dev/null || echo 1)"
    counted="$(cat "$work/$name.count" 2>/dev/null)"
    if [ "$status" != 0 ] || [ -z "$counted" ]; then
        echo "count-instructions: $name could not be counted:" >&2
        cat "$work/$name.log" >&2
        failed=1
        continue
    fi
    echo "$name $counted" >>"$work/counted"
    if [ "$recorded" = "-" ]; then
        change="new"
    else
        change="$(awk -v now="$counted" -v then="$recorded" 'BEGIN { printf "%+.2f%%", (now - then) * 100 / then }')"
        verdict="$(awk -v now="$counted" -v then="$recorded" -v t="$tolerance" \
            'BEGIN { d = (now - then) * 100 / then; print (d > t ? "worse" : (d < -t ? "better" : "same")) }')"
        [ "$verdict" = worse ] && { worse=1; change="$change WORSE"; }
        [ "$verdict" = better ] && { better=1; change="$change better"; }
    fi
    printf '%-15s %7s %6s %15s %15s %9s\n' "$name" "$warmup" "$steps" "$recorded" "$counted" "$change"
done

if [ "$update" -eq 1 ]; then
    [ "$failed" -eq 0 ] || { echo "count-instructions: not updating $counts, as some profile could not be counted" >&2; exit 1; }
    # Rewrite only the counted rows' last field, keeping comments, order and the other rows.
    awk 'NR == FNR { now[$1] = $2; next }
         /^[[:space:]]*(#|$)/ { print; next }
         ($1 in now) { printf "%-15s %6s %6s %15s\n", $1, $2, $3, now[$1]; next }
         { print }' "$work/counted" "$counts" >"$work/counts.new" && cp "$work/counts.new" "$counts"
    echo "count-instructions: recorded the counts in $counts" >&2
    exit 0
fi
if [ "$failed" -ne 0 ]; then exit 1; fi
if [ "$worse" -ne 0 ]; then
    echo "count-instructions: more instructions than recorded, past $tolerance % (the rows marked WORSE); after a deliberate change, record them with --update" >&2
    exit 2
fi
if [ "$better" -ne 0 ]; then
    echo "count-instructions: nothing worse, some fewer instructions than recorded; to record them: Benchmarks/count-instructions.sh --update" >&2
fi
exit 0
