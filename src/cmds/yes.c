/* yes.c - output a string repeatedly until killed.
**
** Usage: yes [STRING]...
**   or:  yes OPTION
** Repeatedly output a line with all specified STRING(s), or 'y'.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' yes: the line is copied many times into one buffer that
** is written again and again; the first write error (a closed pipe
** without SIGPIPE, a full disk) ends it, as GNU's does. */
#include "cmd.h"

#include <stdlib.h>
#include <string.h>

int acs__cmd_yes(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) continue;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **words = cmd_operands(&g);
  int n = g.nops;
  size_t len = 0;
  for (int i = 0; i < n; i++) len += strlen(words[i]) + 1;
  if (!n) len = 2;
  size_t copies = len < 8192 ? 8192 / len : 1;
  char *buf = malloc(len * copies);
  if (!buf) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  size_t o = 0;
  for (int i = 0; i < n; i++) {
    size_t k = strlen(words[i]);
    memcpy(buf + o, words[i], k);
    o += k;
    buf[o++] = i + 1 < n ? ' ' : '\n';
  }
  if (!n) {
    buf[0] = 'y';
    buf[1] = '\n';
  }
  for (size_t k = 1; k < copies; k++) memcpy(buf + k * len, buf, len);
  int rc;
  while ((rc = cmd_write_fd(1, buf, len * copies)) >= 0) continue;
  free(buf);
  cmd_error(c, "standard output: %s", cmd_strerror(rc));
  return 1;
}
