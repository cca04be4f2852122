a = []
while True:
    a.append(bytearray(1 << 24))
