/* hostname.c - show the box's host name.
**
** Usage: hostname [-a|-A|-d|-f|-i|-I|-s|-y]       display formatted name
**        hostname                                 display host name
**
** Program options:
**     -a, --alias            alias names
**     -A, --all-fqdns        all long host names (FQDNs)
**     -d, --domain           DNS domain name
**     -f, --fqdn, --long     long host name (FQDN)
**     -i, --ip-address       addresses for the host name
**     -I, --all-ip-addresses all addresses for the host
**     -s, --short            short host name
**     -y, --yp, --nis        NIS/YP domain name
**
** The box's host name is given when the box is made (acs box --hostname
** NAME, "box" by default); it cannot be set from inside.
*/

/* Debian's hostname (net-tools' successor) read from the box's
** /etc/hostname: the long name is the name, the domain is what follows
** its first dot, the address is what /etc/hosts gives the name (127.0.1.1
** as Debian lays it out). -I is the box's addresses: it has none of its
** own but loopback, which -I leaves out, so an empty line. Setting the
** name (an operand, -F, -b) is refused with exit 1. */
#include "cmd.h"
#include "lib_sys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the first address /etc/hosts gives name, into buf */
static bool address_of(const char *name, char *buf, size_t size)
{
  char *data;
  size_t len;
  if (cmd_read_all("/etc/hosts", &data, &len)) return false;
  bool found = false;
  for (char *line = strtok(data, "\n"); line && !found; line = strtok(NULL, "\n")) {
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *save = NULL, *addr = strtok_r(line, " \t", &save);
    for (char *n = addr ? strtok_r(NULL, " \t", &save) : NULL; n; n = strtok_r(NULL, " \t", &save))
      if (!strcmp(n, name) && !strchr(addr, ':')) {
        snprintf(buf, size, "%s", addr);
        found = true;
        break;
      }
  }
  free(data);
  return found;
}

int acs__cmd_hostname(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"alias", 'a', CMD_NOARG},     {"all-fqdns", 'A', CMD_NOARG}, {"domain", 'd', CMD_NOARG},
      {"fqdn", 'f', CMD_NOARG},      {"long", 'f', CMD_NOARG},      {"ip-address", 'i', CMD_NOARG},
      {"all-ip-addresses", 'I', CMD_NOARG}, {"short", 's', CMD_NOARG}, {"yp", 'y', CMD_NOARG},
      {"nis", 'y', CMD_NOARG},       {"file", 'F', CMD_ARG},        {"boot", 'b', CMD_NOARG},
      {0}};
  int mode = 0;
  bool set = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "aAdfiIsyF:bhV", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'F' || opt == 'b') set = true;
    else if (opt == 'h') {
      cmd_puts(c, c->help);
      return 0;
    } else if (opt == 'V') {
      cmd_puts(c, "hostname (agent-code-sandbox)\n");
      return 0;
    } else mode = opt;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (set || g.nops) {
    acs_sys_ids ids;
    if (acs_sys_getids(&ids) == 0 && ids.euid != 0) {
      cmd_error(c, "you must be root to change the host name");
      return 1;
    }
    cmd_error(c, "the box's host name is set when the box is made (acs box --hostname NAME)");
    return 1;
  }
  char host[256];
  lib_hostname(host, sizeof host);
  char *dot = strchr(host, '.');
  char addr[64];
  switch (mode) {
  case 'a': cmd_putc(c, '\n'); break;
  case 'A': cmd_printf(c, "%s \n", host); break;
  case 'd': cmd_printf(c, "%s\n", dot ? dot + 1 : ""); break;
  case 'y':
    cmd_error(c, "Local domain name not set");
    return 1;
  case 'i':
    if (!address_of(host, addr, sizeof addr)) {
      cmd_error(c, "Name or service not known");
      return 1;
    }
    cmd_printf(c, "%s\n", addr);
    break;
  case 'I': cmd_putc(c, '\n'); break;
  case 's':
    if (dot) *dot = 0;
    cmd_printf(c, "%s\n", host);
    break;
  default: cmd_printf(c, "%s\n", host);
  }
  return 0;
}
