/* stty.c - change and print terminal line settings.
**
** Usage: stty [-F DEVICE | --file=DEVICE] [SETTING]...
**   or:  stty [-F DEVICE | --file=DEVICE] [-a|--all]
**   or:  stty [-F DEVICE | --file=DEVICE] [-g|--save]
** Print or change terminal characteristics.
**
**   -a, --all          print all current settings in human-readable form
**   -g, --save         print all current settings in a stty-readable form
**   -F, --file=DEVICE  open and use the specified DEVICE instead of stdin
**       --help        display this help and exit
**       --version     output version information and exit
**
** Optional - before SETTING indicates negation.  An * marks non-POSIX
** settings.  The underlying system defines which settings are available.
**
** Special characters: intr quit erase kill eof eol eol2 swtch start stop
** susp rprnt werase lnext discard CHAR (^X, ^?, ^- or undef, a number);
** min N, time N.  Special settings: N (speed), ispeed N, ospeed N, rows
** N, cols N, columns N, size, speed, line N, -g's output.  Modes: the
** control, input, output and local flags stty -a lists, and the
** combinations evenp parity oddp nl ek sane cooked raw cbreak pass8
** litout decctlq tabs lcase LCASE crt dec.
*/

/* GNU coreutils' stty on the box's terminal, which is a real pty: the
** settings go through the box's termios and window-size calls, and what
** they print (stty, -a, -g) is laid out as GNU's, wrapped at the width of
** the terminal on stdout (else $COLUMNS, else 80). The table of modes,
** their sane values and the combinations are GNU's, from its manual and
** its output on Linux. Without a terminal every use ends as GNU's does:
** "stty: 'standard input': Inappropriate ioctl for device", exit 1. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

enum { CTL, IN, OUT, LOC, COMBO };
enum { SANE_SET = 1, SANE_UNSET = 2, REV = 4, OMIT = 8 };

typedef struct mode {
  const char *name;
  char type;
  char flags;
  tcflag_t bits, mask; /* mask: the field the bits sit in (cs8 in CSIZE) */
} mode;

