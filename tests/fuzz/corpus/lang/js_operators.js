	a = b ** c ** 2; d = -e ** 2 === undefined; f = !g instanceof H; i = j in k; l = void 0, typeof m, delete n.o; p >>>= 1; q = r ? s : t ? u : v; w = (x, y);
