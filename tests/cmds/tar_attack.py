#!/usr/bin/env python3
# tests/cmds/tar_attack.py KIND OUT - archives that try to write outside the
# directory they are extracted in, for tar.test (run on the host by
# hostmade's MAKE step). KIND: dotdot, abs, symlink, hardlink, dev, suid.
import io, sys, tarfile

def add(t, name, data=b"x\n", typ=tarfile.REGTYPE, link="", mode=0o644):
    i = tarfile.TarInfo(name)
    i.type, i.linkname, i.mtime, i.mode = typ, link, 1000000000, mode
    i.uname = i.gname = "root"
    if typ == tarfile.REGTYPE:
        i.size = len(data)
        t.addfile(i, io.BytesIO(data))
    else:
        t.addfile(i)

kind, out = sys.argv[1], sys.argv[2]
with tarfile.open(out, "w", format=tarfile.GNU_FORMAT) as t:
    if kind == "dotdot":
        add(t, "../evil"); add(t, "a/../../evil2"); add(t, "d/../ok2"); add(t, "ok")
    elif kind == "abs":
        add(t, "/tmp/acs-abs-evil"); add(t, "//x/y"); add(t, "ok")
    elif kind == "symlink":
        add(t, "l", typ=tarfile.SYMTYPE, link="/tmp"); add(t, "l/acs-pwned")
        add(t, "l2", typ=tarfile.SYMTYPE, link="../.."); add(t, "l2/acs-pwned2")
        add(t, "l3", typ=tarfile.SYMTYPE, link="inside"); add(t, "inside/f"); add(t, "ok")
    elif kind == "hardlink":
        add(t, "h", typ=tarfile.LNKTYPE, link="/etc/passwd")
        add(t, "h2", typ=tarfile.LNKTYPE, link="../../etc/passwd")
        add(t, "f"); add(t, "h3", typ=tarfile.LNKTYPE, link="f")
    elif kind == "dev":
        i = tarfile.TarInfo("null"); i.type = tarfile.CHRTYPE; i.devmajor, i.devminor = 1, 3; t.addfile(i)
        i = tarfile.TarInfo("sda"); i.type = tarfile.BLKTYPE; i.devmajor, i.devminor = 8, 0; t.addfile(i)
        i = tarfile.TarInfo("fifo"); i.type = tarfile.FIFOTYPE; t.addfile(i)
        add(t, "ok")
    elif kind == "suid":
        add(t, "su", mode=0o4755); add(t, "sg", mode=0o2750); add(t, "st", mode=0o1777)
