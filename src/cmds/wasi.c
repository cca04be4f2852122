/* wasi.c - the box's WASI preview1 host as a program.
**
** Usage: wasi [OPTION]... [--] MODULE [ARG]...
** Run the wasm32-wasi command MODULE (a file of the box) with ARGs, as a
** process of the box: its files, permissions, pipes and limits are this
** process's. A file that starts with \0asm is run by wasi when executed,
** so ./prog.wasm ARG... is the same as wasi ./prog.wasm ARG...
**
**       --argv0 NAME       the module's argv[0] (default: MODULE as given)
**       --root-paths       every path on the "/" preopen is a box path from
**                          "/" (default: a path with one component, or whose
**                          first component the working directory holds, is
**                          the working directory's; see docs/box-wasi.md)
**       --max-memory-mb N  the most the module's memory may grow to
**                          (default 1024; at most 4096)
**       --help             display this help and exit
**
** Exit status: the module's (proc_exit's, 0 when _start returns), 126 when
** it cannot run (the reason on stderr), 127 when MODULE does not exist,
** 134 after a trap (wasm trap: ... on stderr).
*/
#include "cmd.h"

#include "../wasi/wasi.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

int acs__cmd_wasi(acs_cmd *c, int argc, char **argv)
{
  acs__wasi_config cfg = {0};
  const char *argv0 = NULL;
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (a[0] != '-' || !a[1]) break;
    if (!strcmp(a, "--help")) {
      cmd_puts(c, c->help);
      return 0;
    }
    if (!strcmp(a, "--root-paths")) {
      cfg.root_paths = true;
    } else if (!strcmp(a, "--argv0") && i + 1 < argc) {
      argv0 = argv[++i];
    } else if (!strcmp(a, "--max-memory-mb") && i + 1 < argc) {
      char *end;
      long v = strtol(argv[++i], &end, 10);
      if (*end || v <= 0 || v > 4096) {
        cmd_usage_error(c, "--max-memory-mb takes a number of megabytes from 1 to 4096, not '%s'", argv[i]);
        return 2;
      }
      cfg.max_memory = (uint64_t)v << 20;
    } else {
      cmd_usage_error(c, "unrecognized option '%s'", a);
      return 2;
    }
  }
  if (i >= argc) {
    cmd_usage_error(c, "missing the module to run");
    return 2;
  }
  cfg.path = argv[i];
  size_t n = (size_t)(argc - i);
  const char **args = calloc(n + 1, sizeof *args);
  size_t ne = 0;
  while (environ && environ[ne]) ne++;
  const char **env = calloc(ne + 1, sizeof *env);
  if (!args || !env) {
    cmd_error(c, "out of memory");
    return 1;
  }
  for (size_t k = 0; k < n; k++) args[k] = argv[i + (int)k];
  if (argv0) args[0] = argv0;
  for (size_t k = 0; k < ne; k++) env[k] = environ[k];
  cfg.argv = args;
  cfg.argc = n;
  cfg.env = env;
  cfg.envc = ne;
  cmd_flush(c);
  return acs__wasi_run(&cfg);
}
