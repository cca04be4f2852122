#!/usr/bin/env python3
"""wheel_seeds.py - writes tests/fuzz/corpus/wheel/: wheels (a first byte
0, then the zip) good and hostile, and version/specifier pairs (a first
byte 1, then SPEC NUL VERSION) for wheel_fuzz.c. Run:
python3 tests/fuzz/wheel_seeds.py"""
import io
import os
import warnings
import zipfile

warnings.simplefilter("ignore")  # the duplicate entry is meant

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus", "wheel")

META = "Metadata-Version: 2.1\nName: demo\nVersion: 1.0\nRequires-Dist: six>=1.0\n"
WHEEL = "Wheel-Version: 1.0\nGenerator: seeds\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
ENTRY = "[console_scripts]\ndemo = demo:main\n"


def wheel(entries, compress=zipfile.ZIP_DEFLATED, links=()):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", compress) as z:
        for name, data in entries:
            z.writestr(name, data)
        for name, target in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (0o120777 << 16)
            z.writestr(info, target)
    return b"\x00" + b.getvalue()


def good(extra=(), links=()):
    base = [("demo/__init__.py", "def main():\n    print('hi')\n"),
            ("demo-1.0.dist-info/METADATA", META), ("demo-1.0.dist-info/WHEEL", WHEEL),
            ("demo-1.0.dist-info/entry_points.txt", ENTRY),
            ("demo-1.0.data/scripts/tool", "#!python\nprint('tool')\n"),
            ("demo-1.0.data/data/share/demo/x.txt", "data"),
            ("demo-1.0.dist-info/RECORD", "")]
    return wheel(base + list(extra), links=links)


SEEDS = {
    "good": good(),
    "stored": wheel([("demo/__init__.py", "x = 1\n"), ("demo-1.0.dist-info/METADATA", META),
                     ("demo-1.0.dist-info/WHEEL", WHEEL), ("demo-1.0.dist-info/RECORD", "")],
                    compress=zipfile.ZIP_STORED),
    "dotdot": good([("../../escape.py", "bad")]),
    "dotdot-data": good([("demo-1.0.data/data/../../../escape", "bad")]),
    "absolute": good([("/tmp/abs.py", "bad")]),
    "backslash": good([("demo\\..\\..\\win.py", "bad")]),
    "symlink": good(links=[("demo/link", "/etc/passwd")]),
    "duplicate": good([("demo/__init__.py", "again")]),
    "no-dist-info": wheel([("demo/__init__.py", "x")]),
    "scripts-dotdot": good([("demo-1.0.data/scripts/../../../../bin/evil", "#!python\n")]),
    "dir-entries": good([("demo/sub/", ""), ("demo/sub/m.py", "y")]),
}
VERSIONS = [
    (">=1.0,!=1.3.*", "1.3.1"), ("~=2.2", "2.3"), ("==1.0.*", "1.0.post1"), ("===foo", "foo"),
    ("<2.0", "2.0rc1"), (">1.0", "1.0.post1"), ("", "1!2.0a1.post2.dev3+local.7"),
    ("==1.0+local", "1.0+LOCAL"), ("!=1.0", "v1.0"), (">=0", "1.0-1"), ("<=1.0.ALPHA2", "1.0a2"),
    ("==" + "9" * 40, "9" * 40), ("~=1", "1.0"), (">=1.0,<2", "1." + ".".join(["0"] * 15)),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    for i, (spec, ver) in enumerate(VERSIONS):
        with open(os.path.join(OUT, f"version-{i:02d}"), "wb") as f:
            f.write(b"\x01" + spec.encode() + b"\x00" + ver.encode())
    print(f"{len(SEEDS) + len(VERSIONS)} seeds in {OUT}")


if __name__ == "__main__":
    main()
