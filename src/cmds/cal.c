/* cal.c - display a calendar.
**
** Usage:
**  cal [options] [[[day] month] year]
**  cal [options] <timestamp|monthname>
**
** Display a calendar, or some part of it.
** Without any arguments, display the current month.
**
** Options:
**  -1, --one             show only a single month (default)
**  -3, --three           show three months spanning the date
**  -n, --months <num>    show num months starting with date's month
**  -S, --span            span the date when displaying multiple months
**  -s, --sunday          Sunday as first day of week
**  -m, --monday          Monday as first day of week
**  -j, --julian          use day-of-year for all calendars
**  -y, --year            show the whole year
**  -Y, --twelve          show the next twelve months
**
**  -h, --help            display this help
**  -V, --version         display version
*/

/* util-linux 2.38's cal (Debian's bsdextrautils) without a terminal (so
** today is not highlighted): each month a block of 20 columns (27 with
** -j) and a 2-column gutter, title centered, six week lines; -3 and -n
** side by side, three a row; -y under the year's title. The Gregorian
** calendar throughout (util-linux switches to Julian before September
** 1752; this cal does not). */
#include "cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static const char *const months[] = {"January", "February", "March",     "April",   "May",      "June",
                                     "July",    "August",   "September", "October", "November", "December"};

static int days_in(int y, int m)
{
  static const int d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 1 && leap ? 29 : d[m];
}

/* 0 Sunday .. 6 Saturday (Zeller/Sakamoto) */
static int weekday(int y, int m, int d)
{
  static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  if (m < 2) y--;
  return (y + y / 4 - y / 100 + y / 400 + t[m] + d) % 7;
}

static int yday(int y, int m, int d)
{
  int n = d;
  for (int i = 0; i < m; i++) n += days_in(y, i);
  return n;
}

typedef struct opts {
  bool monday, julian, year_in_title;
} opts;

/* line `l` (0 title, 1 weekdays, 2.. weeks) of month m of year y into b */
static void month_line(char *b, size_t size, int y, int m, int l, const opts *o)
{
  int cw = o->julian ? 3 : 2, width = 7 * (cw + 1) - 1;
  char t[128];
  if (l == 0) {
    if (o->year_in_title) snprintf(t, sizeof t, "%s %d", months[m], y);
    else snprintf(t, sizeof t, "%s", months[m]);
    int len = (int)strlen(t), left = (width - len) / 2;
    snprintf(b, size, "%*s%s%*s", left, "", t, width - left - len, "");
    return;
  }
  if (l == 1) {
    static const char *const su[] = {"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"};
    size_t n = 0;
    for (int i = 0; i < 7; i++) {
      const char *w = su[(i + (o->monday ? 1 : 0)) % 7];
      n += (size_t)snprintf(b + n, size - n, "%s%*s%s", i ? " " : "", cw - 2, "", w);
    }
    return;
  }
  int first = (weekday(y, m, 1) - (o->monday ? 1 : 0) + 7) % 7;
  int week = l - 2;
  size_t n = 0;
  for (int i = 0; i < 7; i++) {
    int d = week * 7 + i - first + 1;
    if (i) n += (size_t)snprintf(b + n, size - n, " ");
    if (d >= 1 && d <= days_in(y, m))
      n += (size_t)snprintf(b + n, size - n, "%*d", cw, o->julian ? yday(y, m, d) : d);
    else n += (size_t)snprintf(b + n, size - n, "%*s", cw, "");
  }
}

static void print_months(acs_cmd *c, int y, int m, int count, const opts *o)
{
  int per_row = o->julian ? 2 : 3;
  for (int start = 0; start < count; start += per_row) {
    int n = count - start < per_row ? count - start : per_row;
    for (int l = 0; l < 8; l++) {
      for (int k = 0; k < n; k++) {
        int mm = m + start + k, yy = y + mm / 12;
        mm %= 12;
        char b[256];
        month_line(b, sizeof b, yy, mm, l, o);
        cmd_puts(c, b);
        cmd_puts(c, "  ");
      }
      cmd_putc(c, '\n');
    }
  }
}

