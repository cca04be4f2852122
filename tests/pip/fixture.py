#!/usr/bin/env python3
"""tests/pip/fixture.py DIR - a small Python package index for the box's pip.

Builds wheels (with zipfile, as a build backend would) into DIR/files and
serves DIR on 127.0.0.1 on a free port, written to DIR/port once it listens:
  /simple/NAME/  the PEP 691 JSON page when the Accept header asks for it,
                 else the PEP 503 HTML page
  /html/NAME/    the HTML page only
  /files/F       the files
Every request's path is appended to DIR/log. Runs until killed.
"""
import base64, hashlib, html, io, json, os, sys, threading, zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

D = sys.argv[1]
FILES = os.path.join(D, "files")
os.makedirs(FILES, exist_ok=True)
projects = {}  # name -> list of file dicts


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def wheel(name, version, files=None, requires=(), extras=(), entry=None, tag="py3-none-any",
          requires_python=None, yanked=False, bad_hash=False, summary=None, raw=None, scripts=None, patch=None):
    dist = name.replace("-", "_")
    info = f"{dist}-{version}.dist-info"
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
            f"Summary: {summary or 'The ' + name + ' fixture package'}",
            f"Home-page: https://example.org/{name}", "Author: Fixture Author",
            "Author-email: author@example.org", "License: MIT"]
    if requires_python:
        meta.append(f"Requires-Python: {requires_python}")
    for e in extras:
        meta.append(f"Provides-Extra: {e}")
    for r in requires:
        meta.append(f"Requires-Dist: {r}")
    members = dict(files if files is not None else {f"{dist}/__init__.py": f"VERSION = {version!r}\n"})
    if scripts:
        for s, body in scripts.items():
            members[f"{dist}-{version}.data/scripts/{s}"] = body
    members[f"{info}/METADATA"] = "\n".join(meta) + "\n\n" + f"# {name}\n"
    members[f"{info}/WHEEL"] = f"Wheel-Version: 1.0\nGenerator: fixture\nRoot-Is-Purelib: true\nTag: {tag}\n"
    if entry:
        members[f"{info}/entry_points.txt"] = entry
    fname = f"{dist}-{version}-{tag}.whl"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        rec = []
        for path, body in members.items():
            data = body.encode() if isinstance(body, str) else body
            zi = zipfile.ZipInfo(path, (2023, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = (0o100755 if "/scripts/" in path else 0o100644) << 16
            z.writestr(zi, data)
            rec.append(f"{path},{record_hash(data)},{len(data)}")
        rec.append(f"{info}/RECORD,,")
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", (2023, 1, 1, 0, 0, 0)), "\n".join(rec) + "\n")
        for r in raw or ():
            r(z)
    data = buf.getvalue()
    if patch:
        data = patch(data)
    add(name, fname, data, requires_python, yanked, bad_hash)


def add(name, fname, data, requires_python=None, yanked=False, bad_hash=False):
    with open(os.path.join(FILES, fname), "wb") as f:
        f.write(data)
    digest = hashlib.sha256(data).hexdigest()
    if bad_hash:
        digest = hashlib.sha256(data + b"tampered").hexdigest()
    projects.setdefault(name, []).append({"filename": fname, "url": f"/files/{fname}", "hashes": {"sha256": digest},
                                          "requires-python": requires_python, "yanked": yanked, "size": len(data)})


# a chain: alpha -> beta -> gamma, a console script, a #!python script
wheel("alpha", "1.0", requires=["beta>=1.0"],
      entry="[console_scripts]\nalpha-cli = alpha.cli:main\nalpha-tool = alpha.cli:Tool.run\n[gui_scripts]\nalpha-gui = alpha.cli:main\n",
      files={"alpha/__init__.py": "VERSION = '1.0'\n",
             "alpha/cli.py": "def main():\n    print('alpha cli')\n    return 0\n\nclass Tool:\n    @staticmethod\n    def run():\n        print('alpha tool')\n"},
      scripts={"alpha-sh": "#!python\nprint('alpha sh')\n"})
wheel("alpha", "2.0", requires=["beta>=1.1"], entry="[console_scripts]\nalpha-cli = alpha.cli:main\n",
      files={"alpha/__init__.py": "VERSION = '2.0'\n", "alpha/cli.py": "def main():\n    print('alpha cli 2')\n    return 0\n",
             "alpha/new.py": "X = 2\n"})
wheel("beta", "1.0", requires=["gamma<2"])
wheel("beta", "1.1", requires=["gamma<2"])
wheel("gamma", "1.0")
wheel("gamma", "2.0")
# extras and markers
wheel("delta", "1.0", extras=["fast", "never"],
      requires=["epsilon>=1; extra == 'fast'", "nosuch-pkg; extra == 'never'",
                "win-only; sys_platform == 'win32'", "wasi-dep; sys_platform == 'wasi' and python_version >= '3.8'",
                "old-py; python_version < '3.8'"])
wheel("epsilon", "1.0")
wheel("wasi-dep", "1.0")
# requires-python: 2.0 wants a newer Python
wheel("newpy", "1.0", requires_python=">=3.8")
wheel("newpy", "2.0", requires_python=">=3.12")
# a hash mismatch
wheel("badhash", "1.0", bad_hash=True)
# a yanked release
wheel("yank", "1.0")
wheel("yank", "2.0", yanked="broken build")
# compiled only, source only
wheel("cext", "1.0", tag="cp311-cp311-manylinux_2_17_x86_64")
add("srconly", "srconly-1.0.tar.gz", b"not really a tarball")
# hostile wheels
def hostile(name, entry_name, body=b"x", attr=0o100644):
    def raw(z):
        zi = zipfile.ZipInfo(entry_name, (2023, 1, 1, 0, 0, 0))
        zi.external_attr = attr << 16
        zi.create_system = 3
        z.writestr(zi, body)
    wheel(name, "1.0", raw=[raw])
hostile("evil-dotdot", "../../../../../tmp/pwned-by-wheel")
hostile("evil-abs", "/tmp/pwned-by-wheel")
hostile("evil-link", "evil_link/escape", b"/etc", 0o120777)
def bomb(z):
    zi = zipfile.ZipInfo("evil_bomb/zeros.bin", (2023, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_DEFLATED
    with z.open(zi, "w", force_zip64=False) as f:
        chunk = bytes(1 << 20)
        for _ in range(300):
            f.write(chunk)
wheel("evil-bomb", "1.0", raw=[bomb])
# two distributions sharing a namespace folder
wheel("ns-a", "1.0", files={"nsp/a/__init__.py": "A = 1\n"})
wheel("ns-b", "1.0", files={"nsp/b/__init__.py": "B = 1\n"})
# a size in the central directory that the data does not keep to
def lying(data):
    big = len(bytes(5 << 20))
    i = data.rfind(b"PK\x01\x02")
    while i >= 0:
        name_len = int.from_bytes(data[i + 28:i + 30], "little")
        if data[i + 46:i + 46 + name_len] == b"evil_lie/big.bin":
            data = data[:i + 24] + (100).to_bytes(4, "little") + data[i + 28:]
        i = data.rfind(b"PK\x01\x02", 0, i)
    assert big
    return data
def lie(z):
    zi = zipfile.ZipInfo("evil_lie/big.bin", (2023, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(zi, bytes(5 << 20))
wheel("evil-lie", "1.0", raw=[lie], patch=lying)
# an index whose digest is a path into the host's files
wheel("evil-hash", "1.0")
projects["evil-hash"][0]["hashes"]["sha256"] = "../../../../../../tmp/pwned-by-index"
# a page the index says may be kept for ten minutes
wheel("cached-page", "1.0")
# the bench: a package with three dependencies
wheel("bench-top", "1.0", requires=["bench-a", "bench-b", "bench-c"])
for n in ("a", "b", "c"):
    wheel(f"bench-{n}", "1.0")


def page_json(name):
    return json.dumps({"meta": {"api-version": "1.0"}, "name": name,
                       "files": [{k: v for k, v in f.items() if v is not None and v is not False} for f in projects[name]]})


def page_html(name):
    out = ["<!DOCTYPE html><html><body>"]
    for f in projects[name]:
        attrs = f' href="../../files/{f["filename"]}#sha256={f["hashes"]["sha256"]}"'
        if f["requires-python"]:
            attrs += f' data-requires-python="{html.escape(f["requires-python"])}"'
        if f["yanked"]:
            attrs += f' data-yanked="{html.escape(f["yanked"] if isinstance(f["yanked"], str) else "")}"'
        out.append(f"<a{attrs}>{f['filename']}</a><br/>")
    out.append("</body></html>")
    return "\n".join(out)


class H(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def do_GET(self):
        with open(os.path.join(D, "log"), "a") as lf:
            lf.write(self.path + "\n")
        parts = [p for p in self.path.split("?")[0].split("/") if p]
        body, ctype, status = b"not found", "text/plain", 404
        if len(parts) == 2 and parts[0] in ("simple", "html"):
            key = parts[1]
            name = next((n for n in projects if n == key), None)
            if name:
                want_json = parts[0] == "simple" and "application/vnd.pypi.simple.v1+json" in self.headers.get("Accept", "")
                if want_json:
                    body, ctype = page_json(name).encode(), "application/vnd.pypi.simple.v1+json"
                else:
                    body, ctype = page_html(name).encode(), "text/html"
                status = 200
        elif len(parts) == 2 and parts[0] == "files" and os.path.isfile(os.path.join(FILES, parts[1])):
            with open(os.path.join(FILES, parts[1]), "rb") as f:
                body, ctype, status = f.read(), "application/octet-stream", 200
        self.send_response(status)
        if len(parts) == 2 and parts[1] == "cached-page" and status == 200:
            self.send_header("Cache-Control", "max-age=600")
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
threading.Thread(target=srv.serve_forever, daemon=True).start()
with open(os.path.join(D, "port.tmp"), "w") as f:
    f.write(str(srv.server_address[1]))
os.rename(os.path.join(D, "port.tmp"), os.path.join(D, "port"))
threading.Event().wait()
