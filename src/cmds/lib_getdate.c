/* lib_getdate.c - parse_datetime's grammar, read by hand (lib_getdate.h).
**
** The string is read left to right into items: a calendar date, a time of
** day (with an optional zone), a zone, a weekday, relative offsets. Then,
** as gnulib does: start from now in the local zone; a date sets the day;
** a date or weekday without a time sets midnight, relative items alone
** keep the time; the clock time is read in the given zone (else the local
** one); the result must be a real day (2020-02-30 is refused); a weekday
** moves forward to that day (next: the one after, last: the one before);
** year, month and day offsets apply to the calendar fields and hour,
** minute and second offsets to the resulting instant. */
#include "lib_getdate.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct pc {
  const char *p;
  bool date, time, zone, day, rel, year_seen;
  long year, mon, mday;
  int year_digits;
  long hour, min, sec, nsec;
  long zone_off; /* seconds east of UTC */
  long day_ord, wday;
  long ry, rm, rd, rh, rmin, rs, rns;
  bool zone_from_time; /* a zone is allowed right after a time */
} pc;

static void skip(pc *c)
{
  while (isspace((unsigned char)*c->p) || *c->p == ',') c->p++;
}

static bool word(pc *c, char *out, size_t size)
{
  size_t n = 0;
  const char *p = c->p;
  while (isalpha((unsigned char)*p) || (*p == '.' && n)) {
    if (n + 1 < size) out[n++] = (char)tolower((unsigned char)*p);
    p++;
  }
  if (!n) return false;
  /* abbreviations may end with a dot ("Jan.", "a.m.") */
  out[n] = 0;
  char *q = out, *w = out;
  for (; *q; q++)
    if (*q != '.') *w++ = *q;
  *w = 0;
  c->p = p;
  return true;
}

static int month_of(const char *w)
{
  static const char *const m[] = {"january", "february", "march", "april", "may", "june", "july",
                                  "august", "september", "october", "november", "december"};
  size_t n = strlen(w);
  if (!strcmp(w, "sept")) return 9;
  for (int i = 0; i < 12; i++)
    if ((n == 3 || n == strlen(m[i])) && !strncmp(m[i], w, n)) return i + 1;
  return 0;
}

static int weekday_of(const char *w)
{
  static const char *const d[] = {"sunday", "monday", "tuesday", "wednesday", "thursday",
                                  "friday", "saturday"};
  size_t n = strlen(w);
  if (!strcmp(w, "tues")) return 2;
  if (!strcmp(w, "wednes")) return 3;
  if (!strcmp(w, "thur") || !strcmp(w, "thurs")) return 4;
  for (int i = 0; i < 7; i++)
    if ((n == 3 || n == strlen(d[i])) && !strncmp(d[i], w, n)) return i + 1; /* 1-based */
  return 0;
}

/* a unit's size: 'y' years, 'm' months, else seconds in *secs (days as
** 86400 go to the calendar) */
static int unit_of(const char *w, long *mult)
{
  size_t n = strlen(w);
  char b[32];
  snprintf(b, sizeof b, "%s", w);
  if (n > 1 && b[n - 1] == 's') b[n - 1] = 0;
  *mult = 1;
  if (!strcmp(b, "year")) return 'y';
  if (!strcmp(b, "month")) return 'M';
  if (!strcmp(b, "fortnight")) return *mult = 14, 'd';
  if (!strcmp(b, "week")) return *mult = 7, 'd';
  if (!strcmp(b, "day")) return 'd';
  if (!strcmp(b, "hour")) return 'h';
  if (!strcmp(b, "minute") || !strcmp(b, "min")) return 'm';
  if (!strcmp(b, "second") || !strcmp(b, "sec")) return 's';
  return 0;
}

static void add_rel(pc *c, int unit, long n)
{
  switch (unit) {
  case 'y': c->ry += n; break;
  case 'M': c->rm += n; break;
  case 'd': c->rd += n; break;
  case 'h': c->rh += n; break;
  case 'm': c->rmin += n; break;
  case 's': c->rs += n; break;
  }
  c->rel = true;
}

static bool ordinal_of(const char *w, long *n)
{
  static const char *const o[] = {"first", "", "third", "fourth", "fifth", "sixth", "seventh",
                                  "eighth", "ninth", "tenth", "eleventh", "twelfth"};
  if (!strcmp(w, "last")) return *n = -1, true;
  if (!strcmp(w, "this")) return *n = 0, true;
  if (!strcmp(w, "next")) return *n = 1, true;
  for (int i = 0; i < 12; i++)
    if (o[i][0] && !strcmp(w, o[i])) return *n = i + 1, true;
  return false;
}

