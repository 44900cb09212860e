# Sourced by editors/test.sh and editors/clients/run.sh: adds the counts of a suite's "LABEL: N passed, M failed"
# line to $passed and $failed; a suite that ends without one, or exits non-zero without saying what failed, failed.
count_line() { # name output-file status [label: the line's own name, any when not given]
  local name=$1 file=$2 status=$3 label=${4:-[A-Za-z0-9._-]+} line p f
  line=$(grep -aE "^$label: [0-9]+ passed, [0-9]+ failed$" "$file" | tail -n 1)
  if [ -z "$line" ]; then
    echo "FAIL: $name ended (status $status) without a summary"
    failed=$((failed + 1))
    return
  fi
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\1/')
  f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\2/')
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$f" -eq 0 ] && [ "$status" -ne 0 ]; then
    echo "FAIL: $name exited with status $status"
    failed=$((failed + 1))
  fi
}
