#!/usr/bin/env bash
# Install the reference robot, the pinned release of Vaza every robot is measured against
# (issue 46), into a virtual environment of its own, and check it.
#
#   scripts/install-baseline.sh [VENV]        (default: .baseline-venv at the repository's top)
#   vaza match --a strong --b "VENV/bin/vaza robot --stdio" --seed S --layouts N
#
# The release is the commit the strong robots were frozen at for issue 18 (the parent of
# f64cc0b, which copied them into robots/baseline/), plus scripts/baseline/release.patch: the
# robot protocol's version 2 (a view may carry `protocol`, `seed` and `layouts`, so a match
# through the protocol repeats exactly), `--level` (strong by default) and the version
# 0.1.0+baseline.ac4d528. It is taken from git by its hash, so it needs this repository's
# history, not a tag. Its Python dependencies come from PyPI, endplay pinned to the version the
# recording was made with. Its `vaza` runs Python isolated (-I), so that a PYTHONPATH pointing
# at a source tree cannot stand in for it. At the end `vaza bench baseline` plays the recorded
# situations through the protocol and fails unless the release repeats every decision.
set -euo pipefail

COMMIT=ac4d52847343927c5dc6a149ed0264f17cd41df5
ENDPLAY=0.5.12
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
venv=${1:-$root/.baseline-venv}
python=${PYTHON:-python3}
vaza=${VAZA:-$root/.venv/bin/vaza}

if ! git -C "$root" cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
    echo "install-baseline: commit $COMMIT is not in this repository's history" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "install-baseline: the release is $COMMIT with scripts/baseline/release.patch"
git -C "$root" archive "$COMMIT" | tar -x -C "$work"
git -C "$work" init --quiet
git -C "$work" apply "$root/scripts/baseline/release.patch"

if [ -e "$venv" ] && [ ! -f "$venv/pyvenv.cfg" ]; then
    echo "install-baseline: $venv exists and is not a virtual environment: choose another" >&2
    exit 1
fi
echo "install-baseline: installing it into $venv"
"$python" -m venv --clear "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "$work" "endplay==$ENDPLAY"
sed -i "1s|^#!\(.*python[0-9.]*\)$|#!\1 -I|" "$venv/bin/vaza"
"$venv/bin/vaza" --version

if [ "${CHECK:-1}" = 0 ]; then
    exit 0
fi
echo "install-baseline: checking its decisions against the recording (vaza bench baseline)"
"$vaza" bench baseline --robot "$venv/bin/vaza robot --stdio"
