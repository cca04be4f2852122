# python: UDP and raw sockets are refused
import socket
for k, f in {"udp": lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("127.0.0.1", 53)),
             "raw": lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, 1),
             "unix": lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect("/var/run/docker.sock")}.items():
    try: f(); print("DID", k)
    except (OSError, AttributeError) as e: print(k, type(e).__name__)
print("done")
