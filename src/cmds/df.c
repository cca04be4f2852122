/* df.c - report file system space usage.
**
** Usage: df [OPTION]... [FILE]...
** Show information about the file system on which each FILE resides,
** or all file systems by default.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -a, --all             include pseudo, duplicate, inaccessible file systems
**   -B, --block-size=SIZE  scale sizes by SIZE before printing them
**   -h, --human-readable  print sizes in powers of 1024 (e.g., 1023M)
**   -H, --si              print sizes in powers of 1000 (e.g., 1.1G)
**   -i, --inodes          list inode information instead of block usage
**   -k                    like --block-size=1K
**   -l, --local           limit listing to local file systems
**   -P, --portability     use the POSIX output format
**       --total           elide all entries insignificant to available space,
**                           and produce a grand total
**   -t, --type=TYPE       limit listing to file systems of type TYPE
**   -T, --print-type      print file system type
**   -x, --exclude-type=TYPE   limit listing to file systems not of type TYPE
**       --help        display this help and exit
**       --version     output version information and exit
**
** The box has one file system, its memory (memfs): its size is the box's
** file system limit (--fs-mb).
*/

/* GNU coreutils' df over the box's /proc/mounts and the kernel's STATFS.
** Columns as GNU sizes them: each as wide as its widest cell, at least
** GNU's minimum (14 for the source, 5 for figures, 4 for percentages),
** the last one not padded. */
#include "cmd.h"
#include "lib_human.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_TOTAL = 256, OPT_OUTPUT };

#define NCOL 8

typedef struct row {
  char cell[NCOL][4200];
} row;

typedef struct mnt {
  char src[256], target[4096], type[64];
} mnt;

typedef struct dfo {
  bool all, inodes, type, posix, total;
  block_size bs;
  const char *only_type, *not_type;
} dfo;

static size_t read_mounts(mnt *m, size_t max)
{
  char *data;
  size_t len, n = 0;
  if (cmd_read_all("/proc/mounts", &data, &len)) {
    snprintf(m[0].src, sizeof m[0].src, "memfs");
    snprintf(m[0].target, sizeof m[0].target, "/");
    snprintf(m[0].type, sizeof m[0].type, "memfs");
    return 1;
  }
  for (char *line = data, *e; line < data + len && n < max; line = e + 1) {
    e = memchr(line, '\n', (size_t)(data + len - line));
    if (!e) e = data + len;
    *e = 0;
    if (sscanf(line, "%255s %4095s %63s", m[n].src, m[n].target, m[n].type) == 3) n++;
  }
  free(data);
  return n;
}

static void pct(uint64_t used, uint64_t avail, char *out, size_t size)
{
  if (used + avail == 0) {
    snprintf(out, size, "-");
    return;
  }
  uint64_t p = (used * 100 + (used + avail) - 1) / (used + avail);
  snprintf(out, size, "%llu%%", (unsigned long long)p);
}

typedef struct figs {
  uint64_t size, used, avail, files, ifree;
  bool real;
} figs;

static void fill(const dfo *o, row *r, const char *src, const char *type, const char *target, const figs *f)
{
  int k = 0;
  snprintf(r->cell[k++], sizeof r->cell[0], "%s", src);
  if (o->type) snprintf(r->cell[k++], sizeof r->cell[0], "%s", type);
  if (o->inodes) {
    uint64_t iu = f->files - f->ifree;
    snprintf(r->cell[k++], sizeof r->cell[0], "%llu", (unsigned long long)f->files);
    snprintf(r->cell[k++], sizeof r->cell[0], "%llu", (unsigned long long)iu);
    snprintf(r->cell[k++], sizeof r->cell[0], "%llu", (unsigned long long)f->ifree);
    pct(iu, f->ifree, r->cell[k++], sizeof r->cell[0]);
  } else {
    block_size_fmt(f->size, &o->bs, r->cell[k++], sizeof r->cell[0]);
    block_size_fmt(f->used, &o->bs, r->cell[k++], sizeof r->cell[0]);
    block_size_fmt(f->avail, &o->bs, r->cell[k++], sizeof r->cell[0]);
    pct(f->used / 1024 + (f->used % 1024 != 0), f->avail / 1024, r->cell[k++], sizeof r->cell[0]);
  }
  snprintf(r->cell[k++], sizeof r->cell[0], "%s", target);
}

