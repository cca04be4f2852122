	outer: for (let i = 0; i < 3; i++) { inner: for (const k in o) { if (k) continue outer; else break inner; } }
while (a) do b(); while (c);
switch (d) { case 1: case 2: e(); break; default: f(); }
try { g() } catch { h() } finally { i() }
try { } catch ({ message }) { }
debugger;
