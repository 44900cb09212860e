#!/usr/bin/env bash
# Runs the editor integration tests in the real editors, against the real server.
#
#   bash editors/test.sh
#
# The server: $THUMBINDEX_BIN, else .build/debug/thumbindex, else thumbindex on PATH; the run fails
# when there is none. An editor that is not installed is skipped (with a message), not failed.
#
#   THUMBINDEX_NVIM="nvim /opt/nvim-0.11/bin/nvim"   Neovim binaries to run the suite with (default: nvim)
#   THUMBINDEX_EMACS=emacs                          the Emacs binary (default: emacs)
#   THUMBINDEX_TEST_FILTER=paging                   only the Neovim tests whose names contain this
#   THUMBINDEX_UPDATE_SNAPSHOTS=1                   rewrite the Neovim outline snapshots
#
# The last line is "editors: N passed, M failed"; the exit status is 1 when anything failed.
set -u -o pipefail

start=$PWD
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root" || exit 1

passed=0
failed=0
skipped=0
work=$(mktemp -d "${TMPDIR:-/tmp}/thumbindex-editors.XXXXXX")
trap 'rm -rf "$work"' EXIT

summary() {
  if [ "$skipped" -gt 0 ]; then
    echo "editors: $skipped suite(s) skipped (not installed)"
  fi
  echo "editors: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

# The binary under test.
bin=${THUMBINDEX_BIN:-}
if [ -z "$bin" ] && [ -x "$root/.build/debug/thumbindex" ]; then
  bin="$root/.build/debug/thumbindex"
fi
if [ -z "$bin" ]; then
  bin=$(command -v thumbindex || true)
fi
if [ -z "$bin" ] || [ ! -x "$bin" ] && ! command -v "$bin" >/dev/null 2>&1; then
  echo "FAIL: no thumbindex binary: set THUMBINDEX_BIN, or build it with"
  echo "      swift build --product thumbindex   (then .build/debug/thumbindex is used)"
  failed=1
  summary
fi
case "$bin" in
  /*) ;;
  */*) bin="$start/$bin" ;;
  *) bin=$(command -v "$bin") ;;
esac
export THUMBINDEX_BIN="$bin"
echo "editors: server $bin ($("$bin" --version 2>&1))"

# count_line NAME FILE STATUS: the counts of a suite's summary line.
. "$here/counts.sh"

