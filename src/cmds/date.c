/* date.c - print or set the system date and time.
**
** Usage: date [OPTION]... [+FORMAT]
**   or:  date [-u|--utc|--universal] [MMDDhhmm[[CC]YY][.ss]]
** Display date and time in the given FORMAT.
** With -s, or with [MMDDhhmm[[CC]YY][.ss]], set the date and time.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -d, --date=STRING          display time described by STRING, not 'now'
**   -f, --file=DATEFILE        like --date; once for each line of DATEFILE
**   -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format.
**                                FMT='date' for date only (the default),
**                                'hours', 'minutes', 'seconds', or 'ns'
**                                for date and time to the indicated precision.
**                                Example: 2006-08-14T02:34:56-06:00
**   --resolution               output the available resolution of timestamps
**                                Example: 0.000000001
**   -R, --rfc-email            output date and time in RFC 5322 format.
**                                Example: Mon, 14 Aug 2006 02:34:56 -0600
**       --rfc-3339=FMT         output date/time in RFC 3339 format.
**                                FMT='date', 'seconds', or 'ns'
**                                for date and time to the indicated precision.
**                                Example: 2006-08-14 02:34:56-06:00
**   -r, --reference=FILE       display the last modification time of FILE
**   -s, --set=STRING           set time described by STRING
**   -u, --utc, --universal     print or set Coordinated Universal Time (UTC)
**       --help        display this help and exit
**       --version     output version information and exit
**
** FORMAT controls the output.  Interpreted sequences are:
**
**   %%   a literal %
**   %a   locale's abbreviated weekday name (e.g., Sun)
**   %A   locale's full weekday name (e.g., Sunday)
**   %b   locale's abbreviated month name (e.g., Jan)
**   %B   locale's full month name (e.g., January)
**   %c   locale's date and time (e.g., Thu Mar  3 23:05:25 2005)
**   %C   century; like %Y, except omit last two digits (e.g., 20)
**   %d   day of month (e.g., 01)
**   %D   date; same as %m/%d/%y
**   %e   day of month, space padded; same as %_d
**   %F   full date; like %+4Y-%m-%d
**   %g   last two digits of year of ISO week number (see %G)
**   %G   year of ISO week number (see %V); normally useful only with %V
**   %h   same as %b
**   %H   hour (00..23)
**   %I   hour (01..12)
**   %j   day of year (001..366)
**   %k   hour, space padded ( 0..23); same as %_H
**   %l   hour, space padded ( 1..12); same as %_I
**   %m   month (01..12)
**   %M   minute (00..59)
**   %n   a newline
**   %N   nanoseconds (000000000..999999999)
**   %p   locale's equivalent of either AM or PM; blank if not known
**   %P   like %p, but lower case
**   %q   quarter of year (1..4)
**   %r   locale's 12-hour clock time (e.g., 11:11:04 PM)
**   %R   24-hour hour and minute; same as %H:%M
**   %s   seconds since the Epoch (1970-01-01 00:00 UTC)
**   %S   second (00..60)
**   %t   a tab
**   %T   time; same as %H:%M:%S
**   %u   day of week (1..7); 1 is Monday
**   %U   week number of year, with Sunday as first day of week (00..53)
**   %V   ISO week number, with Monday as first day of week (01..53)
**   %w   day of week (0..6); 0 is Sunday
**   %W   week number of year, with Monday as first day of week (00..53)
**   %x   locale's date representation (e.g., 12/31/99)
**   %X   locale's time representation (e.g., 23:13:48)
**   %y   last two digits of year (00..99)
**   %Y   year
**   %z   +hhmm numeric time zone (e.g., -0400)
**   %:z  +hh:mm numeric time zone (e.g., -04:00)
**   %::z  +hh:mm:ss numeric time zone (e.g., -04:00:00)
**   %:::z  numeric time zone with : to necessary precision (e.g., -04, +05:30)
**   %Z   alphabetic time zone abbreviation (e.g., EDT)
**
** By default, date pads numeric fields with zeroes.
** The following optional flags may follow '%':
**
**   -  (hyphen) do not pad the field
**   _  (underscore) pad with spaces
**   0  (zero) pad with zeros
**   +  pad with zeros, and put '+' before future years with >4 digits
**   ^  use upper case if possible
**   #  use opposite case if possible
**
** After any flags comes an optional field width, as a decimal number;
** then an optional modifier, which is either
** E to use the locale's alternate representations if available, or
** O to use the locale's alternate numeric symbols if available.
**
** The box's clock cannot be set: -s and MMDDhhmm report "cannot set date:
** Operation not permitted".
*/

