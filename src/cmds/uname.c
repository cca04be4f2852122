/* uname.c - print system information.
**
** Usage: uname [OPTION]...
** Print certain system information.  With no OPTION, same as -s.
**
**   -a, --all                print all information, in the following order,
**                              except omit -p and -i if unknown:
**   -s, --kernel-name        print the kernel name
**   -n, --nodename           print the network node hostname
**   -r, --kernel-release     print the kernel release
**   -v, --kernel-version     print the kernel version
**   -m, --machine            print the machine hardware name
**   -p, --processor          print the processor type (non-portable)
**   -i, --hardware-platform  print the hardware platform (non-portable)
**   -o, --operating-system   print the operating system
**       --help        display this help and exit
**       --version     output version information and exit
**
** The box's identity, never the host's: kernel name Linux (the box answers
** Linux's calls), release 6.1.0-acs, version "#1 SMP agent-code-sandbox
** box", the box's host name, the machine the box's programs run on, and
** processor and platform "unknown" as on Debian.
*/

/* GNU coreutils' uname with the values of src/sys/identity.h. */
#include "cmd.h"
#include "lib_sys.h"

#include "../sys/identity.h"

enum { S = 1, N = 2, R = 4, V = 8, M = 16, P = 32, I = 64, O = 128 };

int acs__cmd_uname(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"all", 'a', CMD_NOARG},          {"kernel-name", 's', CMD_NOARG},
      {"nodename", 'n', CMD_NOARG},     {"kernel-release", 'r', CMD_NOARG},
      {"kernel-version", 'v', CMD_NOARG}, {"machine", 'm', CMD_NOARG},
      {"processor", 'p', CMD_NOARG},    {"hardware-platform", 'i', CMD_NOARG},
      {"operating-system", 'o', CMD_NOARG}, {"sysname", 's', CMD_NOARG},
      {"release", 'r', CMD_NOARG},      {0}};
  unsigned want = 0;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "asnrvmpio", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': want |= S | N | R | V | M | O | 256; break;
    case 's': want |= S; break;
    case 'n': want |= N; break;
    case 'r': want |= R; break;
    case 'v': want |= V; break;
    case 'm': want |= M; break;
    case 'p': want |= P; break;
    case 'i': want |= I; break;
    case 'o': want |= O; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops) {
    char q[1024];
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[0], q, sizeof q));
    return 1;
  }
  if (!want) want = S;
  char host[256];
  lib_hostname(host, sizeof host);
  const char *v[8] = {ACS_BOX_SYSNAME, host, ACS_BOX_RELEASE, ACS_BOX_VERSION, ACS_BOX_MACHINE,
                      "unknown", "unknown", ACS_BOX_OS};
  bool first = true;
  for (int i = 0; i < 8; i++) {
    if (!(want & (1u << i))) continue;
    /* -a leaves out what is unknown; asked for by name it is printed */
    if ((i == 5 || i == 6) && (want & 256)) continue;
    if (!first) cmd_putc(c, ' ');
    cmd_puts(c, v[i]);
    first = false;
  }
  cmd_putc(c, '\n');
  return 0;
}
