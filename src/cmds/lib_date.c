/* lib_date.c - date strings (lib_date.h).
**
** A small reading of GNU's date grammar (parse-datetime): the items are
** read one by one, each either an absolute part (a calendar date, a time
** of day, a zone) or a relative one, and the absolute parts that are
** missing come from now (all of the time of day becomes 00:00:00 when
** only a date is given, as GNU does). Relative items are applied to the
** calendar fields (years, months, days) and then to the seconds. */
#include "lib_date.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The box's zone from TZ without glibc's tzset, which would try to open a
** zone file of the host first: UTC when TZ is unset, empty, a UTC name or
** a name the box has no file for; for a POSIX string "STD[+-]hh[:mm[:ss]]..."
** the standard offset (daylight saving rules after it are not applied). */
typedef struct zone_info {
  long off; /* seconds east of UTC */
  char name[16];
} zone_info;

static zone_info box_zone(void)
{
  zone_info z = {0, "UTC"};
  const char *tz = getenv("TZ");
  if (!tz || !*tz || *tz == ':') return z;
  const char *p = tz;
  size_t n = 0;
  if (*p == '<') {
    const char *e = strchr(p, '>');
    if (!e) return z;
    n = (size_t)(e - p - 1);
    if (n >= sizeof z.name) n = sizeof z.name - 1;
    memcpy(z.name, p + 1, n);
    z.name[n] = 0;
    p = e + 1;
  } else {
    while (isalpha((unsigned char)p[n])) n++;
    if (n < 3 || n >= sizeof z.name) return z;
    memcpy(z.name, p, n);
    z.name[n] = 0;
    p += n;
  }
  int sign = 1;
  if (*p == '+' || *p == '-') sign = *p++ == '-' ? -1 : 1;
  if (!isdigit((unsigned char)*p)) {
    snprintf(z.name, sizeof z.name, "UTC"); /* a zone name: no files here */
    return z;
  }
  long h = strtol(p, (char **)&p, 10), m = 0, sec = 0;
  if (*p == ':') m = strtol(p + 1, (char **)&p, 10);
  if (*p == ':') sec = strtol(p + 1, (char **)&p, 10);
  z.off = -sign * (h * 3600 + m * 60 + sec); /* POSIX counts west */
  return z;
}

/* the abbreviation strftime's %Z and date_gmtoff hand out: TZ's, which
** does not change while a command runs */
static char zone_name[16];

struct tm *date_local(time_t t, struct tm *tm)
{
  zone_info z = box_zone();
  time_t shifted = t + z.off;
  if (!gmtime_r(&shifted, tm)) return NULL;
  memcpy(zone_name, z.name, sizeof zone_name);
  tm->tm_gmtoff = z.off;
  tm->tm_zone = zone_name;
  return tm;
}

time_t date_mktime(struct tm *tm)
{
  zone_info z = box_zone();
  time_t t = timegm(tm);
  tm->tm_gmtoff = z.off;
  return t - z.off;
}

long date_gmtoff(time_t t, const char **abbrev)
{
  (void)t;
  zone_info z = box_zone();
  memcpy(zone_name, z.name, sizeof zone_name);
  if (abbrev) *abbrev = zone_name;
  return z.off;
}

static const char *const months[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                     "jul", "aug", "sep", "oct", "nov", "dec"};

static int month_of(const char *w, size_t n)
{
  if (n < 3) return -1;
  static const char *const full[] = {"january", "february", "march",     "april",   "may",      "june",
                                     "july",    "august",   "september", "october", "november", "december"};
  for (int i = 0; i < 12; i++)
    if (!strncasecmp(w, months[i], 3) && (n == 3 || (n <= strlen(full[i]) && !strncasecmp(w, full[i], n)) ||
                                          (n == 4 && i == 8 && !strncasecmp(w, "sept", 4))))
      return i;
  return -1;
}

typedef struct parsed {
  bool have_date, have_time, have_zone;
  int wday; /* 0 none, 1 + the day a weekday name asks for */
  long wday_ord; /* "next friday": 1, "last friday": -1 */
  int year, mon, mday, hour, min, sec;
  long nsec;
  long zone; /* seconds east of UTC */
  long rel_year, rel_mon, rel_day, rel_sec;
} parsed;

