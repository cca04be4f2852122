# snapshots crafted to write outside the box on restore: a ../ entry, an
# absolute one, a link out then a file through it
cd "$W" && python3 - <<'PY'
import io, json, tarfile
man = json.dumps({"acs-snapshot": 2, "hostname": "box"})
def tar(name, entries):
    with tarfile.open(name, "w", format=tarfile.PAX_FORMAT, pax_headers={"comment": man}) as t:
        for n, kind, extra in entries:
            i = tarfile.TarInfo(n)
            if kind == "dir": i.type = tarfile.DIRTYPE; i.mode = 0o755; t.addfile(i)
            elif kind == "sym": i.type = tarfile.SYMTYPE; i.linkname = extra; t.addfile(i)
            else: i.size = len(extra); t.addfile(i, io.BytesIO(extra))
tar("dotdot.tar", [(".", "dir", None), ("./../../acs-snap-dotdot", "file", b"PWNED")])
tar("abs.tar", [(".", "dir", None), ("/tmp/acs-snap-abs", "file", b"PWNED")])
tar("link.tar", [(".", "dir", None), ("./l", "sym", "/tmp"), ("./l/acs-snap-link", "file", b"PWNED")])
PY
