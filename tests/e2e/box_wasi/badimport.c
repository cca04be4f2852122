/* badimport.c - a module importing a function no WASI host gives */
extern int host_thing(int) __attribute__((import_module("env"), import_name("host_thing")));
int main(void) { return host_thing(1); }
