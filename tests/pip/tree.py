#!/usr/bin/env python3
"""tests/pip/tree.py SITE BIN [SHEBANG] - what an install wrote, as text to
compare: every file of SITE (site-packages) and the files of BIN the
RECORDs list, each with its mode and content. SHEBANG, when given, is the
interpreter the host's pip wrote into scripts ("#!/tmp/v/bin/python"): it
becomes the box's "#!/usr/bin/python3", and the RECORD rows of those
scripts get the hash and size the box's would have."""
import base64, hashlib, os, sys

site, bindir = sys.argv[1], sys.argv[2]
old = sys.argv[3].encode() if len(sys.argv) > 3 else None


def fix(data):
    if old and data.startswith(old + b"\n"):
        return b"#!/usr/bin/python3" + data[len(old):]
    return data


def row_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


out = []
scripts = set()
for root, dirs, files in os.walk(site):
    dirs.sort()
    for f in sorted(files):
        p = os.path.join(root, f)
        rel = os.path.relpath(p, site)
        with open(p, "rb") as fh:
            data = fh.read()
        if rel.endswith(".dist-info/RECORD"):
            rows = []
            for line in data.decode().splitlines():
                path = line.rsplit(",", 2)[0]
                if path.startswith("../../../bin/"):
                    scripts.add(path[len("../../../bin/"):])
                    with open(os.path.join(bindir, path[len("../../../bin/"):]), "rb") as sh:
                        body = fix(sh.read())
                    line = f"{path},{row_hash(body)},{len(body)}"
                rows.append(line)
            data = ("\n".join(rows) + "\n").encode()
        out.append(f"== site/{rel} {oct(os.stat(p).st_mode & 0o777)}\n{data.decode(errors='replace')}")
for s in sorted(scripts):
    p = os.path.join(bindir, s)
    with open(p, "rb") as fh:
        out.append(f"== bin/{s} {oct(os.stat(p).st_mode & 0o777)}\n{fix(fh.read()).decode(errors='replace')}")
sys.stdout.write("\n".join(out))
