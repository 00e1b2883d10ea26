#!/usr/bin/env bash
# Box2D v3 and this engine on the same machine, scene by scene, in alternating rounds.
#
#   Benchmarks/Box2D/compare.sh [--threads N] [--rounds N] [scene ...]
#   Benchmarks/Box2D/compare.sh --instructions [scene ...]
#
# Box2D comes from PyPI: the pyb2d3 wheel ships Box2D as a static library with its headers
# (version pinned below). The script downloads that wheel once into .build-box2d/, compiles
# box2d_bench.c, scenes.c and task_pool.c against it, builds `dynamics` in release mode, and
# then runs each scene in rounds: Box2D, then `dynamics bench` on the matching profile, and again. Alternating keeps a
# host whose speed drifts from favouring either side; each side reports its fastest round.
# Without scenes it runs the six of Box2D's benchmark; rain-1k, rain-10k, rain-100k and
# large-pyramid-stiff (Profiles/stability/, 8 sub-steps and 100 Hz contacts in both engines) run
# when named.
# --instructions counts instead of timing: every step of each scene's run, on one thread, under
# valgrind's callgrind (Benchmarks/callgrind-count.sh: inside b2World_Step for Box2D, inside
# runMeasuredSteps for ours, the cache sizes pinned as for the instruction gate). The counts do
# not move with the host's speed; they leave out what memory costs, and Box2D's build is SSE2
# where our contact passes use AVX. Takes a few minutes a scene.
# Needs: python3 with pip, a C compiler, the Swift toolchain, and the network to PyPI on the
# first run; valgrind for --instructions.
set -euo pipefail

threads=1
rounds=3
instructions=0
scenes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --threads) threads="${2:?--threads needs a number}"; shift 2 ;;
        --rounds) rounds="${2:?--rounds needs a number}"; shift 2 ;;
        --instructions) instructions=1; shift ;;
        -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
        -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
        *) scenes+=("$1"); shift ;;
    esac
done
case "$threads" in ''|*[!0-9]*|0) echo "compare.sh: --threads must be a whole number >= 1, got '$threads'" >&2; exit 2 ;; esac
case "$rounds" in ''|*[!0-9]*|0) echo "compare.sh: --rounds must be a whole number >= 1, got '$rounds'" >&2; exit 2 ;; esac
if [ "$instructions" -eq 1 ]; then
    [ "$threads" -eq 1 ] || { echo "compare.sh: --instructions counts one thread; leave out --threads" >&2; exit 2; }
    command -v valgrind >/dev/null || { echo "compare.sh: --instructions needs valgrind (apt-get install -y valgrind)" >&2; exit 2; }
