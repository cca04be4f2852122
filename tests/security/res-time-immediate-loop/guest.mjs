// setImmediate re-arming itself: the loop stays busy forever.
setImmediate(function f() { setImmediate(f); });
