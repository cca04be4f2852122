#!/usr/bin/env python3
# tests/cmds/zip_attack.py OUT - a zip whose names try to leave the
# directory it is extracted in (for zip.test, run on the host).
import sys, zipfile

with zipfile.ZipFile(sys.argv[1], "w") as z:
    for name, data in (("../acs-zevil", "e\n"), ("/tmp/acs-zabs", "a\n"), ("a/../../acs-zevil2", "e2\n"), ("ok", "ok\n")):
        i = zipfile.ZipInfo(name, (2001, 2, 3, 4, 5, 6))
        z.writestr(i, data)
