#!/usr/bin/env bash
# `:help thumbindex` works after scripts/install, in a prefix the user cannot write to afterwards (as
# /usr/local): install makes the help tags. scripts/install runs with a stand-in for `swift` that
# builds nothing and names the folder of $THUMBINDEX_BIN as the build's, so no Swift is built here.
# Prints "install-help: N passed, M failed".
set -u -o pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/thumbindex-install-help.XXXXXX")
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
fail() {
  echo "FAIL: install-help: $1"
  echo "install-help: 0 passed, 1 failed"
  exit 1
}
command -v nvim >/dev/null 2>&1 || { echo "SKIP: install-help: nvim is not installed"; echo "install-help: 0 passed, 0 failed"; exit 0; }

mkdir -p "$work/fake" "$work/built"
cp "$THUMBINDEX_BIN" "$work/built/thumbindex"
cat >"$work/fake/swift" <<FAKE
#!/bin/sh
case "\$*" in *--show-bin-path*) echo "$work/built" ;; esac
FAKE
chmod +x "$work/fake/swift"
PATH="$work/fake:$PATH" "$root/scripts/install" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "scripts/install failed"; }
chmod -R a-w "$work/prefix"
doc="$work/prefix/share/thumbindex/nvim/doc"
[ -f "$doc/tags" ] || fail "no help tags in $doc"
found=$(cd "$work" && HOME="$work" timeout 60 nvim --headless -u NONE -i NONE \
  --cmd "set rtp+=$work/prefix/share/thumbindex/nvim" -c 'silent! help thumbindex' \
  -c 'lua io.stdout:write(vim.fn.expand("%:t") .. ":" .. vim.fn.line(".") .. "\n")' -c 'qa!' 2>&1 | tail -n 1)
case $found in
  thumbindex.txt:[12]) echo "install-help: 1 passed, 0 failed" ;;
  *) fail ":help thumbindex in the installed plugin opened '$found', not thumbindex.txt at its top" ;;
esac