static const mode modes[] = {
    {"parenb", CTL, REV, PARENB, 0},          {"parodd", CTL, REV, PARODD, 0},
    {"cmspar", CTL, REV, CMSPAR, 0},          {"cs5", CTL, 0, CS5, CSIZE},
    {"cs6", CTL, 0, CS6, CSIZE},              {"cs7", CTL, 0, CS7, CSIZE},
    {"cs8", CTL, 0, CS8, CSIZE},              {"hupcl", CTL, REV, HUPCL, 0},
    {"hup", CTL, REV | OMIT, HUPCL, 0},       {"cstopb", CTL, REV, CSTOPB, 0},
    {"cread", CTL, SANE_SET | REV, CREAD, 0}, {"clocal", CTL, REV, CLOCAL, 0},
    {"crtscts", CTL, REV, CRTSCTS, 0},

    {"ignbrk", IN, SANE_UNSET | REV, IGNBRK, 0}, {"brkint", IN, SANE_SET | REV, BRKINT, 0},
    {"ignpar", IN, REV, IGNPAR, 0},              {"parmrk", IN, REV, PARMRK, 0},
    {"inpck", IN, REV, INPCK, 0},                {"istrip", IN, REV, ISTRIP, 0},
    {"inlcr", IN, SANE_UNSET | REV, INLCR, 0},   {"igncr", IN, SANE_UNSET | REV, IGNCR, 0},
    {"icrnl", IN, SANE_SET | REV, ICRNL, 0},     {"ixon", IN, REV, IXON, 0},
    {"ixoff", IN, SANE_UNSET | REV, IXOFF, 0},   {"tandem", IN, REV | OMIT, IXOFF, 0},
    {"iuclc", IN, SANE_UNSET | REV, IUCLC, 0},   {"ixany", IN, SANE_UNSET | REV, IXANY, 0},
    {"imaxbel", IN, SANE_SET | REV, IMAXBEL, 0}, {"iutf8", IN, SANE_UNSET | REV, IUTF8, 0},

    {"opost", OUT, SANE_SET | REV, OPOST, 0},    {"olcuc", OUT, SANE_UNSET | REV, OLCUC, 0},
    {"ocrnl", OUT, SANE_UNSET | REV, OCRNL, 0},  {"onlcr", OUT, SANE_SET | REV, ONLCR, 0},
    {"onocr", OUT, SANE_UNSET | REV, ONOCR, 0},  {"onlret", OUT, SANE_UNSET | REV, ONLRET, 0},
    {"ofill", OUT, SANE_UNSET | REV, OFILL, 0},  {"ofdel", OUT, SANE_UNSET | REV, OFDEL, 0},
    {"nl1", OUT, SANE_UNSET, NL1, NLDLY},        {"nl0", OUT, SANE_SET, NL0, NLDLY},
    {"cr3", OUT, SANE_UNSET, CR3, CRDLY},        {"cr2", OUT, SANE_UNSET, CR2, CRDLY},
    {"cr1", OUT, SANE_UNSET, CR1, CRDLY},        {"cr0", OUT, SANE_SET, CR0, CRDLY},
    {"tab3", OUT, SANE_UNSET, TAB3, TABDLY},     {"tab2", OUT, SANE_UNSET, TAB2, TABDLY},
    {"tab1", OUT, SANE_UNSET, TAB1, TABDLY},     {"tab0", OUT, SANE_SET, TAB0, TABDLY},
    {"bs1", OUT, SANE_UNSET, BS1, BSDLY},        {"bs0", OUT, SANE_SET, BS0, BSDLY},
    {"vt1", OUT, SANE_UNSET, VT1, VTDLY},        {"vt0", OUT, SANE_SET, VT0, VTDLY},
    {"ff1", OUT, SANE_UNSET, FF1, FFDLY},        {"ff0", OUT, SANE_SET, FF0, FFDLY},

    {"isig", LOC, SANE_SET | REV, ISIG, 0},       {"icanon", LOC, SANE_SET | REV, ICANON, 0},
    {"iexten", LOC, SANE_SET | REV, IEXTEN, 0},   {"echo", LOC, SANE_SET | REV, ECHO, 0},
    {"echoe", LOC, SANE_SET | REV, ECHOE, 0},     {"crterase", LOC, REV | OMIT, ECHOE, 0},
    {"echok", LOC, SANE_SET | REV, ECHOK, 0},     {"echonl", LOC, SANE_UNSET | REV, ECHONL, 0},
    {"noflsh", LOC, SANE_UNSET | REV, NOFLSH, 0}, {"xcase", LOC, SANE_UNSET | REV, XCASE, 0},
    {"tostop", LOC, SANE_UNSET | REV, TOSTOP, 0}, {"echoprt", LOC, SANE_UNSET | REV, ECHOPRT, 0},
    {"prterase", LOC, REV | OMIT, ECHOPRT, 0},    {"echoctl", LOC, SANE_SET | REV, ECHOCTL, 0},
    {"ctlecho", LOC, REV | OMIT, ECHOCTL, 0},     {"echoke", LOC, SANE_SET | REV, ECHOKE, 0},
    {"crtkill", LOC, REV | OMIT, ECHOKE, 0},      {"flusho", LOC, SANE_UNSET | REV, FLUSHO, 0},
    {"extproc", LOC, SANE_UNSET | REV, EXTPROC, 0},
    {NULL, 0, 0, 0, 0}};

typedef struct cchar {
  const char *name;
  unsigned char sane;
  int slot;
} cchar;

/* in -a's order; min and time last (they are numbers, not characters) */
static const cchar cchars[] = {
    {"intr", 3, VINTR},       {"quit", 034, VQUIT},     {"erase", 0177, VERASE}, {"kill", 025, VKILL},
    {"eof", 4, VEOF},         {"eol", 0, VEOL},         {"eol2", 0, VEOL2},      {"swtch", 0, VSWTC},
    {"start", 021, VSTART},   {"stop", 023, VSTOP},     {"susp", 032, VSUSP},    {"rprnt", 022, VREPRINT},
    {"werase", 027, VWERASE}, {"lnext", 026, VLNEXT},   {"discard", 017, VDISCARD},
    {"min", 1, VMIN},         {"time", 0, VTIME},       {NULL, 0, 0}};

