/* lib_getdate.h - GNU's date strings (date -d, touch -d): "@EPOCH", ISO 8601
** dates and times with a zone, "Jan 2 2020", "2 Jan 2020 10:00",
** RFC 5322 ("Tue, 01 Jan 2020 00:00:00 +0000"), M/D/Y and Y/M/D, bare
** numbers (YYYYMMDD, HHMM), 12-hour times, zone names and military
** letters, weekdays with "next"/"last"/"this" and ordinals, relative items
** ("3 days ago", "+2 hours", "yesterday", "tomorrow", "next week",
** "fortnight", "now", "today"), as gnulib's parse_datetime reads them in
** the C locale. The local zone is the process's TZ. */
#ifndef ACS_CMDS_LIB_GETDATE_H
#define ACS_CMDS_LIB_GETDATE_H

#include <stdbool.h>
#include <time.h>

/* s relative to now; false when s is not a date. */
bool lib_date_parse(const char *s, const struct timespec *now, struct timespec *out);

#endif
