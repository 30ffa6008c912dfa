"""The segments of a stream spec as `adhost media write` writes them, for the examples' fixture
servers (examples/dai/server.py, examples/yospace/fixture.py), which import it with this folder
on sys.path."""
import os
import subprocess
import tempfile

CHECKOUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def written(spec):
    """The files `adhost media write SPEC` writes, by name (segment-N.ts, init.mp4, ...). $ADHOST is
    the adhost executable (default: the checkout's .build/debug/adhost)."""
    adhost = os.environ.get("ADHOST") or os.path.join(CHECKOUT, ".build", "debug", "adhost")
    out = tempfile.mkdtemp(prefix="adhost-media-")
    subprocess.run([adhost, "media", "write", spec, out], check=True, stdout=subprocess.DEVNULL)
    files = {}
    for name in os.listdir(out):
        with open(os.path.join(out, name), "rb") as file:
            files[name] = file.read()
        os.remove(os.path.join(out, name))
    os.rmdir(out)
    return files
