/* lib_date.h - date strings as GNU's touch -d and date -d read them (the
** common forms), touch -t's [[CC]YY]MMDDhhmm[.ss], and the local time of
** the box's TZ without reading the host's zone files. */
#ifndef ACS_CMDS_LIB_DATE_H
#define ACS_CMDS_LIB_DATE_H

#include <stdbool.h>
#include <time.h>

/* Parses s relative to now: "@EPOCH[.frac]", ISO dates and times
** ("2020-01-02", "2020-01-02 03:04[:05[.frac]]", "T" between, a zone
** "Z", "UTC" or "+HH[:]MM"), a time alone (today), month names ("Jan 5
** 2021", "5 Jan 2021"), "now", "today", "yesterday", "tomorrow", and
** relative items ("2 days ago", "+1 hour", "-3 weeks", "next day").
** False when s is none of these. */
bool date_parse(const char *s, struct timespec now, struct timespec *out);
/* touch -t STAMP */
bool date_parse_touch_t(const char *s, struct timespec *out);
/* localtime_r and mktime in the box's TZ: UTC when TZ is unset, empty or
** a zone name (no zone file is read, the box has none); a POSIX string's
** standard offset ("EST5", "<+03>-3"; its daylight saving rule is not
** applied). */
struct tm *date_local(time_t t, struct tm *tm);
time_t date_mktime(struct tm *tm);
/* the zone's offset east of UTC in seconds at t, and its abbreviation */
long date_gmtoff(time_t t, const char **abbrev);

#endif
