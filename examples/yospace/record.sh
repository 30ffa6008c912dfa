#!/bin/sh
# Records examples/yospace/STREAM/recording from fixture.py (a fresh server per stream, so that
# its live windows and polls start over). Usage: ADHOST=path/to/adhost record.sh STREAM UNTIL
set -e
here=$(dirname "$0")
adhost=${ADHOST:-$here/../../.build/debug/adhost}
python3 "$here/fixture.py" 18240 & server=$!
trap 'kill $server' EXIT
tries=0
until python3 -c 'import urllib.request, sys
try: urllib.request.urlopen("http://127.0.0.1:18240/ready")
except urllib.error.HTTPError: sys.exit(0)
except OSError: sys.exit(1)' 2>/dev/null; do
  tries=$((tries + 1)); [ $tries -lt 60 ] || exit 1; sleep 1
done
rm -rf "$here/$1/recording"
"$adhost" run "$here/../../plugins/yospace.lua" "$here/$1/source.json" --record "$here/$1/recording" \
  --until "$2" --start-date 2026-01-01T00:00:00Z > /dev/null
# Answers repeated byte for byte (the analytics between breaks, most of all) share one body file.
python3 - "$here/$1/recording" <<'PY'
import hashlib, json, os, sys
folder = sys.argv[1]
path = os.path.join(folder, "index.json")
index = json.load(open(path))
first = {}
for exchange in index["exchanges"]:
    body = exchange.get("body")
    if not body:
        continue
    digest = hashlib.sha256(open(os.path.join(folder, body), "rb").read()).hexdigest()
    if digest in first:
        os.remove(os.path.join(folder, body))
        exchange["body"] = first[digest]
    else:
        first[digest] = body
with open(path, "w") as handle:
    json.dump(index, handle, indent=2, sort_keys=True)
    handle.write("\n")
PY
