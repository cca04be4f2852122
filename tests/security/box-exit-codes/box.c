/* a WASI program exiting with 300: 44, as Linux keeps a byte of it */
int main(void) { return 300; }
