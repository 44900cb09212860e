#!/usr/bin/env bash
# Runs ThumbIndex's collation core beside the ICU C++ reference (../shared/bench/baseline.cpp) on the same
# input, alternating, and prints the median wall times and their ratio. Benchmarks only: tests never need
# ../shared. Usage: Benchmarks/compare.sh [FILE] [LOCALE] [RUNS]
#   FILE defaults to 1M mixed-locale names made by ../shared/bench/gen_data.py into Benchmarks/.data.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared/bench
data=Benchmarks/.data
file=${1:-$data/names_mixed_1M.txt}
locale=${2:-sv_SE}
runs=${3:-5}

if [ ! -f "$file" ]; then
  python3 -m venv "$data/venv" && "$data/venv/bin/pip" install -q -r "$shared/requirements.txt"
  "$data/venv/bin/python" "$shared/gen_data.py" --size 100k 1M --what mixed symbols --out "$data"
fi
mkdir -p .build
[ -x .build/icu-baseline ] || g++ -O2 -std=c++17 "$shared/baseline.cpp" -o .build/icu-baseline $(pkg-config --cflags --libs icu-i18n icu-uc)
swift build -c release --product thumbindex >/dev/null
swift build -c release --package-path Benchmarks >/dev/null
bench=Benchmarks/.build/release/collation-bench
cli=.build/release/thumbindex
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

wall() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

: > "$out/ref"; : > "$out/core"; : > "$out/refo"; : > "$out/cli"
for _ in $(seq "$runs"); do
  wall .build/icu-baseline "$file" "$locale" --mode all >> "$out/ref"
  wall "$bench" "$file" "$locale" all >> "$out/core"
  wall .build/icu-baseline "$file" "$locale" --mode all -o "$out/sorted" >> "$out/refo"
  wall sh -c "$cli sort --sections --locale $locale $file > $out/sections" >> "$out/cli"
done
ref=$(median < "$out/ref"); core=$(median < "$out/core"); refo=$(median < "$out/refo"); cli=$(median < "$out/cli")
echo "input: $file ($(wc -l < "$file") lines), locale $locale, $runs alternating runs, median wall ms"
echo "reference all:                       $ref ms"
echo "collation core (bucket+sort):        $core ms   ratio $(awk "BEGIN{printf \"%.2f\", $core/$ref}")x"
echo "reference all -o FILE:               $refo ms"
echo "thumbindex sort --sections > FILE:   $cli ms   ratio $(awk "BEGIN{printf \"%.2f\", $cli/$refo}")x"
