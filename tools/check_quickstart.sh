#!/usr/bin/env bash
# The README's quick start on a Python that refuses `pip install` outside a virtual environment, as the
# system Python of current Debian and Ubuntu does (PEP 668: an EXTERNALLY-MANAGED file in its stdlib).
#
#   tools/check_quickstart.sh [PYTHON_PREFIX]
#
# 1. Copies a Python installation (default: the prefix of the `python3` on PATH, e.g. a pyenv build) to a
#    throwaway folder, without its site-packages except pip, and marks it externally managed.
# 2. Clones the committed HEAD afresh and puts that Python first on PATH as `python3`.
# 3. Shows that plain `python3 -m pip install .` is refused there.
# 4. Runs the two commands of the README's "Quick start" exactly as written there (read from README.md,
#    so this check follows the README): the first opens the game (SDL dummy drivers; the game closes
#    itself after a few frames with CARDTABLE_EXIT_AFTER_FRAMES), the second installs the test tools and
#    runs ruff and the tests.
# Prints PASS or FAIL for each step and exits non-zero if any failed. User folders go to the throwaway
# folder. Needs the package index (pip installs into the new .venv); takes a few minutes.
set -uo pipefail
top=$(git rev-parse --show-toplevel)
prefix=${1:-$(python3 -c 'import sys; print(sys.base_prefix)')}
version=$("$prefix/bin/python3" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
step() {  # step NAME STATUS: one line of the report
  if [ "$2" = 0 ]; then echo "PASS  $1"; else echo "FAIL  $1"; failed=1; fi
}

# 1. A throwaway Python, marked externally managed.
py="$work/python"
mkdir -p "$py"
site="lib/python$version/site-packages"
tar -C "$prefix" --exclude="./$site" --exclude="./lib/python$version/test" -cf - . | tar -C "$py" -xf -
mkdir -p "$py/$site"
cp -a "$prefix/$site"/pip "$prefix/$site"/pip-*.dist-info "$py/$site/"
stdlib=$("$py/bin/python3" -c 'import sysconfig; print(sysconfig.get_path("stdlib"))')
case "$stdlib" in "$py"/*) ;; *) echo "the copied Python uses $stdlib, not its own stdlib"; exit 2 ;; esac
cat > "$stdlib/EXTERNALLY-MANAGED" <<'EOF'
[externally-managed]
Error=This Python is managed by the system (a throwaway copy made by tools/check_quickstart.sh).
 Make a virtual environment: python3 -m venv .venv
EOF
mkdir -p "$work/bin"
ln -s "$py/bin/python3" "$work/bin/python3"
export PATH="$work/bin:$PATH"
hash -r
echo "python3 is $(command -v python3) -> $(python3 -c 'import sys; print(sys.prefix)') (marked: $stdlib/EXTERNALLY-MANAGED)"

# 2. A fresh clone of the committed HEAD; user folders in the throwaway folder.
git clone -q "$top" "$work/repo"
cd "$work/repo" || exit 2
echo "fresh clone of $(git rev-parse --short HEAD)"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export CARDTABLE_CONFIG_DIR="$work/user/config" CARDTABLE_DATA_DIR="$work/user/data" CARDTABLE_CACHE_DIR="$work/user/cache"

# 3. Plain pip into that Python is refused.
python3 -m pip install . > "$work/plain-pip.log" 2>&1
code=$?
grep -q "externally-managed-environment" "$work/plain-pip.log"
refused=$?
[ "$code" != 0 ] && [ "$refused" = 0 ]
step "plain 'python3 -m pip install .' is refused (exit $code, externally-managed-environment)" $?
[ -e .venv ] && { echo "a refused install left .venv behind"; exit 2; }

# 4. The README's quick-start commands, as written.
mapfile -t commands < <(python3 - <<'EOF'
import re
text = open("README.md", encoding="utf-8").read()
section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
for block in re.findall(r"```sh\n(.*?)```", section, re.S):
    print(block.strip().replace("\n", " "))
EOF
)
if [ "${#commands[@]}" != 2 ]; then
  echo "the README's Quick start has ${#commands[@]} sh blocks, not 2"
  exit 2
fi
echo "README command 1: ${commands[0]}"
CARDTABLE_EXIT_AFTER_FRAMES=120 bash -c "${commands[0]}" > "$work/play.log" 2>&1
code=$?
[ "$code" = 0 ] && [ -f "$CARDTABLE_CONFIG_DIR/settings.json" ]
status=$?
step "command 1 installs the game into .venv and opens it (120 frames, closed as on quit; exit $code)" $status
[ "$status" = 0 ] || tail -20 "$work/play.log"

echo "README command 2: ${commands[1]}"
bash -c "${commands[1]}" > "$work/test.log" 2>&1
code=$?
step "command 2 installs the test tools, ruff and the tests pass (exit $code): $(tail -1 "$work/test.log")" $code
[ "$code" = 0 ] || tail -30 "$work/test.log"

if [ "$failed" = 0 ]; then echo "quick-start check passed"; else echo "quick-start check FAILED"; fi
exit "$failed"