static const char *skip(const char *p)
{
  while (isspace((unsigned char)*p) || *p == ',') p++;
  return p;
}

static bool digits(const char *p, int n)
{
  for (int i = 0; i < n; i++)
    if (!isdigit((unsigned char)p[i])) return false;
  return true;
}

/* HH:MM[:SS[.frac]] at p; returns the end or NULL */
static const char *time_of_day(const char *p, parsed *d)
{
  char *e;
  long h = strtol(p, &e, 10);
  if (e == p || e - p > 2 || *e != ':' || !digits(e + 1, 2)) return NULL;
  long m = strtol(e + 1, &e, 10), s = 0, ns = 0;
  if (*e == ':' && digits(e + 1, 2)) {
    s = strtol(e + 1, &e, 10);
    if (*e == '.' || *e == ',') {
      e++;
      long scale = 100000000;
      while (isdigit((unsigned char)*e)) {
        ns += (*e++ - '0') * scale;
        scale /= 10;
      }
    }
  }
  if (h > 23 || m > 59 || s > 60) return NULL;
  /* am/pm */
  const char *q = skip(e);
  if (!strncasecmp(q, "am", 2) || !strncasecmp(q, "pm", 2)) {
    if (h < 1 || h > 12) return NULL;
    bool pm = tolower((unsigned char)*q) == 'p';
    h = h % 12 + (pm ? 12 : 0);
    e = (char *)q + 2;
  }
  d->have_time = true;
  d->hour = (int)h, d->min = (int)m, d->sec = (int)s, d->nsec = ns;
  return e;
}

/* +HH[:MM], -HHMM, Z, UTC, GMT at p */
static const char *zone(const char *p, parsed *d)
{
  if ((*p == 'Z' || *p == 'z') && !isalpha((unsigned char)p[1])) {
    d->have_zone = true, d->zone = 0;
    return p + 1;
  }
  if (!strncasecmp(p, "UTC", 3) || !strncasecmp(p, "GMT", 3)) {
    d->have_zone = true, d->zone = 0;
    p += 3;
    if (*p != '+' && *p != '-') return p;
  }
  if ((*p == '+' || *p == '-') && digits(p + 1, 2)) {
    int sign = *p == '-' ? -1 : 1;
    const char *q = p + 1;
    long h, m = 0;
    if (digits(q, 4)) {
      h = (q[0] - '0') * 10 + (q[1] - '0');
      m = (q[2] - '0') * 10 + (q[3] - '0');
      q += 4;
    } else {
      h = (q[0] - '0') * 10 + (q[1] - '0');
      q += 2;
      if (*q == ':' && digits(q + 1, 2)) {
        m = (q[1] - '0') * 10 + (q[2] - '0');
        q += 3;
      }
    }
    if (isdigit((unsigned char)*q) || h > 24 || m > 59) return NULL;
    d->have_zone = true;
    d->zone = sign * (h * 3600 + m * 60);
    return q;
  }
  return NULL;
}

static int weekday_of(const char *w, size_t n)
{
  static const char *const days[] = {"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"};
  if (n < 3) return -1;
  for (int i = 0; i < 7; i++)
    if (!strncasecmp(w, days[i], 3) &&
        (n == 3 || (n <= strlen(days[i]) && !strncasecmp(w, days[i], n)) || (n == 4 && !strncasecmp(w, days[i], 4))))
      return i;
  return -1;
}

static long unit_seconds(const char *w, size_t n, int *cal)
{
  *cal = 0;
  if (n > 1 && (w[n - 1] == 's' || w[n - 1] == 'S')) n--; /* plural */
#define IS(s) (n == strlen(s) && !strncasecmp(w, s, n))
  if (IS("year")) return *cal = 1, 1;
  if (IS("month")) return *cal = 2, 1;
  if (IS("fortnight")) return *cal = 3, 14;
  if (IS("week")) return *cal = 3, 7;
  if (IS("day")) return *cal = 3, 1;
  if (IS("hour")) return 3600;
  if (IS("minute") || IS("min")) return 60;
  if (IS("second") || IS("sec")) return 1;
#undef IS
  return 0;
}

