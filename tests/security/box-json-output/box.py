# python: bytes a JSON reader must survive, on stdout and stderr
import sys
sys.stdout.buffer.write(b"n\x00\xff\xfe\xed\xa0\x80\x1b]0;\x07\"\\\n"); sys.stderr.buffer.write(b"\x00\xff\x1b[31m\n")
print("done")
