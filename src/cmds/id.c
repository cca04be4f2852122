/* id.c - print real and effective user and group IDs.
**
** Usage: id [OPTION]... [USER]...
** Print user and group information for each specified USER,
** or (when USER omitted) for the current process.
**
**   -a             ignore, for compatibility with other versions
**   -g, --group    print only the effective group ID
**   -G, --groups   print all group IDs
**   -n, --name     print a name instead of a number, for -ugG
**   -r, --real     print the real ID instead of the effective ID, with -ugG
**   -u, --user     print only the effective user ID
**   -z, --zero     delimit entries with NUL characters, not whitespace;
**                    not permitted in default format
**       --help        display this help and exit
**       --version     output version information and exit
**
** Without any OPTION, print some useful set of identified information.
*/

/* GNU coreutils' id. The process's ids come from the box's kernel; its
** groups are its group (the kernel gives a process no other group yet).
** A USER is looked up in the box's /etc/passwd and /etc/group. -Z: the
** box has no security contexts ("--context (-Z) works only on an
** SELinux-enabled kernel", as GNU says without SELinux). */
#include "cmd.h"
#include "lib_sys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct who {
  uint32_t ruid, euid, rgid, egid;
  uint32_t groups[64];
  size_t ngroups;
} who;

static void put_id(acs_cmd *c, uint32_t id, bool name, bool group)
{
  char b[256];
  if (name && (group ? cmd_group_name(id, b, sizeof b) : cmd_user_name(id, b, sizeof b))) cmd_puts(c, b);
  else cmd_printf(c, "%u", id);
}

/* "uid=0(root)" and its kin; a missing name is left out, as GNU does */
static void put_pair(acs_cmd *c, const char *key, uint32_t id, bool group)
{
  char b[256];
  if (*key) cmd_printf(c, "%s=", key);
  cmd_printf(c, "%u", id);
  if (group ? cmd_group_name(id, b, sizeof b) : cmd_user_name(id, b, sizeof b)) cmd_printf(c, "(%s)", b);
}

int acs__cmd_id(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"context", 'Z', CMD_NOARG}, {"group", 'g', CMD_NOARG}, {"groups", 'G', CMD_NOARG},
      {"name", 'n', CMD_NOARG},    {"real", 'r', CMD_NOARG},  {"user", 'u', CMD_NOARG},
      {"zero", 'z', CMD_NOARG},    {0}};
  bool u = false, gr = false, G = false, n = false, r = false, z = false, Z = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "agGnruzZ", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'g': gr = true; break;
    case 'G': G = true; break;
    case 'n': n = true; break;
    case 'r': r = true; break;
    case 'u': u = true; break;
    case 'z': z = true; break;
    case 'Z': Z = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (Z) {
    cmd_error(c, "--context (-Z) works only on an SELinux-enabled kernel");
    return 1;
  }
  if (u + gr + G > 1) {
    cmd_error(c, "cannot print \"only\" of more than one choice");
    return 1;
  }
  if (!(u || gr || G) && (n || r)) {
    cmd_error(c, "cannot print only names or real IDs in default format");
    return 1;
  }
  if (!(u || gr || G) && z) {
    cmd_error(c, "option --zero not permitted in default format");
    return 1;
  }
  int status = 0;
  int count = g.nops ? g.nops : 1;
  for (int i = 0; i < count; i++) {
    who w = {0};
    char uname[256] = "";
    if (g.nops) {
      const char *name = cmd_operands(&g)[i];
      uint32_t uid;
      char *gids = NULL;
      if (!cmd_user_id(name, &uid) || !(gids = cmd_user_field(uid, 3))) {
        char q[1024];
        cmd_error(c, "%s: no such user", cmd_quote(name, q, sizeof q));
        status = 1;
        continue;
      }
      w.ruid = w.euid = uid;
      w.rgid = w.egid = (uint32_t)strtoul(gids, NULL, 10);
      free(gids);
      cmd_user_name(uid, uname, sizeof uname);
      w.ngroups = lib_user_groups(uname, w.rgid, w.groups, 64);
    } else {
      acs_sys_ids ids;
      if (acs_sys_getids(&ids)) return 1;
      w.ruid = ids.uid, w.euid = ids.euid, w.rgid = ids.gid, w.egid = ids.egid;
      w.groups[0] = w.egid;
      w.ngroups = 1;
      if (w.rgid != w.egid) w.groups[w.ngroups++] = w.rgid;
    }
    char sep = z ? 0 : ' ';
    if (u || gr) {
      put_id(c, u ? (r ? w.ruid : w.euid) : (r ? w.rgid : w.egid), n, gr);
      cmd_putc(c, z ? 0 : '\n');
      continue;
    }
    if (G) {
      for (size_t k = 0; k < w.ngroups; k++) {
        if (k) cmd_putc(c, sep);
        put_id(c, w.groups[k], n, true);
      }
      if (z) cmd_putc(c, 0);
      else cmd_putc(c, '\n');
      continue;
    }
    put_pair(c, "uid", w.ruid, false);
    cmd_putc(c, ' ');
    put_pair(c, "gid", w.rgid, true);
    if (w.euid != w.ruid) {
      cmd_putc(c, ' ');
      put_pair(c, "euid", w.euid, false);
    }
    if (w.egid != w.rgid) {
      cmd_putc(c, ' ');
      put_pair(c, "egid", w.egid, true);
    }
    cmd_puts(c, " groups=");
    for (size_t k = 0; k < w.ngroups; k++) {
      if (k) cmd_putc(c, ',');
      put_pair(c, "", w.groups[k], true);
    }
    cmd_putc(c, '\n');
  }
  return status;
}
