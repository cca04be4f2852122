// process.nextTick re-queueing itself: the tick queue never drains.
process.nextTick(function f() { process.nextTick(f); });