static bool add_rel(parsed *d, long n, const char *w, size_t len)
{
  int cal;
  long mult = unit_seconds(w, len, &cal);
  if (!mult) return false;
  if (cal == 1) d->rel_year += n;
  else if (cal == 2) d->rel_mon += n;
  else if (cal == 3) d->rel_day += n * mult;
  else d->rel_sec += n * mult;
  return true;
}

static size_t word_len(const char *p)
{
  size_t n = 0;
  while (isalpha((unsigned char)p[n])) n++;
  return n;
}

static bool parse_items(const char *p, parsed *d)
{
  parsed before; /* for "ago": what the last relative item added */
  for (p = skip(p); *p; p = skip(p)) {
    const char *e;
    size_t wl = word_len(p);
    /* YYYYMMDD */
    if (digits(p, 8) && !isdigit((unsigned char)p[8]) && p[8] != ':') {
      int y = (p[0] - '0') * 1000 + (p[1] - '0') * 100 + (p[2] - '0') * 10 + (p[3] - '0');
      int m = (p[4] - '0') * 10 + (p[5] - '0'), dd = (p[6] - '0') * 10 + (p[7] - '0');
      if (m < 1 || m > 12 || dd < 1 || dd > 31) return false;
      d->have_date = true, d->year = y, d->mon = m - 1, d->mday = dd;
      p += 8;
      continue;
    }
    /* YYYY/MM/DD */
    if (digits(p, 4) && p[4] == '/' && isdigit((unsigned char)p[5])) {
      char *x;
      long y = strtol(p, &x, 10), m = strtol(x + 1, &x, 10);
      if (*x != '/' || !isdigit((unsigned char)x[1])) return false;
      long dd = strtol(x + 1, &x, 10);
      if (m < 1 || m > 12 || dd < 1 || dd > 31) return false;
      d->have_date = true, d->year = (int)y, d->mon = (int)m - 1, d->mday = (int)dd;
      p = x;
      continue;
    }
    /* YYYY-MM-DD */
    if (digits(p, 4) && p[4] == '-' && isdigit((unsigned char)p[5])) {
      char *x;
      long y = strtol(p, &x, 10), m = strtol(x + 1, &x, 10);
      if (*x != '-' || !isdigit((unsigned char)x[1])) return false;
      long dd = strtol(x + 1, &x, 10);
      if (m < 1 || m > 12 || dd < 1 || dd > 31) return false;
      d->have_date = true, d->year = (int)y, d->mon = (int)m - 1, d->mday = (int)dd;
      p = x;
      if (*p == 'T' || *p == 't') {
        if (!(p = time_of_day(p + 1, d))) return false;
      }
      continue;
    }
    /* MM/DD/YYYY or MM/DD */
    if (isdigit((unsigned char)*p)) {
      char *x;
      long a = strtol(p, &x, 10);
      if (*x == '/' && isdigit((unsigned char)x[1])) {
        long b = strtol(x + 1, &x, 10), y = -1;
        if (*x == '/' && isdigit((unsigned char)x[1])) {
          const char *ys = x + 1;
          y = strtol(ys, &x, 10);
          if (x - ys == 2) y += y < 69 ? 2000 : 1900;
        }
        if (a < 1 || a > 12 || b < 1 || b > 31) return false;
        d->have_date = true, d->mon = (int)a - 1, d->mday = (int)b;
        if (y >= 0) d->year = (int)y;
        p = x;
        continue;
      }
    }
    if ((e = time_of_day(p, d))) {
      p = e;
      const char *z = zone(skip(p), d);
      if (z) p = z;
      continue;
    }
    if ((e = zone(p, d)) && (!*e || isspace((unsigned char)*e))) {
      p = e;
      continue;
    }
    /* a number: a relative count with its unit, a day with a month, a year */
    if (isdigit((unsigned char)*p) || ((*p == '+' || *p == '-') && isdigit((unsigned char)p[1]))) {
      char *x;
      long n = strtol(p, &x, 10);
      const char *w = skip(x);
      size_t l = word_len(w);
      before = *d;
      if (l && add_rel(d, n, w, l)) {
        p = w + l;
        goto ago;
      }
      if (l == 2 && (!strncasecmp(w, "am", 2) || !strncasecmp(w, "pm", 2)) && n >= 1 && n <= 12 &&
          *p != '+' && *p != '-') { /* "3pm" */
        d->have_time = true;
        d->hour = (int)(n % 12 + (tolower((unsigned char)*w) == 'p' ? 12 : 0));
        d->min = d->sec = 0, d->nsec = 0;
        p = w + 2;
        continue;
      }
      int mo = l ? month_of(w, l) : -1;
      if (mo >= 0 && *p != '+' && *p != '-') { /* 5 Jan [2021] */
        d->have_date = true, d->mday = (int)n, d->mon = mo;
        p = skip(w + l);
        if (digits(p, 4) && !isdigit((unsigned char)p[4]) && p[2] != ':') d->year = (int)strtol(p, &x, 10), p = x;
        continue;
      }
      if (d->have_date && x - p == 4 && *p != '+' && *p != '-') { /* the year after "Jan 5" */
        d->year = (int)n;
        p = x;
        continue;
      }
      return false;
    }
    if (wl) {
      int mo = month_of(p, wl);
      if (mo >= 0) { /* Jan 5 [2021] */
        const char *q = skip(p + wl);
        char *x;
        if (!isdigit((unsigned char)*q)) return false;
        long day = strtol(q, &x, 10);
        d->have_date = true, d->mon = mo, d->mday = (int)day;
        p = x;
        q = skip(p);
        if (digits(q, 4) && !isdigit((unsigned char)q[4]) && q[2] != ':') d->year = (int)strtol(q, &x, 10), p = x;
        continue;
      }
      int wd = weekday_of(p, wl);
      if (wd >= 0) { /* a weekday: ignored beside a date, as GNU's "Thu, 02 Jan" */
        d->wday = wd + 1;
        p += wl;
        if (*p == '.') p++;
        continue;
      }
      before = *d;
      if (wl == 3 && !strncasecmp(p, "now", 3)) {
        p += 3;
        continue;
      }
      if (wl == 5 && !strncasecmp(p, "today", 5)) {
        p += 5;
        continue;
      }
      if (wl == 9 && !strncasecmp(p, "yesterday", 9)) {
        d->rel_day--, p += 9;
        continue;
      }
      if (wl == 8 && !strncasecmp(p, "tomorrow", 8)) {
        d->rel_day++, p += 8;
        continue;
      }
      long n = 0;
      if (wl == 4 && !strncasecmp(p, "next", 4)) n = 1;
      else if (wl == 4 && !strncasecmp(p, "last", 4)) n = -1;
      else if (wl == 4 && !strncasecmp(p, "this", 4)) n = 0;
      else if (add_rel(d, 1, p, wl)) { /* "day ago", "hour" */
        p += wl;
        goto ago;
      } else {
        return false;
      }
      const char *w = skip(p + wl);
      size_t l = word_len(w);
      int nwd = l ? weekday_of(w, l) : -1;
      if (nwd >= 0) { /* "next friday", "last monday" */
        d->wday = nwd + 1, d->wday_ord = n;
        p = w + l;
        continue;
      }
      if (!l || !add_rel(d, n, w, l)) return false;
      p = w + l;
      continue;
    }
    return false;
  ago:
    p = skip(p);
    if (word_len(p) == 3 && !strncasecmp(p, "ago", 3)) {
      d->rel_year = 2 * before.rel_year - d->rel_year;
      d->rel_mon = 2 * before.rel_mon - d->rel_mon;
      d->rel_day = 2 * before.rel_day - d->rel_day;
      d->rel_sec = 2 * before.rel_sec - d->rel_sec;
      p += 3;
    }
  }
  return true;
}

