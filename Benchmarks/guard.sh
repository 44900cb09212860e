#!/usr/bin/env bash
# Notices a change that makes the collation core slower. Runs `thumbindex sort --sections` (release build) of 100k
# names in many scripts beside ICU's own C++ doing the same on one core (Benchmarks/reference/sections.cpp),
# alternating, and compares the ratio of their medians with the one recorded in Benchmarks/guard-baseline.txt: more
# than 10% worse is reported as a regression to look into. It reports and never fails on a number (a shared machine is
# noisy); it fails only when something cannot be built or run. Needs nothing outside the repository but ICU's headers.
# Usage: Benchmarks/guard.sh [RUNS] [--record]   (--record writes the measured ratio as the new baseline)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
record=false
for a in "$@"; do [ "$a" = --record ] && record=true; done
[[ "$runs" =~ ^[0-9]+$ ]] || runs=7
mkdir -p Benchmarks/.data .build
names=Benchmarks/.data/guard_names_100k.txt
[ -s "$names" ] || python3 Benchmarks/gen_names.py 100000 1 > "$names"
reference=.build/guard-reference
if [ ! -x "$reference" ] || [ Benchmarks/reference/sections.cpp -nt "$reference" ]; then
  compiler=${CXX:-$(command -v c++ || command -v g++ || command -v clang++)}
  "$compiler" -O2 -std=c++17 Benchmarks/reference/sections.cpp -o "$reference" $(pkg-config --cflags --libs icu-i18n icu-uc)
fi
swift build -c release --product thumbindex >/dev/null
cli=.build/release/thumbindex

wall() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
ours=(); theirs=()
wall "$cli" sort --sections --locale sv_SE "$names" >/dev/null  # warm the page cache and ICU's data
for _ in $(seq "$runs"); do
  theirs+=("$(wall "$reference" "$names" sv_SE)")
  ours+=("$(wall "$cli" sort --sections --locale sv_SE "$names")")
done
a=$(printf '%s\n' "${ours[@]}" | median); b=$(printf '%s\n' "${theirs[@]}" | median)
ratio=$(awk "BEGIN{printf \"%.3f\", $a/$b}")
echo "guard: thumbindex sort --sections $a ms, ICU C++ reference $b ms (100k names, $runs alternating runs): ratio ${ratio}x"
baseline_file=Benchmarks/guard-baseline.txt
if $record; then
  echo "$ratio $(git rev-parse --short HEAD 2>/dev/null || echo unknown) $(date -u +%F)" > "$baseline_file"
  echo "guard: recorded ${ratio}x as the baseline"
  exit 0
fi
if [ -s "$baseline_file" ]; then
  read -r base commit day < "$baseline_file"
  if awk "BEGIN{exit !($ratio > $base * 1.10)}"; then
    echo "guard: REGRESSION? ${ratio}x is more than 10% above the baseline ${base}x (recorded at $commit, $day); run it again on a quiet machine before believing it"
  else
    echo "guard: within 10% of the baseline ${base}x (recorded at $commit, $day)"
  fi
fi
