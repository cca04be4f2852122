# python: the same tricks; the box's python has no outbound sockets
import os, urllib.request
os.environ["http_proxy"] = "http://127.0.0.1:$PB"
for u in ("http://allowed.test:$PA/", "http://allowed.test:$PA@127.0.0.1:$PB/", "http://127.0.0.1:$PB/"):
    try: print("REACHED", u, urllib.request.urlopen(urllib.request.Request(u, headers={"Host": "allowed.test"}), timeout=3).read())
    except Exception as e: print(u, type(e).__name__)
print("done")
