# archives whose entries climb out, are absolute, or write through a link
cd "$W" && python3 - "$O" <<'PY'
import io, sys, tarfile, zipfile
o = sys.argv[1]
def add(t, name, data=b"PWNED", **kw):
    i = tarfile.TarInfo(name); i.size = len(data)
    for k, v in kw.items(): setattr(i, k, v)
    t.addfile(i, io.BytesIO(data) if i.type == tarfile.REGTYPE else None)
with tarfile.open("evil.tar", "w") as t:
    add(t, "../../outside/tar-dotdot.txt")
    add(t, o + "/tar-abs.txt")
    add(t, "lnk", type=tarfile.SYMTYPE, linkname=o)
    add(t, "lnk/tar-through-link.txt")
    add(t, "hl", type=tarfile.LNKTYPE, linkname=o + "/secret.txt", size=0)
with zipfile.ZipFile("evil.zip", "w") as z:
    z.writestr("../../outside/zip-dotdot.txt", "PWNED")
    z.writestr(o + "/zip-abs.txt", "PWNED")
PY
