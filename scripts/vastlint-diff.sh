#!/usr/bin/env bash
# The differential test against vastlint (PyPI `vastlint`, the peer validator; issue 45): every
# VAST sample of SAMPLES (default ../shared/vast-samples beside the checkout, or
# ADHOST_VAST_SAMPLES) goes through `adhost check` and through vastlint's Python API. A document
# is invalid to adhost when it has an error finding, to vastlint when its result is not valid.
# Every document where the two verdicts differ must be listed, with the reason from the spec, in
# Tests/Fixtures/vastlint/expected-differences.json, and every listed one must still differ:
# else the test fails (exit 1). vastlint is installed into a virtual environment of its own
# (ADHOST_VASTLINT_VENV, default .build/vastlint-venv). Without the samples, or without PyPI,
# the test is skipped with a note (exit 0).
# Usage: scripts/vastlint-diff.sh [ADHOST-EXECUTABLE]   (default .build/debug/adhost)
set -euo pipefail
cd "$(dirname "$0")/.."
adhost="${1:-.build/debug/adhost}"
adhost="$(cd "$(dirname "$adhost")" && pwd)/$(basename "$adhost")"
samples="${ADHOST_VAST_SAMPLES:-../shared/vast-samples}"
expected=Tests/Fixtures/vastlint/expected-differences.json
if [ ! -d "$samples" ]; then
  echo "vastlint-diff: skipped: no VAST samples at $samples (set ADHOST_VAST_SAMPLES)"
  exit 0
fi
venv="${ADHOST_VASTLINT_VENV:-.build/vastlint-venv}"
if ! "$venv/bin/python" -c 'import vastlint' 2>/dev/null; then
  if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check \
    --timeout 30 'vastlint==0.16.2'; } >/dev/null 2>&1; then
    echo "vastlint-diff: skipped: vastlint could not be installed from PyPI into $venv"
    exit 0
  fi
fi
findings=$(mktemp)
trap 'rm -f "$findings"' EXIT
# Exit 1 means findings at error level, which is what is compared; 64 and up is a failure.
status=0
(cd "$samples" && "$adhost" check --json --fail-on info .) >"$findings" 2>/dev/null || status=$?
if [ "$status" -gt 1 ]; then
  echo "vastlint-diff: adhost check failed (exit $status)"
  exit 1
fi
"$venv/bin/python" - "$samples" "$findings" "$expected" <<'PY'
import json, os, sys
import vastlint

samples, findings_path, expected_path = sys.argv[1:4]
documents = []
for folder, _, files in os.walk(samples):
    for name in files:
        if name.endswith(".xml"):
            documents.append(os.path.relpath(os.path.join(folder, name), samples))
documents.sort()

adhost_errors = {}
with open(findings_path, encoding="utf-8") as lines:
    for line in lines:
        finding = json.loads(line)
        path = os.path.normpath(finding["file"])
        if finding["severity"] == "error":
            adhost_errors.setdefault(path, set()).add(finding["rule"])

with open(expected_path, encoding="utf-8") as file:
    expected = {entry["document"]: entry for entry in json.load(file)["differences"]}

problems = []
differences = 0
for document in documents:
    with open(os.path.join(samples, document), "rb") as file:
        result = vastlint.validate(file.read())
    adhost_valid = document not in adhost_errors
    if adhost_valid == result.valid:
        if document in expected:
            problems.append(f"{document}: listed as a difference, but both now call it "
                            f"{'valid' if adhost_valid else 'invalid'}: remove it from {expected_path}")
        continue
    differences += 1
    entry = expected.get(document)
    said = {"adhost": "valid" if adhost_valid else "invalid", "vastlint": "valid" if result.valid else "invalid"}
    if entry is None:
        rules = sorted(adhost_errors.get(document, [])) or sorted({i.id for i in result.issues if i.severity == "error"})
        problems.append(f"{document}: adhost {said['adhost']}, vastlint {said['vastlint']} ({', '.join(rules)}): "
                        f"not in {expected_path}")
    elif entry["adhost"] != said["adhost"] or entry["vastlint"] != said["vastlint"]:
        problems.append(f"{document}: listed as adhost {entry['adhost']}, vastlint {entry['vastlint']}; "
                        f"now adhost {said['adhost']}, vastlint {said['vastlint']}")
    elif not entry.get("reason"):
        problems.append(f"{document}: listed without a reason")
for document in expected:
    if document not in documents:
        problems.append(f"{document}: listed in {expected_path}, but not among the samples")
for problem in problems:
    print("vastlint-diff:", problem)
print(f"vastlint-diff: {len(documents)} documents, vastlint {vastlint.version()}: "
      f"{len(documents) - differences} verdicts agree, {differences} differ; {len(problems)} problems")
sys.exit(1 if problems else 0)
PY
