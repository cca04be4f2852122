/* reactor.c - a module without _start (built with -mexec-model=reactor) */
int add(int a, int b) { return a + b; }