bool date_parse(const char *s, struct timespec now, struct timespec *out)
{
  const char *p = skip(s);
  if (*p == '@') {
    char *e;
    p++;
    bool neg = *p == '-';
    long long secs = strtoll(p, &e, 10);
    if (e == p || (neg && e == p + 1)) return false;
    long ns = 0;
    if (*e == '.' || *e == ',') {
      e++;
      long scale = 100000000;
      while (isdigit((unsigned char)*e)) {
        ns += (*e++ - '0') * scale;
        scale /= 10;
      }
      if (neg && ns) secs--, ns = 1000000000 - ns;
    }
    if (*skip(e)) return false;
    *out = (struct timespec){(time_t)secs, ns};
    return true;
  }
  /* "now + 1 hour": a sign apart from its number still belongs to it */
  char norm[512];
  size_t k = 0;
  for (const char *q = p; *q && k + 1 < sizeof norm; q++) {
    norm[k++] = *q;
    if ((*q == '+' || *q == '-') && isspace((unsigned char)q[1])) {
      const char *r = q + 1;
      while (isspace((unsigned char)*r)) r++;
      if (isdigit((unsigned char)*r)) q = r - 1;
    }
  }
  norm[k] = 0;
  parsed d = {0};
  if (!parse_items(norm, &d)) return false;
  struct tm tm;
  date_local(now.tv_sec, &tm);
  long nsec = now.tv_nsec;
  if (d.have_date) {
    if (d.year) tm.tm_year = d.year - 1900;
    tm.tm_mon = d.mon, tm.tm_mday = d.mday;
    if (!d.have_time) tm.tm_hour = tm.tm_min = tm.tm_sec = 0, nsec = 0;
  }
  if (d.have_time) tm.tm_hour = d.hour, tm.tm_min = d.min, tm.tm_sec = d.sec, nsec = d.nsec;
  if (d.wday && !d.have_date) {
    /* the day itself or the next one of that name; "next" a week on from
    ** there, "last" a week back from it, as GNU's ordinals */
    int ahead = (d.wday - 1 - tm.tm_wday + 7) % 7;
    if (d.wday_ord > 0 && ahead == 0) ahead = 7;
    else if (d.wday_ord < 0) ahead -= 7;
    tm.tm_mday += ahead;
    if (!d.have_time) tm.tm_hour = tm.tm_min = tm.tm_sec = 0, nsec = 0;
  }
  if (d.have_date || d.have_time) {
    /* a day that does not exist (Feb 30) is an error, as with GNU */
    struct tm chk = tm;
    chk.tm_isdst = -1;
    if (d.have_zone) timegm(&chk);
    else date_mktime(&chk);
    if (chk.tm_mday != tm.tm_mday || chk.tm_mon != tm.tm_mon) return false;
  }
  tm.tm_year += (int)d.rel_year;
  tm.tm_mon += (int)d.rel_mon;
  tm.tm_mday += (int)d.rel_day;
  tm.tm_isdst = -1;
  time_t t;
  if (d.have_zone && (d.have_date || d.have_time)) t = timegm(&tm) - d.zone;
  else t = date_mktime(&tm);
  t += d.rel_sec;
  *out = (struct timespec){t, nsec};
  return true;
}