static const struct { unsigned long baud; speed_t code; } speeds[] = {
    {0, B0},         {50, B50},         {75, B75},         {110, B110},       {134, B134},
    {150, B150},     {200, B200},       {300, B300},       {600, B600},       {1200, B1200},
    {1800, B1800},   {2400, B2400},     {4800, B4800},     {9600, B9600},     {19200, B19200},
    {38400, B38400}, {57600, B57600},   {115200, B115200}, {230400, B230400}, {460800, B460800},
    {500000, B500000}, {576000, B576000}, {921600, B921600}, {1000000, B1000000},
    {1152000, B1152000}, {1500000, B1500000}, {2000000, B2000000}, {2500000, B2500000},
    {3000000, B3000000}, {3500000, B3500000}, {4000000, B4000000}};
#define NSPEEDS (sizeof speeds / sizeof *speeds)

static tcflag_t *field(struct termios *t, int type)
{
  return type == IN ? &t->c_iflag : type == OUT ? &t->c_oflag : type == CTL ? &t->c_cflag : &t->c_lflag;
}

static unsigned long baud_of(speed_t code)
{
  for (size_t i = 0; i < NSPEEDS; i++)
    if (speeds[i].code == code) return speeds[i].baud;
  return 0;
}

static bool speed_code(const char *s, speed_t *out)
{
  if (!strcmp(s, "exta")) s = "19200";
  else if (!strcmp(s, "extb")) s = "38400";
  char *end;
  if (!*s || *s == '-') return false;
  unsigned long v = strtoul(s, &end, 10);
  if (*end) return false;
  for (size_t i = 0; i < NSPEEDS; i++)
    if (speeds[i].baud == v) {
      *out = speeds[i].code;
      return true;
    }
  return false;
}

/* ---- printing, wrapped as GNU's wrapf */

typedef struct out {
  acs_cmd *c;
  int col, max;
} out;

