enum X { "G" = 1, H = G + 1 }
console.log(X.H);