# Adds the counts of an ERT run's last line, "Ran N tests, K results as expected, U unexpected[, S
# skipped]" (ERT counts a skipped test as expected; it is not a pass); a run without one failed.
count_ert() { # label name output-file status
  local label=$1 name=$2 file=$3 status=$4 ran expected unexpected skips
  ran=$(grep -E '^Ran [0-9]+ tests?, ' "$file" | tail -n 1)
  if [ -z "$ran" ]; then
    echo "FAIL: the $name ended (status $status) without a summary"
    failed=$((failed + 1))
    return
  fi
  expected=$(echo "$ran" | sed -E 's/.* ([0-9]+) results? as expected.*/\1/')
  unexpected=$(echo "$ran" | sed -nE 's/.*, ([0-9]+) unexpected.*/\1/p')
  skips=$(echo "$ran" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p')
  skips=${skips:-0}
  unexpected=${unexpected:-0}
  echo "$label: $((expected - skips)) passed, $unexpected failed$([ "$skips" -gt 0 ] && echo " ($skips skipped)")"
  passed=$((passed + expected - skips))
  failed=$((failed + unexpected))
  if [ "$unexpected" -eq 0 ] && [ "$status" -ne 0 ]; then
    echo "FAIL: the $name exited with status $status"
    failed=$((failed + 1))
  fi
}

# Fresh XDG folders, so no user configuration, plugin, shada or log gets in.
isolate() { # folder
  export XDG_CONFIG_HOME="$1/config" XDG_DATA_HOME="$1/data" XDG_STATE_HOME="$1/state" XDG_CACHE_HOME="$1/cache"
  export XDG_RUNTIME_DIR="$1/run"
  mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME" "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
}

# --- Neovim -----------------------------------------------------------------------------------
for nvim in ${THUMBINDEX_NVIM:-nvim}; do
  if ! command -v "$nvim" >/dev/null 2>&1; then
    echo "SKIP: Neovim suite: $nvim is not installed (apt-get install neovim)"
    skipped=$((skipped + 1))
    continue
  fi
  echo "== Neovim suite ($nvim)"
  home="$work/nvim-$(echo "$nvim" | tr '/' '_')"
  out="$home.out"
  mkdir -p "$home"
  (
    isolate "$home"
    export HOME="$home"
    timeout -k 10 900 "$nvim" --headless -u NONE -i NONE --noplugin \
      --cmd "set rtp^=$root/editors/nvim" \
      -c "luafile $root/editors/nvim/tests/run.lua" </dev/null
  ) 2>&1 | tee "$out"
  count_line "Neovim suite ($nvim)" "$out" "${PIPESTATUS[0]}"
done

# luacheck, when installed (apt-get install lua-check): the plugin and its tests, warnings included.
if command -v luacheck >/dev/null 2>&1; then
  if luacheck "$root/editors/nvim" --config "$root/editors/nvim/.luacheckrc" --formatter plain; then
    echo "luacheck: 1 passed, 0 failed"
    passed=$((passed + 1))
  else
    echo "luacheck: 0 passed, 1 failed"
    failed=$((failed + 1))
  fi
else
  echo "SKIP: luacheck is not installed (apt-get install lua-check)"
fi

# Small rooms: no source, plugin, test or document file of the integrations over 600 lines (the
# fixtures and snapshots are data, not counted). A file that grows past it is split by concern.
long=0
while IFS= read -r file; do
  lines=$(wc -l <"$file")
  if [ "$lines" -gt 600 ]; then
    echo "FAIL: ${file#"$root"/} has $lines lines, more than 600: split it by concern"
    long=$((long + 1))
  fi
done < <(find "$root/editors" -type f \( -name '*.lua' -o -name '*.el' -o -name '*.vim' -o -name '*.sh' \
  -o -name '*.md' -o -name '*.toml' -o -path '*/doc/*.txt' \) ! -path '*/fixtures/*' ! -path '*/snapshots/*' | sort)
if [ "$long" -eq 0 ]; then
  echo "file-sizes: 1 passed, 0 failed"
  passed=$((passed + 1))
else
  echo "file-sizes: 0 passed, 1 failed"
  failed=$((failed + 1))
fi

# --- Emacs ------------------------------------------------------------------------------------
emacs=${THUMBINDEX_EMACS:-emacs}
if ! command -v "$emacs" >/dev/null 2>&1; then
  echo "SKIP: Emacs suite: $emacs is not installed (apt-get install emacs-nox elpa-eglot)"
  skipped=$((skipped + 1))
elif ! "$emacs" --batch --eval "(require 'eglot)" >/dev/null 2>&1; then
  echo "SKIP: Emacs suite: eglot is not available (Emacs 29+ has it; on Emacs 28: apt-get install elpa-eglot)"
  skipped=$((skipped + 1))
else
  echo "== Emacs suite ($("$emacs" --version | head -n 1))"
  home="$work/emacs"
  mkdir -p "$home/compile"
  (
    isolate "$home"
    export HOME="$home"
    # Byte-compiling must give no warning at all (copies, so no .elc is left in the tree), each file
    # with the others on the load path.
    cp "$root"/editors/emacs/*.el "$home/compile/"
    compiled=0
    uncompiled=0
    for file in "$home"/compile/*.el; do
      if timeout 120 "$emacs" --batch -L "$home/compile" --eval "(setq byte-compile-error-on-warn t)" \
        -f batch-byte-compile "$file" 2>&1 | grep -v '^Loading'; then :; fi
      if [ -f "${file}c" ]; then compiled=$((compiled + 1)); else uncompiled=$((uncompiled + 1)); fi
    done
    echo "emacs-compile: $compiled passed, $uncompiled failed"
  ) 2>&1 | tee "$work/emacs-compile.out"
  count_line "Emacs byte-compilation" "$work/emacs-compile.out" 0

  (
    isolate "$home"
    export HOME="$home"
    timeout -k 10 600 "$emacs" --batch -l "$root/editors/emacs/tests/thumbindex-test.el" \
      -l "$root/editors/emacs/tests/thumbindex-settings-test.el" \
      -l "$root/editors/emacs/tests/thumbindex-formats-test.el" \
      -l "$root/editors/emacs/tests/thumbindex-workspace-test.el" -f ert-run-tests-batch-and-exit </dev/null 2>&1 | grep -v '^Loading'
    exit "${PIPESTATUS[0]}"
  ) | tee "$work/emacs.out"
  count_ert emacs "Emacs suite" "$work/emacs.out" "${PIPESTATUS[0]}"
fi

# --- Emacs with lsp-mode ----------------------------------------------------------------------
# lsp-mode's headerline breadcrumbs on the server's section ranges (no thumbindex.el: lsp-mode only).
if ! command -v "$emacs" >/dev/null 2>&1; then
  echo "SKIP: Emacs lsp-mode suite: $emacs is not installed (apt-get install emacs-nox elpa-lsp-mode)"
  skipped=$((skipped + 1))
elif ! "$emacs" --batch --eval "(require 'lsp-mode)" >/dev/null 2>&1; then
  echo "SKIP: Emacs lsp-mode suite: lsp-mode is not available (apt-get install elpa-lsp-mode)"
  skipped=$((skipped + 1))
else
  echo "== Emacs lsp-mode suite"
  home="$work/emacs-lsp-mode"
  mkdir -p "$home"
  (
    isolate "$home"
    export HOME="$home"
    timeout -k 10 600 "$emacs" --batch -l "$root/editors/emacs/tests/lsp-mode-test.el" \
      -f ert-run-tests-batch-and-exit </dev/null 2>&1 | grep -v '^Loading'
    exit "${PIPESTATUS[0]}"
  ) | tee "$work/emacs-lsp-mode.out"
  count_ert emacs-lsp-mode "Emacs lsp-mode suite" "$work/emacs-lsp-mode.out" "${PIPESTATUS[0]}"
fi

# --- Third-party LSP clients, no ThumbIndex plugin -----------------------------------------------
# The letter jump through code actions and lenses in Neovim's built-in client, Vim 9 with yegappan/lsp, pytest-lsp
# and Emacs lsp-mode; editors/clients/run.sh skips, with a message, each client that is not installed.
echo "== Third-party clients (editors/clients/run.sh)"
(
  isolate "$work/clients"
  timeout -k 10 1200 bash "$here/clients/run.sh" </dev/null
) 2>&1 | tee "$work/clients.out"
count_line "Third-party clients" "$work/clients.out" "${PIPESTATUS[0]}"

# --- Helix ------------------------------------------------------------------------------------
if command -v hx >/dev/null 2>&1; then
  echo "NOTE: Helix is installed, but there is no automated Helix test yet; see editors/README.md"
else
  echo "SKIP: Helix: hx is not installed (it is not packaged for this Debian); languages.toml is only checked as TOML"
fi
if command -v python3 >/dev/null 2>&1 && python3 -c 'import tomllib' 2>/dev/null; then
  if python3 - "$root/editors/helix/languages.toml" <<'EOF'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    config = tomllib.load(f)
server = config["language-server"]["thumbindex"]
assert server["command"] == "thumbindex", server
names = [l["name"] for l in config["language"] if "thumbindex" in l.get("language-servers", [])]
# Every format the server reads, under the languageId the server knows it by.
wanted = {"plaintext", "markdown", "csv", "tsv", "vcard", "strings", "xcstrings", "json", "yaml"}
assert wanted <= set(names), sorted(wanted - set(names))
print("helix-toml: 1 passed, 0 failed (languages.toml parses; languages " + " ".join(names) + ")")
EOF
  then passed=$((passed + 1)); else echo "FAIL: editors/helix/languages.toml"; failed=$((failed + 1)); fi
fi
# The snippets of editors not tried here: valid JSON, each naming the server's command.
if command -v python3 >/dev/null 2>&1; then
  if python3 - "$root"/editors/other/kate-lsp.json "$root"/editors/other/sublime-LSP.sublime-settings <<'EOF'
import json, sys
for path in sys.argv[1:]:
    with open(path) as f:
        config = json.load(f)
    servers = config.get("servers") or config.get("clients")
    assert servers and all(s["command"][0] == "thumbindex" for s in servers.values()), path
print("other-editors: 1 passed, 0 failed (kate-lsp.json and sublime-LSP.sublime-settings parse)")
EOF
  then passed=$((passed + 1)); else echo "FAIL: editors/other snippets"; failed=$((failed + 1)); fi
fi

# `:help thumbindex` after scripts/install into a prefix that is read-only afterwards.
if THUMBINDEX_BIN="$bin" bash "$here/tests/install-help.sh"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

summary
