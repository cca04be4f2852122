// Exponential time: each "(" at an expression start is first parsed as
// arrow parameters, and a default value "a = (..." nests that speculation.
(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=(a=1))))))))))))))))))))))));
