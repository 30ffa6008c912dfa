"""A recording in docs/http.md's format (index.json + bodies/), as the examples' generators write it.

A generator imports it with its folder on sys.path (examples/uplynk/generate.py,
examples/mediatailor/generate.py) and adds its exchanges in the order a run makes them.
"""
import json
import os
import shutil


class Recording:
    """The exchanges of one recording folder, which is emptied first."""

    def __init__(self, folder, keeps_requests=False):
        """`keeps_requests`: format version 2, each exchange with what its request sent (docs/http.md)."""
        self.folder = folder
        self.keeps_requests = keeps_requests
        self.exchanges = []
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(os.path.join(folder, "bodies"))

    def record(self, key, method, url, body=None, content_type=None, status=200, sent=None):
        """Adds an exchange found under `key` ("METHOD url"); a body goes to bodies/NNNNNN.bin.
        `sent`: what the request sends (`{"headers": …, "json": …}`), kept with `keeps_requests`."""
        exchange = {"key": key, "method": method, "url": url, "status": status,
                    "headers": {"content-type": content_type} if content_type else {}}
        if self.keeps_requests:
            exchange["request"] = sent or {}
        if body is not None:
            name = f"bodies/{len(self.exchanges):06d}.bin"
            with open(os.path.join(self.folder, name), "w") as handle:
                handle.write(body)
            exchange["body"] = name
        self.exchanges.append(exchange)

    def save(self):
        with open(os.path.join(self.folder, "index.json"), "w") as handle:
            version = 2 if self.keeps_requests else 1
            json.dump({"version": version, "exchanges": self.exchanges}, handle, indent=2, sort_keys=True)
            handle.write("\n")
