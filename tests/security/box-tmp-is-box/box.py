# python: tempfile and /tmp are the box's, never the host's
import os, tempfile
open("/tmp/acs-fx-box-py", "w").close(); tempfile.mkdtemp(prefix="acs-fx-box-"); tempfile.mkstemp(prefix="acs-fx-box-")
open("/var/tmp/acs-fx-box", "w").close()
print(tempfile.gettempdir(), len([n for n in os.listdir("/tmp") if n.startswith("acs-fx")]), [n for n in os.listdir("/tmp") if not n.startswith("acs-fx")], "done")