/* GNU coreutils' date. Formats go through glibc's strftime one
** conversion at a time (flags, width and E/O modifiers passed on), with
** GNU's own additions done here: %N (nanoseconds, a width keeps that many
** digits), %q, %:z, %::z, %:::z, and the '+' flag. Date strings are
** lib_getdate.c's. The zone is TZ (-u: UTC0); a box has no zoneinfo files,
** so a named zone other than UTC reads as UTC, as glibc does. */
#include "cmd.h"
#include "lib_getdate.h"
#include "lib_sys.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void zone(acs_cmd *c, long off, int colons, char pad, int width)
{
  char b[32];
  long a = off < 0 ? -off : off;
  char sign = off < 0 ? '-' : '+';
  long h = a / 3600, m = a / 60 % 60, s = a % 60;
  int n;
  /* with '-' or '_' the hours lose their leading zero, as in GNU's */
  const char *hf = pad == '-' || pad == '_' ? "%ld" : "%02ld";
  n = snprintf(b, sizeof b, hf, colons == 0 && hf[1] == 'l' ? h * 100 + m : h);
  if (colons == 0 && hf[1] != 'l') n += snprintf(b + n, sizeof b - (size_t)n, "%02ld", m);
  else if (colons == 1 || colons == 2 || (colons == 3 && (m || s)))
    n += snprintf(b + n, sizeof b - (size_t)n, ":%02ld", m);
  if (colons == 2 || (colons == 3 && s)) n += snprintf(b + n, sizeof b - (size_t)n, ":%02ld", s);
  /* the width counts the sign: '_' pads with spaces before it (to the
  ** natural width at least), zeros go between sign and digits */
  static const int natural[] = {5, 6, 9, 3};
  int total = n + 1;
  if (pad == '_') {
    if (!width) width = natural[colons];
    for (int i = total; i < width; i++) cmd_putc(c, ' ');
  }
  cmd_putc(c, sign);
  if (pad != '_' && pad != '-')
    for (int i = total; i < width; i++) cmd_putc(c, '0');
  cmd_puts(c, b);
}

static void number(acs_cmd *c, long v, int digits, char pad, int width)
{
  char b[32];
  int w = width ? width : digits;
  if (pad == '-') snprintf(b, sizeof b, "%ld", v);
  else if (pad == '_') snprintf(b, sizeof b, "%*ld", w, v);
  else snprintf(b, sizeof b, "%0*ld", w, v);
  cmd_puts(c, b);
}

/* GNU's fprintftime over tm with nanoseconds ns and zone offset off */
static void format(acs_cmd *c, const char *f, const struct tm *tm, long ns, long off)
{
  for (const char *p = f; *p; p++) {
    if (*p != '%') {
      cmd_putc(c, *p);
      continue;
    }
    const char *start = p++;
    char flags[8];
    int nf = 0;
    while (*p && strchr("_-0^#+", *p)) {
      if (nf < 7) flags[nf++] = *p;
      p++;
    }
    flags[nf] = 0;
    int width = 0;
    while (isdigit((unsigned char)*p)) width = width * 10 + (*p++ - '0');
    int colons = 0;
    while (*p == ':') colons++, p++;
    if (*p == 'E' || *p == 'O') p++;
    char pad = 0;
    for (int i = 0; i < nf; i++)
      if (flags[i] == '_' || flags[i] == '-' || flags[i] == '0') pad = flags[i];
    if (!*p) { /* a lone % at the end is itself */
      cmd_out(c, start, (size_t)(p - start));
      break;
    }
    if (colons && *p != 'z') { /* not a conversion: printed as written */
      cmd_out(c, start, (size_t)(p - start + 1));
      continue;
    }
    if (*p == 'N') {
      char d[16];
      snprintf(d, sizeof d, "%09ld", ns);
      int keep = width ? width : 9;
      if (pad == '-') {
        /* %-N: no trailing zeros kept beyond the first digit */
        int n = keep > 9 ? 9 : keep;
        cmd_out(c, d, (size_t)n);
      } else {
        if (keep <= 9) cmd_out(c, d, (size_t)keep);
        else {
          cmd_out(c, d, 9);
          for (int i = 9; i < keep; i++) cmd_putc(c, pad == '_' ? ' ' : '0');
        }
      }
      continue;
    }
    if (*p == 'q') {
      number(c, tm->tm_mon / 3 + 1, 1, pad, width);
      continue;
    }
    if (*p == 'z') {
      zone(c, off, colons, pad, width);
      continue;
    }
    /* glibc for the rest; '+' is GNU's: zeros, and a sign on years past 9999 */
    char spec[32];
    char gf[8];
    int k = 0;
    for (int i = 0; i < nf; i++) gf[k++] = flags[i] == '+' ? '0' : flags[i];
    gf[k] = 0;
    int n = snprintf(spec, sizeof spec, "%%%s", gf);
    if (width) n += snprintf(spec + n, sizeof spec - (size_t)n, "%d", width);
    if (p[-1] == 'E' || p[-1] == 'O') spec[n++] = p[-1];
    spec[n++] = *p;
    spec[n] = 0;
    char out[1024];
    size_t len = strftime(out, sizeof out, spec, tm);
    cmd_out(c, out, len);
  }
}

