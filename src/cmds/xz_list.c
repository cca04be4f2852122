/* xz_list.c - xz -l: the streams, blocks and sizes of .xz files. */

/* The index is read with liblzma's file-info decoder (which seeks to the
** file's end and back as it needs); the table is XZ Utils 5.4's: sizes
** under 10000 in bytes, else in KiB, MiB, ... with one decimal below
** 10000; the ratio is compressed/uncompressed ("---" when there is
** nothing or it passes 9.999); a totals line for several files. */
#include "xz_list.h"

#include <fcntl.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct xzfns {
  lzma_ret (*info)(lzma_stream *, lzma_index **, uint64_t, uint64_t);
  lzma_ret (*code)(lzma_stream *, lzma_action);
  void (*end)(lzma_stream *);
  lzma_vli (*streams)(const lzma_index *);
  lzma_vli (*blocks)(const lzma_index *);
  lzma_vli (*file_size)(const lzma_index *);
  lzma_vli (*usize)(const lzma_index *);
  uint32_t (*checks)(const lzma_index *);
  void (*index_end)(lzma_index *, const lzma_allocator *);
} xzfns;

static const char *const names[] = {"lzma_file_info_decoder", "lzma_code", "lzma_end",
                                    "lzma_index_stream_count", "lzma_index_block_count",
                                    "lzma_index_file_size", "lzma_index_uncompressed_size",
                                    "lzma_index_checks", "lzma_index_end"};

static void nice(uint64_t v, char *out, size_t size)
{
  if (v < 10000) {
    snprintf(out, size, "%llu B", (unsigned long long)v);
    return;
  }
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double d = (double)v / 1024.0;
  size_t u = 0;
  while (d > 9999.9 && u + 1 < sizeof units / sizeof *units) {
    d /= 1024.0;
    u++;
  }
  snprintf(out, size, "%.1f %s", d, units[u]);
}

static const char *check_name(uint32_t mask)
{
  if (mask & (1u << LZMA_CHECK_SHA256)) return "SHA-256";
  if (mask & (1u << LZMA_CHECK_CRC64)) return "CRC64";
  if (mask & (1u << LZMA_CHECK_CRC32)) return "CRC32";
  if (mask & (1u << LZMA_CHECK_NONE)) return "None";
  return "Unknown";
}

static void row(acs_cmd *c, uint64_t streams, uint64_t blocks, uint64_t csize, uint64_t usize, const char *check,
                const char *name)
{
  char s[32], b[32], cs[32], us[32], ratio[32];
  snprintf(s, sizeof s, "%llu", (unsigned long long)streams);
  snprintf(b, sizeof b, "%llu", (unsigned long long)blocks);
  nice(csize, cs, sizeof cs);
  nice(usize, us, sizeof us);
  double r = usize ? (double)csize / (double)usize : 0.0;
  if (!usize || r > 9.999) snprintf(ratio, sizeof ratio, "---");
  else snprintf(ratio, sizeof ratio, "%.3f", r);
  cmd_printf(c, "%5s %7s %12s %12s %6s  %-7s %s\n", s, b, cs, us, ratio, check, name);
}

/* One file's index; false after a message. */
static bool one(acs_cmd *c, xzfns *f, const char *path, uint64_t *tot, uint32_t *checks, bool *head)
{
  char q[1024];
  acs__sys_stat st;
  int fd = acs_sys_open(path, O_RDONLY, 0);
  if (fd < 0 || acs_sys_fstat(fd, &st) < 0) {
    cmd_error(c, "%s: %s", cmd_quotef(path, q, sizeof q), cmd_strerror(fd < 0 ? fd : -5));
    if (fd >= 0) acs_sys_close(fd);
    return false;
  }
  if (st.size < 32) {
    cmd_error(c, "%s: Too small to be a valid .xz file", cmd_quotef(path, q, sizeof q));
    acs_sys_close(fd);
    return false;
  }
  lzma_stream s = LZMA_STREAM_INIT;
  lzma_index *idx = NULL;
  static uint8_t buf[65536];
  bool ok = f->info(&s, &idx, UINT64_MAX, st.size) == LZMA_OK;
  int64_t pos = 0;
  lzma_ret r = LZMA_OK;
  while (ok) {
    if (s.avail_in == 0) {
      ssize_t n = acs_sys_pread(fd, buf, sizeof buf, pos);
      if (n < 0) break;
      pos += n;
      s.next_in = buf;
      s.avail_in = (size_t)n;
    }
    r = f->code(&s, LZMA_RUN);
    if (r == LZMA_SEEK_NEEDED) {
      pos = (int64_t)s.seek_pos;
      s.avail_in = 0;
      continue;
    }
    if (r != LZMA_OK) break;
  }
  f->end(&s);
  acs_sys_close(fd);
  if (r != LZMA_STREAM_END || !idx) {
    cmd_error(c, "%s: %s", cmd_quotef(path, q, sizeof q),
              r == LZMA_FORMAT_ERROR ? "File format not recognized" : "Compressed data is corrupt");
    return false;
  }
  uint64_t v[4] = {f->streams(idx), f->blocks(idx), f->file_size(idx), f->usize(idx)};
  uint32_t ck = f->checks(idx);
  if (!*head) cmd_puts(c, "Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename\n");
  *head = true;
  row(c, v[0], v[1], v[2], v[3], check_name(ck), path);
  for (int i = 0; i < 4; i++) tot[i] += v[i];
  *checks |= ck;
  f->index_end(idx, NULL);
  return true;
}

int xz_list(acs_cmd *c, char **files, int n)
{
  if (n == 0 || (n == 1 && !strcmp(files[0], "-"))) {
    cmd_error(c, "--list does not support reading from standard input");
    return 1;
  }
  xzfns f;
  if (!cmd_dlsyms(c, "liblzma.so.5", names, (void **)&f, sizeof names / sizeof *names)) return 1;
  int status = 0, done = 0;
  uint64_t tot[4] = {0};
  uint32_t checks = 0;
  bool head = false; /* the table's head comes with its first row */
  for (int i = 0; i < n; i++) {
    if (!strcmp(files[i], "-")) {
      cmd_error(c, "--list does not support reading from standard input");
      status = 1;
      continue;
    }
    if (one(c, &f, files[i], tot, &checks, &head)) done++;
    else status = 1;
  }
  if (done > 1) {
    char name[64];
    snprintf(name, sizeof name, "%d files", done);
    cmd_puts(c, "-------------------------------------------------------------------------------\n");
    row(c, tot[0], tot[1], tot[2], tot[3], check_name(checks), name);
  }
  return status;
}