static void wrapf(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wrapf(out *o, const char *fmt, ...)
{
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if (o->col > 0) {
    if (o->max - o->col < n) { /* GNU's: a line may reach max + 1 */
      cmd_putc(o->c, '\n');
      o->col = 0;
    } else {
      cmd_putc(o->c, ' ');
      o->col++;
    }
  }
  cmd_puts(o->c, buf);
  o->col += n;
}

static void newline(out *o)
{
  cmd_putc(o->c, '\n');
  o->col = 0;
}

/* a control character as stty shows it: ^C, ^?, M-a, <undef> */
static const char *visible(unsigned char ch, char *b)
{
  char *p = b;
  if (ch == _POSIX_VDISABLE) return "<undef>";
  if (ch >= 128) {
    *p++ = 'M';
    *p++ = '-';
    ch -= 128;
  }
  if (ch < 32) *p++ = '^', *p++ = (char)(ch + 64);
  else if (ch == 127) *p++ = '^', *p++ = '?';
  else *p++ = (char)ch;
  *p = 0;
  return b;
}

static void show_speed(out *o, const struct termios *t)
{
  unsigned long i = baud_of(cfgetispeed(t)), s = baud_of(cfgetospeed(t));
  if (i == 0 || i == s) wrapf(o, "speed %lu baud;", s);
  else wrapf(o, "ispeed %lu baud; ospeed %lu baud;", i, s);
}

static void show_all(out *o, int fd, const struct termios *t)
{
  char b[8];
  show_speed(o, t);
  int rows, cols;
  if (acs_sys_getwinsz(fd, &rows, &cols) == 0) wrapf(o, "rows %d; columns %d;", rows, cols);
  wrapf(o, "line = %d;", t->c_line);
  newline(o);
  for (int i = 0; cchars[i].slot != VMIN; i++)
    wrapf(o, "%s = %s;", cchars[i].name, visible(t->c_cc[cchars[i].slot], b));
  wrapf(o, "min = %u; time = %u;", t->c_cc[VMIN], t->c_cc[VTIME]);
  if (o->col) newline(o);
  int prev = CTL;
  struct termios m = *t;
  for (int i = 0; modes[i].name; i++) {
    if (modes[i].flags & OMIT) continue;
    if (modes[i].type != prev) {
      newline(o);
      prev = modes[i].type;
    }
    tcflag_t mask = modes[i].mask ? modes[i].mask : modes[i].bits;
    if ((*field(&m, modes[i].type) & mask) == modes[i].bits) wrapf(o, "%s", modes[i].name);
    else if (modes[i].flags & REV) wrapf(o, "-%s", modes[i].name);
  }
  newline(o);
}

/* no setting: what differs from sane */
static void show_changed(out *o, const struct termios *t)
{
  char b[8];
  show_speed(o, t);
  wrapf(o, "line = %d;", t->c_line);
  newline(o);
  bool empty = true;
  for (int i = 0; cchars[i].slot != VMIN; i++) {
    if (t->c_cc[cchars[i].slot] == cchars[i].sane) continue;
    empty = false;
    wrapf(o, "%s = %s;", cchars[i].name, visible(t->c_cc[cchars[i].slot], b));
  }
  if (!(t->c_lflag & ICANON)) wrapf(o, "min = %u; time = %u;\n", t->c_cc[VMIN], t->c_cc[VTIME]);
  else if (!empty) cmd_putc(o->c, '\n');
  o->col = 0;
  empty = true;
  int prev = CTL;
  struct termios m = *t;
  for (int i = 0; modes[i].name; i++) {
    if (modes[i].flags & OMIT) continue;
    if (modes[i].type != prev) {
      if (!empty) newline(o);
      empty = true;
      prev = modes[i].type;
    }
    tcflag_t mask = modes[i].mask ? modes[i].mask : modes[i].bits;
    if ((*field(&m, modes[i].type) & mask) == modes[i].bits) {
      if (modes[i].flags & SANE_UNSET) {
        wrapf(o, "%s", modes[i].name);
        empty = false;
      }
    } else if ((modes[i].flags & (SANE_SET | REV)) == (SANE_SET | REV)) {
      wrapf(o, "-%s", modes[i].name);
      empty = false;
    }
  }
  if (!empty) newline(o);
}

static void show_saved(acs_cmd *c, const struct termios *t)
{
  cmd_printf(c, "%lx:%lx:%lx:%lx", (unsigned long)t->c_iflag, (unsigned long)t->c_oflag,
             (unsigned long)t->c_cflag, (unsigned long)t->c_lflag);
  for (int i = 0; i < NCCS; i++) cmd_printf(c, ":%lx", (unsigned long)t->c_cc[i]);
  cmd_putc(c, '\n');
}

/* -g's text back into t; false when arg is not one */
static bool from_saved(const char *arg, struct termios *t)
{
  unsigned long v[4 + NCCS];
  const char *p = arg;
  for (int i = 0; i < 4 + NCCS; i++) {
    char *end;
    if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F'))) return false;
    v[i] = strtoul(p, &end, 16);
    if (i < 4 + NCCS - 1 ? *end != ':' : *end != 0) return false;
    if (i >= 4 && v[i] > 255) return false;
    p = end + 1;
  }
  t->c_iflag = (tcflag_t)v[0];
  t->c_oflag = (tcflag_t)v[1];
  t->c_cflag = (tcflag_t)v[2];
  t->c_lflag = (tcflag_t)v[3];
  for (int i = 0; i < NCCS; i++) t->c_cc[i] = (cc_t)v[4 + i];
  return true;
}

/* ---- settings */

static bool set_mode(struct termios *t, const char *name, bool off)
{
  for (int i = 0; modes[i].name; i++) {
    if (strcmp(modes[i].name, name)) continue;
    if (off && !(modes[i].flags & REV)) return false;
    tcflag_t *f = field(t, modes[i].type);
    if (off) *f &= ~modes[i].bits;
    else *f = (*f & ~modes[i].mask) | modes[i].bits;
    return true;
  }
  return false;
}

static void sane(struct termios *t)
{
  for (int i = 0; cchars[i].name; i++) t->c_cc[cchars[i].slot] = cchars[i].sane;
  for (int i = 0; modes[i].name; i++) {
    tcflag_t *f = field(t, modes[i].type);
    if (modes[i].flags & SANE_SET) *f = (*f & ~modes[i].mask) | modes[i].bits;
    else if ((modes[i].flags & SANE_UNSET) && !modes[i].mask) *f &= ~modes[i].bits;
  }
}

static void apply(struct termios *t, const char *list)
{
  char buf[256];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) set_mode(t, w[0] == '-' ? w + 1 : w, w[0] == '-');
}

