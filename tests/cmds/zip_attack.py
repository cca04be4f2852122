#!/usr/bin/env python3
# tests/cmds/zip_attack.py OUT [symlink] - a zip whose names try to leave
# the directory it is extracted in (for zip.test, run on the host); with
# "symlink", a link to /tmp and then a file written through it.
import sys, zipfile

def member(name, mode=0o100644):
    i = zipfile.ZipInfo(name, (2001, 2, 3, 4, 5, 6))
    i.create_system = 3
    i.external_attr = mode << 16
    return i

with zipfile.ZipFile(sys.argv[1], "w") as z:
    if len(sys.argv) > 2 and sys.argv[2] == "symlink":
        z.writestr(member("l", 0o120777), "/tmp")
        z.writestr(member("l/acs-zpwned"), "p\n")
        z.writestr(member("ok"), "ok\n")
    else:
        for name, data in (("../acs-zevil", "e\n"), ("/tmp/acs-zabs", "a\n"), ("a/../../acs-zevil2", "e2\n"), ("ok", "ok\n")):
            z.writestr(member(name), data)
