/* pidof.c - find the process ID of a running program.
**
** Usage: pidof [options] <program-name>
**
**  -c           Return PIDs with the same root directory
**  -d <sep>     Use the provided character as output separator
**  -h           Display this help text
**  -n           Avoid using stat system function on network shares
**  -o <pid>     Omit results with a given PID
**  -q           Quiet mode. Do not display output
**  -s           Only return one PID
**  -x           Return PIDs of shells running scripts with a matching name
**  -z           List zombie and I/O waiting processes. May cause pidof to hang.
*/

/* sysvinit's pidof (Debian's /bin/pidof) over the box's /proc: newest
** pid first, separated by a space; -o takes pids and %PPID; pidof never
** lists itself. Exit 1 when nothing matched. Zombies are left out unless
** -z. */
#include "cmd.h"
#include "lib_match.h"
#include "lib_proc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int acs__cmd_pidof(acs_cmd *c, int argc, char **argv)
{
  bool single = false, quiet = false, scripts = false, zombies = false;
  const char *sep = " ";
  int omit[64], nomit = 0;
  acs_sys_ids ids;
  acs_sys_getids(&ids);
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cd:hno:qsxz", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'd': sep = g.arg; break;
    case 'h': cmd_puts(c, c->help); return 0;
    case 'q': quiet = true; break;
    case 's': single = true; break;
    case 'x': scripts = true; break;
    case 'z': zombies = true; break;
    case 'o': {
      char *copy = strdup(g.arg);
      for (char *t = strtok(copy, ","); t && nomit < 64; t = strtok(NULL, ",")) {
        if (!strcmp(t, "%PPID")) omit[nomit++] = ids.ppid;
        else if (!strcmp(t, "%SELF")) omit[nomit++] = ids.pid;
        else {
          char *end;
          long v = strtol(t, &end, 10);
          if (*end || v <= 0) {
            cmd_error(c, "illegal omit pid value (%s)!", t);
            free(copy);
            return 1;
          }
          omit[nomit++] = (int)v;
        }
      }
      free(copy);
      break;
    }
    }
  }
  if (opt < 0) return 1;
  lib_procs ps;
  if (lib_procs_read(&ps)) return 1;
  int printed = 0;
  for (int i = 0; i < g.nops && !(single && printed); i++) {
    const char *name = cmd_operands(&g)[i];
    for (size_t k = ps.n; k-- > 0 && !(single && printed);) {
      lib_proc *p = &ps.v[k];
      if (p->pid == ids.pid || p->pid == 1) continue;
      if (!zombies && p->state == 'Z') continue;
      bool skip = false;
      for (int j = 0; j < nomit; j++) skip |= omit[j] == p->pid;
      if (skip) continue;
      bool m = lib_proc_named(p, name, true, false);
      /* -x: a shell running a script of that name ("sh NAME ...") */
      if (!m && scripts && p->argv && p->argv[0] && p->argv[1]) {
        const char *b = strrchr(p->argv[1], '/');
        m = !strcmp(b ? b + 1 : p->argv[1], name) || !strcmp(p->argv[1], name);
      }
      if (!m) continue;
      if (!quiet) {
        if (printed) cmd_puts(c, sep);
        cmd_printf(c, "%d", p->pid);
      }
      printed++;
    }
  }
  if (printed && !quiet) cmd_putc(c, '\n');
  lib_procs_free(&ps);
  return printed ? 0 : 1;
}