static bool show(acs_cmd *c, const char *fmt, const struct timespec *ts)
{
  struct tm tm;
  if (!localtime_r(&ts->tv_sec, &tm)) {
    cmd_error(c, "time %lld is out of range", (long long)ts->tv_sec);
    return false;
  }
  format(c, fmt, &tm, ts->tv_nsec, tm.tm_gmtoff);
  cmd_putc(c, '\n');
  return true;
}

/* argmatch's rules: an exact name or a unique prefix */
static int choice(const char *arg, const char *const *names, int n)
{
  int hit = -1;
  for (int i = 0; i < n; i++) {
    if (!strcmp(arg, names[i])) return i;
    if (!strncmp(arg, names[i], strlen(arg))) {
      if (hit >= 0) return -2;
      hit = i;
    }
  }
  return hit;
}

static void bad_choice(acs_cmd *c, const char *arg, const char *opt, const char *const *names,
                       int n, int r)
{
  char q[512];
  cmd_error(c, "%s argument %s for '%s'", r == -2 ? "ambiguous" : "invalid",
            cmd_quote(arg, q, sizeof q), opt);
  char line[1024];
  int len = snprintf(line, sizeof line, "Valid arguments are:\n");
  for (int i = 0; i < n; i++) len += snprintf(line + len, sizeof line - (size_t)len, "  - '%s'\n", names[i]);
  acs_sys_write_all(2, line, (size_t)len);
  lib_try_help(c);
}