static bool zone_word(const char *w, long *off)
{
  static const struct { const char *n; int h; } z[] = {
      {"gmt", 0}, {"ut", 0}, {"utc", 0}, {"wet", 0}, {"west", 1}, {"bst", 1}, {"cet", 1},
      {"met", 1}, {"mewt", 1}, {"cest", 2}, {"mest", 2}, {"eet", 2}, {"eest", 3}, {"msk", 3},
      {"ist", 5}, {"jst", 9}, {"hst", -10}, {"akst", -9}, {"akdt", -8}, {"ast", -4}, {"adt", -3},
      {"est", -5}, {"edt", -4}, {"cst", -6}, {"cdt", -5}, {"mst", -7}, {"mdt", -6}, {"pst", -8},
      {"pdt", -7}, {"nzst", 12}, {"nzdt", 13},
  };
  for (size_t i = 0; i < sizeof z / sizeof *z; i++)
    if (!strcmp(w, z[i].n)) return *off = z[i].h * 3600L, true;
  /* military letters: a-i +1..+9, k-m +10..+12, n-y -1..-12, z 0 (j is none) */
  if (w[0] && !w[1] && w[0] != 'j') {
    char l = w[0];
    long h = l == 'z' ? 0 : l <= 'i' ? l - 'a' + 1 : l <= 'm' ? l - 'k' + 10 : -(l - 'n' + 1);
    return *off = h * 3600, true;
  }
  return false;
}

static bool digits(pc *c, long *v, int *len)
{
  const char *p = c->p;
  long n = 0;
  int k = 0;
  while (isdigit((unsigned char)*p)) {
    if (n > 100000000000L) return false;
    n = n * 10 + (*p++ - '0');
    k++;
  }
  if (!k) return false;
  *v = n;
  *len = k;
  c->p = p;
  return true;
}

/* a fraction after '.' or ',': nanoseconds */
static long fraction(pc *c)
{
  long ns = 0, scale = 100000000;
  if ((*c->p == '.' || *c->p == ',') && isdigit((unsigned char)c->p[1])) {
    c->p++;
    while (isdigit((unsigned char)*c->p)) {
      ns += (*c->p - '0') * scale;
      scale /= 10;
      c->p++;
    }
  }
  return ns;
}

/* "+hh", "+hhmm", "+hh:mm" (sign already read as sign) */
static bool zone_number(pc *c, int sign)
{
  long h;
  int len;
  if (!digits(c, &h, &len)) return false;
  long off;
  if (*c->p == ':') {
    long m;
    int ml;
    c->p++;
    if (!digits(c, &m, &ml) || h > 24 || m > 59) return false;
    off = h * 3600 + m * 60;
  } else if (len <= 2) off = h * 3600;
  else if (len <= 4) {
    if (h % 100 > 59) return false;
    off = (h / 100) * 3600 + (h % 100) * 60;
  } else return false;
  if (off > 24 * 3600) return false;
  if (c->zone) return false;
  c->zone = true;
  c->zone_off = sign * off;
  return true;
}

static bool set_date(pc *c, long y, long m, long d, int ydigits)
{
  if (c->date) return false;
  c->date = true;
  c->mon = m;
  c->mday = d;
  if (ydigits) {
    c->year = y;
    c->year_digits = ydigits;
    c->year_seen = true;
  }
  return true;
}

static bool set_time(pc *c, long h, long m, long s, long ns)
{
  if (c->time) return false;
  c->time = true;
  c->hour = h, c->min = m, c->sec = s, c->nsec = ns;
  return true;
}

/* am/pm after a time */
static bool meridian(pc *c)
{
  const char *save = c->p;
  skip(c);
  char w[16];
  const char *before = c->p;
  if (!word(c, w, sizeof w)) {
    c->p = save;
    return true;
  }
  bool am = !strcmp(w, "am"), pm = !strcmp(w, "pm");
  if (!am && !pm) {
    c->p = before;
    return true;
  }
  if (c->hour < 1 || c->hour > 12) return false;
  c->hour = c->hour % 12 + (pm ? 12 : 0);
  return true;
}

/* an optional zone right after a time: "Z", "+0100", "-05:00", "UTC" */
static bool time_zone(pc *c)
{
  const char *save = c->p;
  while (*c->p == ' ') c->p++;
  if ((*c->p == '+' || *c->p == '-') && isdigit((unsigned char)c->p[1])) {
    /* always a zone, as in gnulib's grammar: "12:00 -90 minutes" is no date */
    int sign = *c->p == '-' ? -1 : 1;
    c->p++;
    return zone_number(c, sign);
  }
  c->p = save;
  return true;
}