/* the combinations (GNU's manual words them this way) */
static bool set_combo(struct termios *t, const char *name, bool off)
{
  if (!strcmp(name, "evenp") || !strcmp(name, "parity")) apply(t, off ? "-parenb cs8" : "parenb -parodd cs7");
  else if (!strcmp(name, "oddp")) apply(t, off ? "-parenb cs8" : "parenb parodd cs7");
  else if (!strcmp(name, "nl")) apply(t, off ? "icrnl -inlcr -igncr onlcr -ocrnl -onlret" : "-icrnl -onlcr");
  else if (!strcmp(name, "raw") || !strcmp(name, "cooked")) {
    if (off == !strcmp(name, "raw")) apply(t, "brkint ignpar istrip icrnl ixon opost isig icanon");
    else {
      apply(t, "-ignbrk -brkint -ignpar -parmrk -inpck -istrip -inlcr -igncr -icrnl -ixon -ixoff -icanon "
               "-opost -isig -iuclc -ixany -imaxbel -xcase");
      t->c_cc[VMIN] = 1;
      t->c_cc[VTIME] = 0;
    }
  } else if (!strcmp(name, "cbreak")) apply(t, off ? "icanon" : "-icanon");
  else if (!strcmp(name, "pass8")) apply(t, off ? "parenb istrip cs7" : "-parenb -istrip cs8");
  else if (!strcmp(name, "litout")) apply(t, off ? "parenb istrip opost cs7" : "-parenb -istrip -opost cs8");
  else if (!strcmp(name, "decctlq")) apply(t, off ? "ixany" : "-ixany");
  else if (!strcmp(name, "tabs")) apply(t, off ? "tab3" : "tab0");
  else if (!strcmp(name, "lcase") || !strcmp(name, "LCASE")) apply(t, off ? "-xcase -iuclc -olcuc" : "xcase iuclc olcuc");
  else if (off) return false; /* the rest cannot be negated */
  else if (!strcmp(name, "ek")) t->c_cc[VERASE] = 0177, t->c_cc[VKILL] = 025;
  else if (!strcmp(name, "sane")) sane(t);
  else if (!strcmp(name, "crt")) apply(t, "echoe echoctl echoke");
  else if (!strcmp(name, "dec")) {
    apply(t, "echoe echoctl echoke -ixany");
    t->c_cc[VINTR] = 3, t->c_cc[VERASE] = 0177, t->c_cc[VKILL] = 025;
  } else return false;
  return true;
}

/* GNU's integer_arg: base 0 (0x.., 0..), at most max */
static bool integer_arg(acs_cmd *c, const char *s, unsigned long max, unsigned long *out)
{
  char q[512];
  char *end;
  errno = 0;
  unsigned long v = *s && *s != '-' ? strtoul(s, &end, 0) : 0;
  if (!*s || *s == '-' || *end) {
    cmd_error(c, "invalid integer argument: %s", cmd_quote(s, q, sizeof q));
    return false;
  }
  if (errno == ERANGE || v > max) {
    cmd_error(c, "invalid integer argument: %s: %s", cmd_quote(s, q, sizeof q), cmd_strerror(-ERANGE));
    return false;
  }
  *out = v;
  return true;
}

