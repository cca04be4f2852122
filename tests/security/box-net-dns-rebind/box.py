# python: the same names; the box's python has no outbound sockets
import urllib.request
for u in ("http://allowed.test:$PB/", "http://rebind.test:$PB/", "http://private.test/", "http://meta.test/latest/meta-data/"):
    try: print("REACHED", u, urllib.request.urlopen(u, timeout=3).status)
    except Exception as e: print(u, type(e).__name__)
print("done")
