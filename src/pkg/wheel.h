/* wheel.h - installing a wheel (a zip file, PEP 427) as pip does, into a
** host directory of the store: dest/site (what goes into site-packages,
** the .dist-info with METADATA, INSTALLER "pip" and a RECORD as pip writes
** it) and dest/prefix (bin/ with the console scripts and .data/scripts,
** the .data/data tree). Host side of the box's pip. */
#ifndef ACS_PKG_WHEEL_H
#define ACS_PKG_WHEEL_H

#include <stdbool.h>
#include <stddef.h>

/* Unpack wheel (len bytes) into dest (created; must not exist). `python`
** is the interpreter for script shebangs ("/usr/bin/python3"). Refused,
** with the entry named in why: absolute names, "..", backslashes or NUL in
** names, symbolic links, an entry twice, ZIP64 or encrypted entries, a
** file over 256 MiB or all over 1 GiB (as inflated, whatever the headers
** say), more than 100 000 entries, a wheel without its .dist-info. On
** success *dist_info (malloc'd) is the .dist-info folder's name. */
bool acs__wheel_unpack(const unsigned char *wheel, size_t len, const char *dest, const char *python,
                       char **dist_info, char *why, size_t why_cap);

/* Whether a wheel file name's tags fit CPython 3.11 with no compiled
** code (py3-none-any, py2.py3-none-any, py311-none-any, ...). */
bool acs__wheel_tags_fit(const char *filename);

#endif