int acs__cmd_cal(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"one", '1', CMD_NOARG},    {"three", '3', CMD_NOARG}, {"months", 'n', CMD_ARG},
      {"span", 'S', CMD_NOARG},   {"sunday", 's', CMD_NOARG}, {"monday", 'm', CMD_NOARG},
      {"julian", 'j', CMD_NOARG}, {"year", 'y', CMD_NOARG},  {"twelve", 'Y', CMD_NOARG},
      {"version", 'V', CMD_NOARG}, {0}};
  opts o = {.year_in_title = true};
  bool three = false, year = false, twelve = false, span = false;
  long nmonths = 1;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "13n:SsmjyYVh", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case '1': three = false; nmonths = 1; break;
    case '3': three = true; break;
    case 'n': nmonths = atol(g.arg); if (nmonths < 1) nmonths = 1; break;
    case 'S': span = true; break;
    case 's': o.monday = false; break;
    case 'm': o.monday = true; break;
    case 'j': o.julian = true; break;
    case 'y': year = true; break;
    case 'Y': twelve = true; break;
    case 'h': cmd_puts(c, c->help); return 0;
    case 'V': cmd_puts(c, "cal from util-linux 2.38.1 (agent-code-sandbox)\n"); return 0;
    }
  }
  if (opt < 0) return 1;
  time_t now = time(NULL);
  struct tm tm;
  localtime_r(&now, &tm);
  int y = tm.tm_year + 1900, m = tm.tm_mon;
  char **ops = cmd_operands(&g);
  int nops = g.nops;
  if (nops > 3) {
    cmd_usage_error(c, "bad usage");
    return 1;
  }
  if (nops >= 1) {
    const char *ys = ops[nops - 1];
    char *end;
    long v = strtol(ys, &end, 10);
    if (nops == 1 && *end) {
      /* a month name alone */
      int k = -1;
      for (int i = 0; i < 12; i++)
        if (!strncasecmp(ys, months[i], strlen(ys)) && strlen(ys) >= 3) k = i;
      if (k < 0) {
        cmd_error(c, "failed to parse timestamp or unknown month name: %s", ys);
        return 1;
      }
      m = k;
    } else {
      if (*end || v < 1 || v > 9999) {
        cmd_error(c, "illegal year value: use 1-9999");
        return 1;
      }
      y = (int)v;
      if (nops == 1) year = true;
    }
  }
  if (nops >= 2) {
    const char *ms = ops[nops - 2];
    char *end;
    long v = strtol(ms, &end, 10);
    if (*end) {
      v = 0;
      for (int i = 0; i < 12; i++)
        if (!strncasecmp(ms, months[i], strlen(ms)) && strlen(ms) >= 3) v = i + 1;
    }
    if (v < 1 || v > 12) {
      cmd_error(c, "illegal month value: use 1-12");
      return 1;
    }
    m = (int)v - 1;
  }
  if (nops == 3) {
    long d = atol(ops[0]);
    if (d < 1 || d > days_in(y, m)) {
      cmd_error(c, "illegal day value: use 1-%d", days_in(y, m));
      return 1;
    }
  }
  if (year || twelve) {
    int cw = o.julian ? 3 : 2, width = 7 * (cw + 1) - 1, per = o.julian ? 2 : 3;
    int total = per * width + (per - 1) * 2;
    char t[16];
    snprintf(t, sizeof t, "%d", y);
    if (year) {
      int left = (total - (int)strlen(t)) / 2;
      cmd_printf(c, "%*s%s%*s\n", left, "", t, total - left - (int)strlen(t), "");
      o.year_in_title = false;
      print_months(c, y, 0, 12, &o);
    } else print_months(c, y, m, 12, &o);
    return 0;
  }
  if (three) {
    int start = m - 1;
    int yy = y;
    if (start < 0) start += 12, yy--;
    print_months(c, yy, start, 3, &o);
    return 0;
  }
  int start = m;
  if (span && nmonths > 1) start = m - (int)(nmonths / 2);
  int yy = y;
  while (start < 0) start += 12, yy--;
  print_months(c, yy, start, (int)nmonths, &o);
  return 0;
}