int acs__cmd_date(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"date", 'd', CMD_ARG},       {"debug", 256, CMD_NOARG},  {"file", 'f', CMD_ARG},
      {"iso-8601", 'I', CMD_OPTARG}, {"resolution", 257, CMD_NOARG}, {"rfc-email", 'R', CMD_NOARG},
      {"rfc-822", 'R', CMD_NOARG},  {"rfc-2822", 'R', CMD_NOARG}, {"rfc-3339", 258, CMD_ARG},
      {"reference", 'r', CMD_ARG},  {"set", 's', CMD_ARG},      {"utc", 'u', CMD_NOARG},
      {"universal", 'u', CMD_NOARG}, {0}};
  static const char *const iso_names[] = {"hours", "minutes", "date", "seconds", "ns"};
  static const char *const iso_fmts[] = {"%Y-%m-%dT%H%:z", "%Y-%m-%dT%H:%M%:z", "%Y-%m-%d",
                                         "%Y-%m-%dT%H:%M:%S%:z", "%Y-%m-%dT%H:%M:%S,%N%:z"};
  static const char *const rfc_names[] = {"date", "seconds", "ns"};
  static const char *const rfc_fmts[] = {"%Y-%m-%d", "%Y-%m-%d %H:%M:%S%:z",
                                         "%Y-%m-%d %H:%M:%S.%N%:z"};
  const char *date = NULL, *file = NULL, *ref = NULL, *set = NULL, *fmt = NULL;
  bool utc = false, resolution = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "d:f:I::r:Rs:u", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    const char *newfmt = NULL;
    switch (opt) {
    case 'd': date = g.arg; break;
    case 'f': file = g.arg; break;
    case 'r': ref = g.arg; break;
    case 's': set = g.arg; break;
    case 'u': utc = true; break;
    case 256: break;
    case 257: resolution = true; break;
    case 'R': newfmt = "%a, %d %b %Y %H:%M:%S %z"; break;
    case 'I': {
      int r = g.arg ? choice(g.arg, iso_names, 5) : 2;
      if (r < 0) {
        bad_choice(c, g.arg, "--iso-8601", iso_names, 5, r);
        return 1;
      }
      newfmt = iso_fmts[r];
      break;
    }
    case 258: {
      int r = choice(g.arg, rfc_names, 3);
      if (r < 0) {
        bad_choice(c, g.arg, "--rfc-3339", rfc_names, 3, r);
        return 1;
      }
      newfmt = rfc_fmts[r];
      break;
    }
    }
    if (newfmt) {
      if (fmt) {
        cmd_error(c, "multiple output formats specified");
        return 1;
      }
      fmt = newfmt;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  int nops = g.nops;
  char q[1024];
  if ((date != NULL) + (file != NULL) + (ref != NULL) + resolution > 1) {
    cmd_error(c, "the options to specify dates for printing are mutually exclusive");
    lib_try_help(c);
    return 1;
  }
  if (set && (date || file || ref || resolution)) {
    cmd_error(c, "the options to print and set the time may not be used together");
    lib_try_help(c);
    return 1;
  }
  if (nops > 1) {
    cmd_error(c, "extra operand %s", cmd_quote(ops[1], q, sizeof q));
    lib_try_help(c);
    return 1;
  }
  if (nops == 1 && ops[0][0] == '+') {
    if (fmt) {
      cmd_error(c, "multiple output formats specified");
      return 1;
    }
    fmt = ops[0] + 1;
  } else if (nops == 1) {
    if (date || file || ref || set || resolution) {
      cmd_error(c, "the argument %s lacks a leading '+';\nwhen using an option to specify date(s), "
                   "any non-option\nargument must be a format string beginning with '+'",
                cmd_quote(ops[0], q, sizeof q));
      lib_try_help(c);
      return 1;
    }
    /* MMDDhhmm[[CC]YY][.ss]: checked, then refused as setting the time is */
    const char *s = ops[0];
    size_t len = strcspn(s, ".");
    bool ok = (len == 8 || len == 10 || len == 12) && strspn(s, "0123456789") == len &&
              (!s[len] || (strlen(s + len + 1) == 2 && strspn(s + len + 1, "0123456789") == 2));
    if (!ok) {
      cmd_error(c, "invalid date %s", cmd_quote(s, q, sizeof q));
      return 1;
    }
    set = s;
  }
  if (utc) setenv("TZ", "UTC0", 1);
  tzset();
  if (set) {
    struct timespec now, t;
    clock_gettime(CLOCK_REALTIME, &now);
    if (set != (nops == 1 ? ops[0] : NULL) && !lib_date_parse(set, &now, &t)) {
      cmd_error(c, "invalid date %s", cmd_quote(set, q, sizeof q));
      return 1;
    }
    /* the box's clock is the host's: a box process may not move it */
    cmd_error(c, "cannot set date: %s", cmd_strerror(-EPERM));
    return 1;
  }
  if (!fmt) fmt = resolution ? "%s.%N" : "%a %b %e %H:%M:%S %Z %Y";
  if (resolution) {
    cmd_puts(c, "0.000000001\n");
    return 0;
  }
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  if (ref) {
    acs__sys_stat st;
    int rc = acs_sys_stat(ref, &st);
    if (rc) {
      cmd_error(c, "%s: %s", cmd_quotef(ref, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
    struct timespec t = {(time_t)st.mtime_s, (long)st.mtime_ns};
    return show(c, fmt, &t) ? 0 : 1;
  }
  if (file) {
    cmd_in *in = cmd_in_new();
    if (!in) return 1;
    if (cmd_in_open(c, in, file) < 0) {
      cmd_in_free(in);
      return 1;
    }
    int status = 0;
    char *line;
    ssize_t n;
    while ((n = cmd_getdelim(in, &line, '\n')) > 0) {
      if (line[n - 1] == '\n') line[--n] = 0;
      struct timespec t;
      if (!lib_date_parse(line, &now, &t)) {
        cmd_error(c, "invalid date %s", cmd_quote(line, q, sizeof q));
        status = 1;
        continue;
      }
      if (!show(c, fmt, &t)) status = 1;
    }
    cmd_in_free(in);
    return status;
  }
  struct timespec t = now;
  if (date && !lib_date_parse(date, &now, &t)) {
    cmd_error(c, "invalid date %s", cmd_quote(date, q, sizeof q));
    return 1;
  }
  return show(c, fmt, &t) ? 0 : 1;
}
