/* free.c - display the box's amount of free and used memory.
**
** Usage:
**  free [options]
**
** Options:
**  -b, --bytes         show output in bytes
**      --kilo          show output in kilobytes
**      --mega          show output in megabytes
**      --giga          show output in gigabytes
**  -k, --kibi          show output in kibibytes
**  -m, --mebi          show output in mebibytes
**  -g, --gibi          show output in gibibytes
**  -h, --human         show human-readable output
**      --si            use powers of 1000 not 1024
**  -l, --lohi          show detailed low and high memory statistics
**  -t, --total         show total for RAM + swap
**  -v, --committed     show committed memory and commit limit
**  -w, --wide          wide output
**
**      --help     display this help and exit
**  -V, --version  output version information and exit
**
** The figures are the box's: its memory limit and what its files and
** processes use, from the box's /proc/meminfo; the box has no swap.
*/

/* procps-ng 4.0.2's free over the box's /proc/meminfo: the same columns
** (total used free shared buff/cache available) and number formats. -s
** and -c (repeat) are accepted and print once. */
#include "cmd.h"
#include "lib_sys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long field(const char *buf, const char *name)
{
  const char *p = strstr(buf, name);
  return p ? strtoull(p + strlen(name), NULL, 10) : 0;
}

/* kb in the unit asked: shift of 1024s (or 1000s with si), or human */
static void put(acs_cmd *c, unsigned long long kb, int unit, bool si, bool human)
{
  char b[32];
  unsigned long long bytes = kb * 1024;
  if (human) {
    static const char *const bin[] = {"B", "Ki", "Mi", "Gi", "Ti", "Pi"};
    static const char *const dec[] = {"B", "K", "M", "G", "T", "P"};
    double base = si ? 1000 : 1024, v = (double)bytes;
    int i = 0;
    while (v >= base && i < 5) v /= base, i++;
    if (i == 0) snprintf(b, sizeof b, "%lluB", bytes);
    else if (v < 10) snprintf(b, sizeof b, "%.1f%s", v, si ? dec[i] : bin[i]);
    else snprintf(b, sizeof b, "%.0f%s", v, si ? dec[i] : bin[i]);
  } else {
    double base = si ? 1000 : 1024, v = (double)bytes;
    for (int i = 0; i < unit; i++) v /= base;
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
  }
  cmd_printf(c, " %11s", b);
}

int acs__cmd_free(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"bytes", 'b', CMD_NOARG}, {"kilo", 256, CMD_NOARG}, {"mega", 257, CMD_NOARG},
      {"giga", 258, CMD_NOARG},  {"tera", 259, CMD_NOARG}, {"peta", 260, CMD_NOARG},
      {"kibi", 'k', CMD_NOARG},  {"mebi", 'm', CMD_NOARG}, {"gibi", 'g', CMD_NOARG},
      {"tebi", 261, CMD_NOARG},  {"pebi", 262, CMD_NOARG}, {"human", 'h', CMD_NOARG},
      {"si", 263, CMD_NOARG},    {"lohi", 'l', CMD_NOARG}, {"total", 't', CMD_NOARG},
      {"committed", 'v', CMD_NOARG}, {"wide", 'w', CMD_NOARG}, {"seconds", 's', CMD_ARG},
      {"count", 'c', CMD_ARG},   {"version", 'V', CMD_NOARG}, {0}};
  int unit = 1; /* powers: 0 bytes, 1 kilo, 2 mega, 3 giga */
  bool si = false, human = false, total = false, wide = false, lohi = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bkmghltvws:c:V", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'b': unit = 0; break;
    case 'k': unit = 1; break;
    case 'm': unit = 2; break;
    case 'g': unit = 3; break;
    case 261: unit = 4; break;
    case 262: unit = 5; break;
    case 256: case 257: case 258: case 259: case 260: unit = opt - 255; si = true; break;
    case 'h': human = true; break;
    case 263: si = true; break;
    case 't': total = true; break;
    case 'w': wide = true; break;
    case 'l': lohi = true; break;
    case 'V': cmd_puts(c, "free from procps-ng 4.0.2 (agent-code-sandbox)\n"); return 0;
    }
  }
  if (opt < 0) return 1;
  if (g.nops) {
    cmd_flush(c);
    acs_sys_write_all(2, "free: extra operand\n", 20);
    return 1;
  }
  char buf[4096];
  if (lib_read_small("/proc/meminfo", buf, sizeof buf) <= 0) {
    cmd_error(c, "cannot read /proc/meminfo");
    return 1;
  }
  unsigned long long tot = field(buf, "MemTotal:"), fr = field(buf, "MemFree:"),
                     avail = field(buf, "MemAvailable:"), buffers = field(buf, "Buffers:"),
                     cached = field(buf, "Cached:"), shmem = field(buf, "Shmem:"),
                     stot = field(buf, "SwapTotal:"), sfree = field(buf, "SwapFree:");
  unsigned long long bc = buffers + cached, used = tot > fr + bc ? tot - fr - bc : 0;
  if (wide) cmd_puts(c, "               total        used        free      shared     buffers       cache   available\n");
  else cmd_puts(c, "               total        used        free      shared  buff/cache   available\n");
  cmd_printf(c, "%-7s", "Mem:");
  put(c, tot, unit, si, human);
  put(c, used, unit, si, human);
  put(c, fr, unit, si, human);
  put(c, shmem, unit, si, human);
  if (wide) {
    put(c, buffers, unit, si, human);
    put(c, cached, unit, si, human);
  } else put(c, bc, unit, si, human);
  put(c, avail, unit, si, human);
  cmd_putc(c, '\n');
  if (lohi) {
    cmd_printf(c, "%-7s", "Low:");
    put(c, tot, unit, si, human);
    put(c, used, unit, si, human);
    put(c, fr, unit, si, human);
    cmd_printf(c, "\n%-7s", "High:");
    put(c, 0, unit, si, human);
    put(c, 0, unit, si, human);
    put(c, 0, unit, si, human);
    cmd_putc(c, '\n');
  }
  cmd_printf(c, "%-7s", "Swap:");
  put(c, stot, unit, si, human);
  put(c, stot - sfree, unit, si, human);
  put(c, sfree, unit, si, human);
  cmd_putc(c, '\n');
  if (total) {
    cmd_printf(c, "%-7s", "Total:");
    put(c, tot + stot, unit, si, human);
    put(c, used + stot - sfree, unit, si, human);
    put(c, fr + sfree, unit, si, human);
    cmd_putc(c, '\n');
  }
  return 0;
}