fi
if [ ${#scenes[@]} -eq 0 ]; then
    scenes=(large-pyramid many-pyramids joint-grid smash tumbler junkyard)
fi

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# A scene's profile: Profiles/<scene>.json, or Profiles/stability/<scene>.json (the stiff pyramid).
profile_of() {
    local dir
    for dir in Profiles Profiles/stability; do
        [ -f "$root/$dir/$1.json" ] && { printf '%s\n' "$root/$dir/$1.json"; return 0; }
    done
    return 1
}
for scene in "${scenes[@]}"; do
    profile_of "$scene" >/dev/null || { echo "compare.sh: no profile Profiles/$scene.json or Profiles/stability/$scene.json for scene '$scene'" >&2; exit 2; }
done
cache="$root/.build-box2d"
wheel_version="0.11.1"
mkdir -p "$cache"

# Box2D: the wheel is a zip; take its static library and headers.
if [ ! -f "$cache/box2d/lib64/libbox2d.a" ]; then
    echo "fetching Box2D (pyb2d3 $wheel_version from PyPI)..." >&2
    python3 -m pip download --quiet --no-deps --only-binary :all: --python-version 3.11 \
        --platform "manylinux_2_28_$(uname -m)" --dest "$cache" "pyb2d3==$wheel_version"
    rm -rf "$cache/box2d"
    python3 -m zipfile -e "$cache"/pyb2d3-"$wheel_version"-*.whl "$cache/box2d"
fi
cc -O2 -std=c17 -Wall -Wextra -I"$cache/box2d/include" "$here/box2d_bench.c" "$here/scenes.c" "$here/task_pool.c" "$cache/box2d/lib64/libbox2d.a" \
    -lpthread -lm -o "$cache/box2d_bench"

echo "building dynamics (release)..." >&2
(cd "$root" && swift build -c release --product dynamics >/dev/null)
dynamics="$(cd "$root" && swift build -c release --show-bin-path)/dynamics"

best() { sort -g | head -n 1; }
# The first number under key $2 in the JSON text $1.
json_number() { printf '%s' "$1" | grep -o "\"$2\" *: *[0-9.eE+-]*" | head -n 1 | sed 's/.*: *//'; }

if [ "$instructions" -eq 1 ]; then
    # valgrind cannot read the release build's debug information; it runs a copy without it.
    stripped="$cache/dynamics-stripped"
    cp "$dynamics" "$stripped" && strip --strip-debug "$stripped"
    echo "instructions per step under callgrind, one thread, every step of each run (warm-up included)"
    printf '%-20s %6s %14s %14s %9s\n' scene steps "Box2D v3 (M)" "Dynamics (M)" "Box2D/us"
    for scene in "${scenes[@]}"; do
        profile="$(profile_of "$scene")"
        text="$(cat "$profile")"
        warmup="$(json_number "$text" warmupSteps || true)"
        steps=$(( $(json_number "$text" steps) + ${warmup:-0} ))
        "$root/Benchmarks/callgrind-count.sh" b2World_Step "$cache/box2d_bench" --rounds 1 --tsv "$scene" >"$cache/box2d.count" &
        ours="$("$root/Benchmarks/callgrind-count.sh" '*runMeasuredSteps*' "$stripped" run "$profile" --steps "$steps" || true)"
        wait
        box="$(cat "$cache/box2d.count")"
        if [ -z "$box" ] || [ -z "$ours" ]; then
            echo "compare.sh: $scene: callgrind reported no count (Box2D '${box}', ours '${ours}')" >&2
            exit 1
        fi
        awk -v s="$scene" -v n="$steps" -v b="$box" -v o="$ours" \
            'BEGIN { printf "%-20s %6d %14.2f %14.2f %8.2fx\n", s, n, b / n / 1e6, o / n / 1e6, b / o }'
    done
    exit 0
fi

printf '%s thread(s), fastest of %s alternating round(s), median ms per step (p90 of that round)\n' "$threads" "$rounds"
printf '%-20s %8s %18s %18s %9s\n' scene bodies "Box2D v3" Dynamics "Box2D/us"
for scene in "${scenes[@]}"; do
    profile="$(profile_of "$scene")"
    box_rows=""; our_rows=""
    for _ in $(seq "$rounds"); do
        box_rows+="$("$cache/box2d_bench" --threads "$threads" --tsv "$scene")"$'\n'
        json="$("$dynamics" bench "$profile" --threads "$threads" --json)"
        median="$(json_number "$json" medianMs)"
        p90="$(json_number "$json" p90Ms)"
        bodies="$(json_number "$json" bodies)"
        our_rows+="$median $p90 $bodies"$'\n'
    done
    box="$(printf '%s' "$box_rows" | awk -F '\t' 'NF >= 5 { print $4, $5, $2, $6, $7, $8 }' | best)"
    ours="$(printf '%s' "$our_rows" | awk 'NF == 3' | best)"
    read -r box_median box_p90 box_bodies box_drop box_side box_spread <<< "$box"
    read -r our_median our_p90 our_bodies <<< "$ours"
    if [ "$box_bodies" != "$our_bodies" ]; then
        echo "compare.sh: $scene: Box2D built $box_bodies bodies and the profile $our_bodies; scenes.c no longer builds what $profile does" >&2
        exit 1
    fi
    awk -v s="$scene" -v b="$our_bodies" -v bm="$box_median" -v bp="$box_p90" -v om="$our_median" -v op="$our_p90" \
        'BEGIN { printf "%-20s %8d %9.3f (%6.2f) %9.3f (%6.2f) %8.2fx\n", s, b, bm, bp, om, op, bm / om }'
    if [ -n "${box_drop:-}" ]; then
        printf '  Box2D %s after 500 steps: top box %s m down and %s m sideways; any box at most %s m sideways\n' \
            "$scene" "$box_drop" "$box_side" "$box_spread"
        # Ours, from the drift that `dynamics run` reports over the profile's 500 steps.
        run_json="$("$dynamics" run "$profile" --threads "$threads" --json)"
        awk -v y="$(json_number "$run_json" topY)" -v x="$(json_number "$run_json" topX)" \
            -v s="$(json_number "$run_json" mostSideways)" \
            'BEGIN { printf "  ours (dynamics run), the same 500 steps: top box %.3f m down and %.3f m sideways; any box at most %.3f m sideways\n", -y, (x < 0 ? -x : x), s }'
    fi
done