static bool number_item(pc *c)
{
  const char *start = c->p;
  long n;
  int len;
  digits(c, &n, &len);
  if (*c->p == '-' && isdigit((unsigned char)c->p[1])) {
    /* ISO 8601: Y-M-D, then T or a space and a time */
    long m, d;
    int ml, dl;
    c->p++;
    if (!digits(c, &m, &ml) || *c->p != '-' || !isdigit((unsigned char)c->p[1])) return false;
    c->p++;
    if (!digits(c, &d, &dl)) return false;
    if (!set_date(c, n, m, d, len)) return false;
    if ((*c->p == 'T' || *c->p == 't') && isdigit((unsigned char)c->p[1])) c->p++;
    return true;
  }
  if (*c->p == '/' && isdigit((unsigned char)c->p[1])) {
    long b, y = 0;
    int bl, yl = 0;
    c->p++;
    digits(c, &b, &bl);
    if (*c->p == '/' && isdigit((unsigned char)c->p[1])) {
      c->p++;
      digits(c, &y, &yl);
    }
    if (len >= 4) return yl && set_date(c, n, b, y, len); /* Y/M/D */
    return set_date(c, y, n, b, yl);                      /* M/D[/Y] */
  }
  if (*c->p == ':' && isdigit((unsigned char)c->p[1])) {
    long m, s = 0, ns = 0;
    int ml, sl;
    c->p++;
    digits(c, &m, &ml);
    if (*c->p == ':' && isdigit((unsigned char)c->p[1])) {
      c->p++;
      digits(c, &s, &sl);
      ns = fraction(c);
    }
    if (n > 23 || m > 59 || s > 60) return false;
    if (!set_time(c, n, m, s, ns)) return false;
    return meridian(c) && time_zone(c);
  }
  /* N UNIT, or N MONTH [YEAR] */
  const char *after = c->p;
  skip(c);
  char w[32];
  const char *wstart = c->p;
  if (word(c, w, sizeof w)) {
    long mult;
    int u = unit_of(w, &mult);
    if (u) {
      add_rel(c, u, n * mult);
      return true;
    }
    int mo = month_of(w);
    if (mo) {
      long y = 0;
      int yl = 0;
      const char *q = c->p;
      skip(c);
      if (*c->p == '-') c->p++;
      if (!digits(c, &y, &yl) || *c->p == ':') {
        c->p = q;
        yl = 0;
      }
      return set_date(c, y, mo, n, yl);
    }
    if (!strcmp(w, "am") || !strcmp(w, "pm")) {
      c->p = after;
      if (!set_time(c, n, 0, 0, 0)) return false;
      return meridian(c) && time_zone(c);
    }
    c->p = wstart;
  } else c->p = after;
  (void)start;
  /* a bare number: a year after a date, a date of more than 4 digits, a
  ** time of day otherwise (HH or HHMM) */
  if (c->date && !c->year_seen && !c->rel && (c->time || len > 2)) {
    c->year = n;
    c->year_digits = len;
    c->year_seen = true;
    return true;
  }
  if (len > 4) {
    return set_date(c, n / 10000, (n / 100) % 100, n % 100, len - 4);
  }
  long h = len <= 2 ? n : n / 100, m = len <= 2 ? 0 : n % 100;
  if (h > 23 || m > 59) return false;
  if (!set_time(c, h, m, 0, 0)) return false;
  return meridian(c) && time_zone(c);
}

static bool word_item(pc *c, long pending_ord, bool have_ord)
{
  char w[64];
  if (!word(c, w, sizeof w)) return false;
  long mult, off;
  int u, k;
  if (!strcmp(w, "now") || !strcmp(w, "today")) return c->rel = true, true;
  if (!strcmp(w, "yesterday")) return add_rel(c, 'd', -1), true;
  if (!strcmp(w, "tomorrow")) return add_rel(c, 'd', 1), true;
  if (!strcmp(w, "ago")) {
    c->ry = -c->ry, c->rm = -c->rm, c->rd = -c->rd;
    c->rh = -c->rh, c->rmin = -c->rmin, c->rs = -c->rs;
    return true;
  }
  if ((u = unit_of(w, &mult))) {
    add_rel(c, u, (have_ord ? pending_ord : 1) * mult);
    return true;
  }
  if ((k = weekday_of(w))) {
    if (c->day) return false;
    c->day = true;
    c->wday = k - 1;
    c->day_ord = have_ord ? pending_ord : 0;
    return true;
  }
  if (have_ord) return false;
  long ord;
  if (ordinal_of(w, &ord)) {
    skip(c);
    return word_item(c, ord, true);
  }
  if ((k = month_of(w))) {
    skip(c);
    long d = 0, y = 0;
    int dl = 0, yl = 0;
    if (!digits(c, &d, &dl)) return false;
    if (*c->p == ':') return false;
    const char *q = c->p;
    skip(c);
    if (!digits(c, &y, &yl) || *c->p == ':') {
      c->p = q;
      yl = 0;
    }
    return set_date(c, y, k, d, yl);
  }
  if (zone_word(w, &off)) {
    if (c->zone) return false;
    c->zone = true;
    c->zone_off = off;
    /* "UTC+1", "GMT-05:00" */
    if ((*c->p == '+' || *c->p == '-') && isdigit((unsigned char)c->p[1])) {
      int sign = *c->p == '-' ? -1 : 1;
      c->p++;
      long base = c->zone_off;
      c->zone = false;
      if (!zone_number(c, sign)) return false;
      c->zone_off += base;
    }
    /* "EST" vs "EDT": a zone word may be followed by "DST" */
    return true;
  }
  return false;
}

