/* mount.c - show the box's mounts.
**
** Usage:
**  mount [-lhV]
**  mount -a [options]
**  mount [options] [--source] <source> | [--target] <directory>
**  mount [options] <source> <directory>
**
** Options:
**  -l, --show-labels       show also filesystem labels
**  -t, --types <list>      limit the set of filesystem types
**  -h, --help              display this help
**  -V, --version           display version
**
** With no arguments, list the box's mounts as /proc/mounts gives them.
** The box's mounts are made with the box (acs box); mount cannot add any.
*/

/* util-linux's mount, listing only: "SOURCE on TARGET type TYPE
** (OPTIONS)" for each /proc/mounts line, -t filtering by type. Mounting
** is refused: as a user with util-linux's words, as root saying where a
** box's mounts come from (exit 32, mount's failure status; 1 for usage). */
#include "cmd.h"
#include "lib_sys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int acs__cmd_mount(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"show-labels", 'l', CMD_NOARG}, {"types", 't', CMD_ARG},
                                  {"all", 'a', CMD_NOARG}, {"options", 'o', CMD_ARG},
                                  {"version", 'V', CMD_NOARG}, {"read-only", 'r', CMD_NOARG},
                                  {"rw", 'w', CMD_NOARG}, {"bind", 256, CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG}, {0}};
  const char *types = NULL;
  bool all = false, other = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "lt:ao:Vrwvh", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 't') types = g.arg;
    else if (opt == 'a') all = true;
    else if (opt == 'h') {
      cmd_puts(c, c->help);
      return 0;
    } else if (opt == 'V') {
      cmd_puts(c, "mount from util-linux 2.38.1 (agent-code-sandbox)\n");
      return 0;
    } else if (opt != 'l' && opt != 'v') other = true;
  }
  if (opt < 0) return 1;
  if (g.nops || all || other) {
    acs_sys_ids ids;
    if (acs_sys_getids(&ids) == 0 && ids.euid != 0) {
      cmd_error(c, "only root can do that");
      return 1;
    }
    cmd_error(c, "the box's mounts are made with the box (acs box); a process of the box cannot mount");
    return 32;
  }
  char buf[8192];
  if (lib_read_small("/proc/mounts", buf, sizeof buf) < 0) {
    cmd_error(c, "cannot read /proc/mounts");
    return 1;
  }
  for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
    char src[1024], dst[1024], type[256], options[1024];
    if (sscanf(line, "%1023s %1023s %255s %1023s", src, dst, type, options) != 4) continue;
    if (types) {
      bool neg = !strncmp(types, "no", 2), hit = false;
      char list[512];
      snprintf(list, sizeof list, "%s", neg ? types + 2 : types);
      for (char *t = strtok_r(list, ",", &(char *){NULL}); t; t = NULL) {
        char *save = NULL;
        for (char *u = strtok_r(t, ",", &save); u; u = strtok_r(NULL, ",", &save)) hit |= !strcmp(u, type);
      }
      if (hit == neg) continue;
    }
    cmd_printf(c, "%s on %s type %s (%s)\n", src, dst, type, options);
  }
  return 0;
}
