/* lib_mode.c - chmod's mode language and mode strings (lib_mode.h). */
#include "lib_mode.h"

#include <stdlib.h>
#include <sys/stat.h>

/* Coreutils' semantics, from its documentation of chmod: a list of
** clauses [ugoa]*([-+=]([rwxXst]*|[ugo]))+ separated by commas, or an
** octal number. A numeric mode of fewer than five digits leaves a
** directory's set-user-ID and set-group-ID bits as they were unless it
** names them; a clause without a who is limited by the umask. */

#define ALL_BITS 07777u

mode_change *mode_compile(const char *s)
{
  size_t cap = 1;
  for (const char *p = s; *p; p++)
    if (*p == '=' || *p == '+' || *p == '-' || *p == ',') cap++;
  mode_change *v = calloc(cap + 1, sizeof *v);
  if (!v) return NULL;
  size_t n = 0;
  if (*s >= '0' && *s < '8') {
    unsigned m = 0;
    const char *p = s;
    for (; *p >= '0' && *p < '8'; p++) {
      m = m * 8 + (unsigned)(*p - '0');
      if (m > ALL_BITS) goto bad;
    }
    if (*p) goto bad;
    unsigned mentioned = p - s < 5 ? (m & (S_ISUID | S_ISGID)) | S_ISVTX | 0777 : ALL_BITS;
    v[0] = (mode_change){'=', 0, ALL_BITS, m, mentioned};
    return v;
  }
  for (;;) {
    unsigned affected = 0;
    for (;; s++) {
      if (*s == 'u') affected |= S_ISUID | S_IRWXU;
      else if (*s == 'g') affected |= S_ISGID | S_IRWXG;
      else if (*s == 'o') affected |= S_ISVTX | S_IRWXO;
      else if (*s == 'a') affected |= ALL_BITS;
      else if (*s == '=' || *s == '+' || *s == '-') break;
      else goto bad;
    }
    do {
      char op = *s++;
      unsigned value = 0, mentioned = 0;
      char flag = 'c';
      if (*s >= '0' && *s < '8') {
        unsigned m = 0;
        for (; *s >= '0' && *s < '8'; s++) {
          m = m * 8 + (unsigned)(*s - '0');
          if (m > ALL_BITS) goto bad;
        }
        if (affected || (*s && *s != ',')) goto bad;
        affected = mentioned = ALL_BITS;
        value = m;
        flag = 0;
      } else if (*s == 'u') {
        value = S_IRWXU, s++;
      } else if (*s == 'g') {
        value = S_IRWXG, s++;
      } else if (*s == 'o') {
        value = S_IRWXO, s++;
      } else {
        flag = 0;
        for (;; s++) {
          if (*s == 'r') value |= 0444;
          else if (*s == 'w') value |= 0222;
          else if (*s == 'x') value |= 0111;
          else if (*s == 'X') flag = 'X';
          else if (*s == 's') value |= S_ISUID | S_ISGID;
          else if (*s == 't') value |= S_ISVTX;
          else break;
        }
      }
      v[n++] = (mode_change){op, flag, affected, value,
                             mentioned ? mentioned : affected ? affected & value : value};
    } while (*s == '=' || *s == '+' || *s == '-');
    if (*s != ',') break;
    s++;
  }
  if (!*s) return v;
bad:
  free(v);
  return NULL;
}

unsigned mode_adjust(unsigned old, bool dir, unsigned umask, const mode_change *ch, unsigned *touched)
{
  unsigned mode = old & ALL_BITS, bits = 0;
  for (; ch->op; ch++) {
    unsigned omit = (dir ? S_ISUID | S_ISGID : 0) & ~ch->mentioned;
    unsigned value = ch->value;
    if (ch->flag == 'c') {
      /* "g=u": the named part's bits, copied to all three */
      value &= mode;
      value |= (value & 0444 ? 0444 : 0) | (value & 0222 ? 0222 : 0) | (value & 0111 ? 0111 : 0);
    } else if (ch->flag == 'X' && ((mode & 0111) || dir)) {
      value |= 0111;
    }
    value &= (ch->affected ? ch->affected : ~umask) & ~omit;
    if (ch->op == '=') {
      unsigned keep = (ch->affected ? ~ch->affected : 0) | omit;
      bits |= ALL_BITS & ~keep;
      mode = (mode & keep) | value;
    } else if (ch->op == '+') {
      bits |= value;
      mode |= value;
    } else {
      bits |= value;
      mode &= ~value;
    }
  }
  if (touched) *touched = bits;
  return mode & ALL_BITS;
}

char mode_type_letter(unsigned mode)
{
  switch (mode & S_IFMT) {
  case S_IFDIR: return 'd';
  case S_IFLNK: return 'l';
  case S_IFCHR: return 'c';
  case S_IFBLK: return 'b';
  case S_IFIFO: return 'p';
  case S_IFSOCK: return 's';
  default: return '-';
  }
}

void mode_string(unsigned m, char out[11])
{
  out[0] = mode_type_letter(m);
  const char *rwx = "rwxrwxrwx";
  for (int i = 0; i < 9; i++) out[1 + i] = (m & (0400u >> i)) ? rwx[i] : '-';
  if (m & S_ISUID) out[3] = (m & S_IXUSR) ? 's' : 'S';
  if (m & S_ISGID) out[6] = (m & S_IXGRP) ? 's' : 'S';
  if (m & S_ISVTX) out[9] = (m & S_IXOTH) ? 't' : 'T';
  out[10] = 0;
}

const char *mode_type_name(unsigned mode, unsigned long long size)
{
  switch (mode & S_IFMT) {
  case S_IFDIR: return "directory";
  case S_IFLNK: return "symbolic link";
  case S_IFCHR: return "character special file";
  case S_IFBLK: return "block special file";
  case S_IFIFO: return "fifo";
  case S_IFSOCK: return "socket";
  case S_IFREG: return size ? "regular file" : "regular empty file";
  default: return "weird file";
  }
}