static bool stat_fs(const mnt *m, figs *f)
{
  *f = (figs){0};
  if (strcmp(m->type, "memfs")) return false;
  acs_sys_statfs_info s;
  if (acs_sys_statfs(m->target, &s)) return false;
  *f = (figs){s.blocks * s.bsize, (s.blocks - s.bfree) * s.bsize, s.bavail * s.bsize, s.files, s.ffree, true};
  return true;
}

int acs__cmd_df(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"all", 'a', CMD_NOARG}, {"block-size", 'B', CMD_ARG}, {"human-readable", 'h', CMD_NOARG},
      {"si", 'H', CMD_NOARG}, {"inodes", 'i', CMD_NOARG}, {"local", 'l', CMD_NOARG},
      {"portability", 'P', CMD_NOARG}, {"total", OPT_TOTAL, CMD_NOARG}, {"type", 't', CMD_ARG},
      {"print-type", 'T', CMD_NOARG}, {"exclude-type", 'x', CMD_ARG}, {"sync", 256 + 10, CMD_NOARG},
      {"no-sync", 256 + 11, CMD_NOARG}, {0}};
  dfo o = {0};
  const char *env = getenv("DF_BLOCK_SIZE");
  if (!env) env = getenv("BLOCK_SIZE");
  if (!env || !block_size_parse(env, &o.bs)) o.bs = (block_size){.size = 1024};
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "aB:hHiklmPt:Tvx:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': o.all = true; break;
    case 'B':
      if (!block_size_parse(g.arg, &o.bs)) {
        cmd_error(c, "invalid -B argument %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      break;
    case 'h': o.bs = (block_size){.human = 1024}; break;
    case 'H': o.bs = (block_size){.human = 1000}; break;
    case 'i': o.inodes = true; break;
    case 'k': o.bs = (block_size){.size = 1024}; break;
    case 'm': o.bs = (block_size){.size = 1024 * 1024}; break;
    case 'P': o.posix = true; break;
    case 'T': o.type = true; break;
    case 't': o.only_type = g.arg; break;
    case 'x': o.not_type = g.arg; break;
    case OPT_TOTAL: o.total = true; break;
    default: break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (o.posix && o.bs.human == 0 && !o.bs.suffix[0] && o.bs.size != 1024 && !env) o.bs.size = 1024;
  static mnt m[64];
  size_t nm = read_mounts(m, 64);
  static row rows[130];
  size_t nr = 0;
  row *hdr = &rows[nr++];
  {
    int k = 0;
    snprintf(hdr->cell[k++], sizeof hdr->cell[0], "Filesystem");
    if (o.type) snprintf(hdr->cell[k++], sizeof hdr->cell[0], "Type");
    if (o.inodes) {
      const char *h[] = {"Inodes", "IUsed", "IFree", "IUse%"};
      for (int i = 0; i < 4; i++) snprintf(hdr->cell[k++], sizeof hdr->cell[0], "%s", h[i]);
    } else {
      if (o.bs.human) snprintf(hdr->cell[k++], sizeof hdr->cell[0], "Size");
      else if (o.posix) snprintf(hdr->cell[k++], sizeof hdr->cell[0], "%llu-blocks", (unsigned long long)o.bs.size);
      else {
        /* "1K-blocks", "1M-blocks", "1kB-blocks", "512B-blocks" */
        static const char units[] = "KMGTPE";
        uint64_t v = o.bs.size;
        int e = 0;
        const char *tail = "B";
        if (v % 1024 == 0) {
          while (v % 1024 == 0 && e < 6) v /= 1024, e++;
          tail = "";
        } else if (v % 1000 == 0) {
          while (v % 1000 == 0 && e < 6) v /= 1000, e++;
          tail = "B";
        }
        char u[4] = {0};
        if (e) u[0] = e == 1 && *tail ? 'k' : units[e - 1];
        snprintf(hdr->cell[k++], sizeof hdr->cell[0], "%llu%s%s-blocks", (unsigned long long)v, u, tail);
      }
      snprintf(hdr->cell[k++], sizeof hdr->cell[0], "Used");
      snprintf(hdr->cell[k++], sizeof hdr->cell[0], "%s", o.bs.human ? "Avail" : "Available");
      snprintf(hdr->cell[k++], sizeof hdr->cell[0], "%s", o.posix ? "Capacity" : "Use%");
    }
    snprintf(hdr->cell[k++], sizeof hdr->cell[0], "Mounted on");
  }
  int ncol = 1 + o.type + 4 + 1;
  int status = 0;
  figs tot = {0};
  bool any = false;
  if (g.nops == 0) {
    for (size_t i = 0; i < nm && nr < 128; i++) {
      figs f;
      bool real = stat_fs(&m[i], &f);
      if (!real && !o.all) continue;
      if (o.only_type && strcmp(o.only_type, m[i].type)) continue;
      if (o.not_type && !strcmp(o.not_type, m[i].type)) continue;
      fill(&o, &rows[nr++], m[i].src, m[i].type, m[i].target, &f);
      tot.size += f.size, tot.used += f.used, tot.avail += f.avail, tot.files += f.files, tot.ifree += f.ifree;
      any = true;
    }
  }
  for (int a = 0; a < g.nops && nr < 128; a++) {
    const char *f = cmd_operands(&g)[a];
    char real[4096];
    int rc = acs_sys_realpath(f, real, sizeof real);
    if (rc) {
      cmd_error(c, "%s: %s", cmd_quotef(f, q, sizeof q), cmd_strerror(rc));
      status = 1;
      continue;
    }
    /* the mount whose point is the longest prefix of the name */
    size_t best = 0, bestlen = 0;
    for (size_t i = 0; i < nm; i++) {
      size_t l = strlen(m[i].target);
      bool under = !strcmp(m[i].target, "/") || (!strncmp(real, m[i].target, l) && (real[l] == 0 || real[l] == '/'));
      if (under && l >= bestlen) best = i, bestlen = l;
    }
    figs fg;
    stat_fs(&m[best], &fg);
    if (o.only_type && strcmp(o.only_type, m[best].type)) continue;
    fill(&o, &rows[nr++], m[best].src, m[best].type, m[best].target, &fg);
    tot.size += fg.size, tot.used += fg.used, tot.avail += fg.avail, tot.files += fg.files, tot.ifree += fg.ifree;
    any = true;
  }
  if (o.total && any) fill(&o, &rows[nr++], "total", "-", "-", &tot);
  if (!any && status == 0) {
    cmd_error(c, "no file systems processed");
    return 1;
  }
  if (!any) return status;
  int width[NCOL] = {0};
  for (int k = 0; k < ncol; k++) {
    bool left = k == 0 || (o.type && k == 1) || k == ncol - 1;
    int min = k == 0 ? 14 : left ? (k == ncol - 1 ? 0 : 4) : (k == ncol - 2 && !o.inodes) ? 4 : 5;
    if (o.inodes && k == ncol - 2) min = 4;
    width[k] = min;
    for (size_t r = 0; r < nr; r++)
      if ((int)strlen(rows[r].cell[k]) > width[k]) width[k] = (int)strlen(rows[r].cell[k]);
  }
  for (size_t r = 0; r < nr; r++) {
    for (int k = 0; k < ncol; k++) {
      bool left = k == 0 || (o.type && k == 1) || k == ncol - 1;
      if (k) cmd_putc(c, ' ');
      if (k == ncol - 1) cmd_puts(c, rows[r].cell[k]);
      else if (left) cmd_printf(c, "%-*s", width[k], rows[r].cell[k]);
      else cmd_printf(c, "%*s", width[k], rows[r].cell[k]);
    }
    cmd_putc(c, '\n');
  }
  return status;
}