bool lib_date_parse(const char *s, const struct timespec *now, struct timespec *out)
{
  pc c = {.p = s};
  skip(&c);
  if (*c.p == '@') {
    c.p++;
    char *end;
    int sign = 1;
    if (*c.p == '-' || *c.p == '+') sign = *c.p++ == '-' ? -1 : 1;
    if (!isdigit((unsigned char)*c.p)) return false;
    long long v = strtoll(c.p, &end, 10);
    c.p = end;
    long ns = fraction(&c);
    skip(&c);
    if (*c.p) return false;
    out->tv_sec = (time_t)(sign * v);
    out->tv_nsec = ns;
    if (sign < 0 && ns) out->tv_sec--, out->tv_nsec = 1000000000 - ns;
    return true;
  }
  while (skip(&c), *c.p) {
    unsigned char ch = (unsigned char)*c.p;
    if (isdigit(ch)) {
      if (!number_item(&c)) return false;
    } else if ((ch == '+' || ch == '-') && isdigit((unsigned char)c.p[1])) {
      int sign = ch == '-' ? -1 : 1;
      c.p++;
      long n;
      int len;
      digits(&c, &n, &len);
      skip(&c);
      char w[32];
      long mult;
      int u;
      const char *q = c.p;
      if (word(&c, w, sizeof w) && (u = unit_of(w, &mult))) add_rel(&c, u, sign * n * mult);
      else {
        /* a signed number alone: a zone (after a time) */
        c.p = q;
        if (!c.time) return false;
        const char *back = q;
        while (back > s && !isdigit((unsigned char)back[-1])) back--;
        (void)back;
        /* re-read it as a zone offset */
        char b[16];
        snprintf(b, sizeof b, "%ld", n);
        pc t = c;
        t.p = b;
        if (!zone_number(&t, sign)) return false;
        c.zone = t.zone;
        c.zone_off = t.zone_off;
      }
    } else if (isalpha(ch)) {
      if (!word_item(&c, 0, false)) return false;
    } else return false;
  }

  struct tm tm;
  time_t base = now->tv_sec;
  localtime_r(&base, &tm);
  long nsec = now->tv_nsec;
  if (c.date) {
    if (c.year_seen) {
      long y = c.year;
      if (c.year_digits <= 2) y += y < 69 ? 2000 : 1900;
      tm.tm_year = (int)(y - 1900);
    }
    tm.tm_mon = (int)c.mon - 1;
    tm.tm_mday = (int)c.mday;
  }
  if (c.time) {
    tm.tm_hour = (int)c.hour, tm.tm_min = (int)c.min, tm.tm_sec = (int)c.sec;
    nsec = c.nsec;
  } else if (c.date || c.day || !c.rel) {
    /* an empty string, a date or a weekday: midnight */
    tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
    nsec = 0;
  }
  tm.tm_isdst = -1;
  struct tm want = tm;
  time_t t;
  if (c.zone) {
    t = timegm(&tm);
    t -= c.zone_off;
  } else t = mktime(&tm);
  if (t == (time_t)-1 && !(tm.tm_year == 69 && tm.tm_mon == 11)) return false;
  if (c.date && (tm.tm_mday != want.tm_mday || tm.tm_mon != want.tm_mon || want.tm_mon < 0 ||
                 want.tm_mon > 11))
    return false;
  if (c.day && !c.date) {
    localtime_r(&t, &tm);
    int delta = (int)((c.wday - tm.tm_wday + 7) % 7 +
                      7 * (c.day_ord - (c.day_ord > 0 && tm.tm_wday != c.wday)));
    tm.tm_mday += delta;
    tm.tm_isdst = -1;
    t = mktime(&tm);
  }
  if (c.ry || c.rm || c.rd) {
    localtime_r(&t, &tm);
    tm.tm_year += (int)c.ry;
    tm.tm_mon += (int)c.rm;
    tm.tm_mday += (int)c.rd;
    tm.tm_isdst = -1;
    t = mktime(&tm);
  }
  t += c.rh * 3600 + c.rmin * 60 + c.rs;
  out->tv_sec = t;
  out->tv_nsec = nsec;
  return true;
}
