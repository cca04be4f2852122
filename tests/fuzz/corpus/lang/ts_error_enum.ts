	enum { A }
enum E { 1 = 2 }