static bool cc_value(acs_cmd *c, const char *s, cc_t *out)
{
  unsigned long v;
  if (!strcmp(s, "^-") || !strcmp(s, "undef")) v = _POSIX_VDISABLE;
  else if (!s[0] || !s[1]) v = (unsigned char)s[0];
  else if (s[0] == '^') v = s[1] == '?' ? 127 : ((unsigned char)s[1] & ~0140u); /* junk after it is ignored */
  else if (!integer_arg(c, s, 255, &v)) return false;
  *out = (cc_t)v;
  return true;
}

static const char *dev_name(const char *dev) { return dev ? dev : "standard input"; }

/* check: only whether the settings read (GNU's first pass, before the
** terminal is looked at); else they act on the terminal at fd */
static int settings(acs_cmd *c, int fd, const char *dev, struct termios *t, int n, char **set, bool check)
{
  char q[1024];
  struct termios want = *t;
  int rows = -1, cols = -1;
  bool changed = false, speed_set = false;
  for (int i = 0; i < n; i++) {
    const char *a = set[i];
    bool off = a[0] == '-' && a[1];
    const char *name = off ? a + 1 : a;
    const char *next = i + 1 < n ? set[i + 1] : NULL;
    int slot = -1;
    for (int k = 0; cchars[k].name && !off; k++)
      if (!strcmp(cchars[k].name, name)) slot = cchars[k].slot;
    if (!off && !strcmp(name, "flush")) slot = VDISCARD;
    bool takes = slot >= 0 || (!off && (!strcmp(name, "ispeed") || !strcmp(name, "ospeed") ||
                                        !strcmp(name, "rows") || !strcmp(name, "cols") ||
                                        !strcmp(name, "columns") || !strcmp(name, "line")));
    if (takes && !next) {
      cmd_usage_error(c, "missing argument to %s", cmd_quote(a, q, sizeof q));
      return 1;
    }
    unsigned long v;
    speed_t sp;
    if (slot == VMIN || slot == VTIME) {
      if (!integer_arg(c, next, 255, &v)) return 1;
      want.c_cc[slot] = (cc_t)v;
      i++;
    } else if (slot >= 0) {
      if (!cc_value(c, next, &want.c_cc[slot])) return 1;
      i++;
    } else if (takes && (!strcmp(name, "ispeed") || !strcmp(name, "ospeed"))) {
      if (!speed_code(next, &sp)) {
        cmd_error(c, "invalid %s %s", name, cmd_quote(next, q, sizeof q));
        return 1;
      }
      if (name[0] == 'i') cfsetispeed(&want, sp);
      else cfsetospeed(&want, sp);
      speed_set = true;
      i++;
    } else if (takes && !strcmp(name, "line")) {
      if (!integer_arg(c, next, 255, &v)) return 1;
      want.c_line = (cc_t)v;
      i++;
    } else if (takes) {
      if (!integer_arg(c, next, 0x7fffffff, &v)) return 1;
      if (name[0] == 'r') rows = (int)v;
      else cols = (int)v;
      i++;
      continue;
    } else if (!off && !strcmp(name, "size")) {
      if (check) continue;
      int r = 0, k = 0;
      int rc = acs_sys_getwinsz(fd, &r, &k);
      if (rc) {
        cmd_error(c, "%s: %s", cmd_quotef(dev_name(dev), q, sizeof q), cmd_strerror(rc));
        return 1;
      }
      cmd_printf(c, "%d %d\n", r, k);
      continue;
    } else if (!off && !strcmp(name, "speed")) {
      if (check) continue;
      cmd_printf(c, "%lu\n", baud_of(cfgetospeed(t)));
      continue;
    } else if (!off && speed_code(name, &sp)) {
      cfsetispeed(&want, sp);
      cfsetospeed(&want, sp);
      speed_set = true;
    } else if (!off && from_saved(name, &want)) {
    } else if (!set_mode(&want, name, off) && !set_combo(&want, name, off)) {
      cmd_usage_error(c, "invalid argument %s", cmd_quote(a, q, sizeof q));
      return 1;
    }
    changed = true;
  }
  if (check) return 0;
  if (rows >= 0 || cols >= 0) {
    int r = 0, k = 0;
    acs_sys_getwinsz(fd, &r, &k);
    int rc = acs_sys_setwinsz(fd, rows >= 0 ? rows : r, cols >= 0 ? cols : k);
    if (rc) {
      cmd_error(c, "%s: %s", cmd_quotef(dev_name(dev), q, sizeof q), cmd_strerror(rc));
      return 1;
    }
  }
  if (!changed) return 0;
  int rc = acs_sys_tcsetattr(fd, TCSADRAIN, &want);
  if (rc) {
    cmd_error(c, "%s: %s", cmd_quotef(dev_name(dev), q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  /* as GNU's: what the terminal took is read back; a part it would not
  ** take (a pty keeps its character size) is an error */
  struct termios got;
  if (acs_sys_tcgetattr(fd, &got) == 0 && memcmp(&want, &got, sizeof got)) {
    /* the input-speed bits may come back changed; not when a speed was asked for */
    got.c_cflag &= ~(tcflag_t)CIBAUD;
    if (speed_set || memcmp(&want, &got, sizeof got)) {
      cmd_error(c, "%s: unable to perform all requested operations", cmd_quotef(dev_name(dev), q, sizeof q));
      return 1;
    }
  }
  return 0;
}

static int width(int fd)
{
  int r, k;
  if (acs_sys_isatty(1) && acs_sys_getwinsz(1, &r, &k) == 0 && k > 0) return k;
  (void)fd;
  const char *s = getenv("COLUMNS");
  char *end;
  long v = s ? strtol(s, &end, 0) : 0;
  return s && *s && !*end && v > 0 && v <= 0x7fffffff ? (int)v : 80;
}

int acs__cmd_stty(acs_cmd *c, int argc, char **argv)
{
  char q[1024];
  const char *dev = NULL;
  bool all = false, save = false;
  char **set = calloc((size_t)argc + 1, sizeof *set);
  int n = 0, st;
  if (!set) return 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (cmd_help_version(c, a, &st)) {
      free(set);
      return st;
    }
    if (!strcmp(a, "-a") || !strcmp(a, "--all")) all = true;
    else if (!strcmp(a, "-g") || !strcmp(a, "--save")) save = true;
    else if (!strcmp(a, "-ag") || !strcmp(a, "-ga")) all = save = true;
    else if (!strcmp(a, "-F") || !strcmp(a, "--file") || !strncmp(a, "-F", 2) || !strncmp(a, "--file=", 7)) {
      const char *v = !strcmp(a, "-F") || !strcmp(a, "--file") ? (i + 1 < argc ? argv[++i] : NULL)
                      : a[1] == 'F' ? a + 2 : a + 7;
      if (!v) {
        cmd_usage_error(c, "option requires an argument -- 'F'");
        free(set);
        return 1;
      }
      if (dev) {
        cmd_error(c, "only one device may be specified");
        free(set);
        return 1;
      }
      dev = v;
    } else set[n++] = argv[i];
  }
  int rc = 1;
  if (all && save) {
    cmd_error(c, "the options for verbose and stty-readable output styles are\nmutually exclusive");
    goto done;
  }
  if ((all || save) && n) {
    cmd_error(c, "when specifying an output style, modes may not be set");
    goto done;
  }
  struct termios t;
  memset(&t, 0, sizeof t);
  if (n && settings(c, -1, dev, &t, n, set, true)) goto done;
  int fd = 0;
  if (dev) {
    fd = acs_sys_open(dev, O_RDONLY | O_NONBLOCK, 0);
    if (fd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(dev, q, sizeof q), cmd_strerror(fd));
      goto done;
    }
  }
  int e = acs_sys_tcgetattr(fd, &t);
  if (e) {
    cmd_error(c, "%s: %s", cmd_quotef(dev_name(dev), q, sizeof q), cmd_strerror(e));
  } else if (n) {
    rc = settings(c, fd, dev, &t, n, set, false);
  } else {
    out o = {c, 0, width(fd)};
    if (save) show_saved(c, &t);
    else if (all) show_all(&o, fd, &t);
    else show_changed(&o, &t);
    rc = 0;
  }
  if (dev) acs_sys_close(fd);
done:
  free(set);
  return rc;
}