bool date_parse_touch_t(const char *s, struct timespec *out)
{
  size_t n = strlen(s);
  const char *dot = strchr(s, '.');
  size_t main = dot ? (size_t)(dot - s) : n;
  if (main != 8 && main != 10 && main != 12) return false;
  if (!digits(s, (int)main)) return false;
  if (dot && (n - main != 3 || !digits(dot + 1, 2))) return false;
  int v[6] = {0}, k = 0;
  for (size_t i = 0; i < main; i += 2) v[k++] = (s[i] - '0') * 10 + (s[i + 1] - '0');
  struct tm tm = {0};
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  date_local(now.tv_sec, &tm);
  int i = 0;
  if (main == 12) tm.tm_year = v[0] * 100 + v[1] - 1900, i = 2;
  else if (main == 10) tm.tm_year = (v[0] < 69 ? 2000 + v[0] : 1900 + v[0]) - 1900, i = 1;
  tm.tm_mon = v[i] - 1, tm.tm_mday = v[i + 1], tm.tm_hour = v[i + 2], tm.tm_min = v[i + 3];
  tm.tm_sec = dot ? (dot[1] - '0') * 10 + (dot[2] - '0') : 0;
  if (tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 60)
    return false;
  struct tm want = tm;
  tm.tm_isdst = -1;
  time_t t = date_mktime(&tm);
  if (tm.tm_mday != want.tm_mday || tm.tm_mon != want.tm_mon) return false;
  *out = (struct timespec){t, 0};
  return true;
}
