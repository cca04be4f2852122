/* main.c - acs-zygote: the box's slim zygote as a program of its own.
**
** The box's kernel execs it at boot (zygote.c, acs__kernel_zygote_slim_start)
** with its socket at fd 3. It is linked with the box's commands and shell
** but not the engine (node and the WASI host stay with the box's zygote),
** so that each process it forks has a few dozen mappings instead of the
** ~200 that GLib, ICU and JavaScriptCore bring: a fork and an exit cost
** about their number. Run by hand it refuses. */
#include "../kernel/kernel.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  /* argv: acs-zygote for PROGRAM-THAT-MADE-THE-BOX (what ps shows) */
  if (argc != 3 || strcmp(argv[0], "acs-zygote") || strcmp(argv[1], "for") || getppid() == 1) {
    fprintf(stderr, "acs-zygote: the box's kernel starts this program; it is not run by hand\n");
    return 2;
  }
  acs__zygote_exec_main();
}
