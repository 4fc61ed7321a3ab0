#!/usr/bin/env python3
"""The studio's HTTP API (docs/studio-api.yaml) fuzzed against the running
server by schemathesis, loopback only, bounded in examples and time: no
answer is a 5xx, every answer fits the document, the server is still up
afterwards and ends with 130 on Ctrl-C, and nothing outside FOLDER and the
output folder was written (a folder beside them, and the folder holding
both, are compared before and after).

    python3 Tests/Browser/studio_api_fuzz.py [--examples N] [--seconds S]

Runs the scale-video studio_page_test.py runs."""
import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from studio_page_test import ROOT, check, start_studio  # noqa: E402

SCHEMA = os.path.join(ROOT, "docs", "studio-api.yaml")


def tree(folder, leave_out=()):
    """Every file under folder (but the folders left out) with its bytes' digest."""
    found = {}
    for top, folders, files in os.walk(folder):
        folders[:] = [f for f in folders if os.path.join(top, f) not in leave_out]
        for name in files:
            path = os.path.join(top, name)
            with open(path, "rb") as file:
                found[os.path.relpath(path, folder)] = hashlib.sha256(file.read()).hexdigest()
    return found


def answers(address, cookie):
    """Whether the server still answers a listing of its files."""
    parts = urllib.parse.urlsplit(address)
    request = urllib.request.Request(f"{parts.scheme}://{parts.netloc}/api/files", headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status == 200


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=10)
    parser.add_argument("--seconds", type=int, default=45)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="studio-fuzz-")
    folder = os.path.join(work, "media")
    beside = os.path.join(work, "beside")
    os.makedirs(folder)
    os.makedirs(beside)
    shutil.copy(os.path.join(ROOT, "Samples", "sample.mp4"), folder)
    with open(os.path.join(beside, "private.txt"), "w") as file:
        file.write("not the studio's\n")
    os.symlink(beside, os.path.join(folder, "out-link"))
    server, address = start_studio(folder)
    port = urllib.parse.urlsplit(address).port
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(address).query)["token"][0]
    cookie = f"studio-token-{port}={token}"
    outside = tree(work, leave_out=(folder,))
    # schemathesis keeps its findings in the folder it runs in: one of its own.
    cache = tempfile.mkdtemp(prefix="studio-fuzz-cache-")
    try:
        fuzz = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "--no-color", "run", SCHEMA, "--url", f"http://127.0.0.1:{port}",
             "--header", f"Cookie: {cookie}",
             "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
             "--max-examples", str(arguments.examples), "--max-time", str(arguments.seconds), "--workers", "1",
             "--request-timeout", "60", "--seed", "1"],
            cwd=cache, timeout=arguments.seconds + 300)
        check(fuzz.returncode == 0, "schemathesis found no 5xx and no answer outside the document")
        check(answers(address, cookie), "the server still answers")
    finally:
        server.send_signal(signal.SIGINT)
        status = server.wait(60)
        shutil.rmtree(cache, ignore_errors=True)
    check(status == 130, f"Ctrl-C ended the studio with {status}")
    after = tree(work, leave_out=(folder,))
    changed = sorted(set(after.items()) ^ set(outside.items()))
    check(not changed, f"nothing outside FOLDER and its output folder changed: {changed[:10]}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
