/* module.c - a module's bytes before JavaScriptCore sees them: the header
** (`\0asm`, version 1), its imports (every one must be a
** wasi_snapshot_preview1 function of ours, with the signature preview1
** gives it), its exports (a command has a function `_start` and a memory
** `memory`), and its memory's maximum, rewritten to the host's cap so that
** memory.grow past the cap returns -1 (malloc then returns NULL) as a
** native program meets its limit. */
#include "wasi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rd {
  const unsigned char *p, *end;
  bool bad;
} rd;

static uint8_t byte(rd *r)
{
  if (r->p >= r->end) {
    r->bad = true;
    return 0;
  }
  return *r->p++;
}

static uint64_t leb(rd *r)
{
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    uint8_t b = byte(r);
    v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80)) return v;
  }
  r->bad = true;
  return 0;
}

static const unsigned char *name(rd *r, size_t *len)
{
  uint64_t n = leb(r);
  if (r->bad || n > (uint64_t)(r->end - r->p)) {
    r->bad = true;
    *len = 0;
    return (const unsigned char *)"";
  }
  const unsigned char *s = r->p;
  r->p += n;
  *len = (size_t)n;
  return s;
}

static void limits(rd *r, uint64_t *min, uint64_t *max, uint8_t *flags)
{
  *flags = byte(r);
  *min = leb(r);
  *max = (*flags & 1) ? leb(r) : UINT64_MAX;
}

static void put_leb(unsigned char *out, size_t *n, uint64_t v)
{
  do {
    uint8_t b = v & 0x7f;
    v >>= 7;
    out[(*n)++] = (unsigned char)(b | (v ? 0x80 : 0));
  } while (v);
}

/* The signature each import must have: the host's params, then ">i" (an
** errno) or ">" (proc_exit returns nothing). */
static bool sig_matches(const char *want_params, const char *want_ret, const char *have)
{
  size_t np = strlen(want_params);
  if (strncmp(have, want_params, np) || have[np] != '>') return false;
  return !strcmp(have + np + 1, want_ret);
}

const acs__wasi_import *acs__wasi_import_at(size_t i)
{
  if (i < acs__wasi_fd_import_count) return &acs__wasi_fd_imports[i];
  i -= acs__wasi_fd_import_count;
  if (i < acs__wasi_path_import_count) return &acs__wasi_path_imports[i];
  i -= acs__wasi_path_import_count;
  if (i < acs__wasi_misc_import_count) return &acs__wasi_misc_imports[i];
  return NULL;
}

const acs__wasi_import *acs__wasi_import_find(const char *n, size_t len)
{
  const acs__wasi_import *imp;
  for (size_t i = 0; (imp = acs__wasi_import_at(i)); i++)
    if (strlen(imp->name) == len && !memcmp(imp->name, n, len)) return imp;
  return NULL;
}

static int fail(char *why, size_t cap, const char *msg)
{
  snprintf(why, cap, "%s", msg);
  return -1;
}

int acs__wasi_module_load(unsigned char *bytes, size_t len, uint32_t max_pages,
                          acs__wasi_module *m, char *why, size_t cap)
{
  memset(m, 0, sizeof *m);
  static const unsigned char magic[8] = {0, 'a', 's', 'm', 1, 0, 0, 0};
  if (len < 8 || memcmp(bytes, magic, 8)) {
    free(bytes);
    return fail(why, cap, "not a WebAssembly module (version 1): its first bytes are not \\0asm 01 00 00 00");
  }
  char (*types)[24] = NULL;
  size_t ntypes = 0;
  rd r = {bytes + 8, bytes + len, false};
  const unsigned char *mem_sec = NULL, *mem_end = NULL;
  uint64_t mem_min = 0, mem_max = UINT64_MAX;
  uint8_t mem_flags = 0;
  int rc = 0;
  while (!rc && r.p < r.end) {
    uint8_t id = byte(&r);
    const unsigned char *sec_start = r.p - 1;
    uint64_t size = leb(&r);
    if (r.bad || size > (uint64_t)(r.end - r.p)) {
      rc = fail(why, cap, "a damaged module: a section runs past the end of the file");
      break;
    }
    rd s = {r.p, r.p + size, false};
    r.p += size;
    if (id == 0) { /* custom: "acs.paths" holding "root" marks a module that
                      keeps its own working directory (docs/box-wasi.md) */
      size_t nl;
      const unsigned char *nm = name(&s, &nl);
      if (!s.bad && nl == 9 && !memcmp(nm, "acs.paths", 9) && s.end - s.p == 4 && !memcmp(s.p, "root", 4))
        m->root_paths = true;
      s.p = s.end;
    } else if (id == 1) { /* types */
      uint64_t n = leb(&s);
      if (n > size) {
        s.bad = true;
        break;
      }
      free(types);
      types = calloc(n ? n : 1, sizeof *types);
      if (!types) {
        rc = fail(why, cap, "out of memory reading the module");
        break;
      }
      ntypes = n;
      for (uint64_t i = 0; i < n && !s.bad; i++) {
        char *t = types[i];
        size_t o = 0;
        if (byte(&s) != 0x60) s.bad = true;
        for (int part = 0; part < 2 && !s.bad; part++) {
          uint64_t k = leb(&s);
          for (uint64_t j = 0; j < k && !s.bad; j++) {
            uint8_t vt = byte(&s);
            char c = vt == 0x7f ? 'i' : vt == 0x7e ? 'I' : vt == 0x7d ? 'f' : vt == 0x7c ? 'F' : '?';
            if (o < sizeof *types - 2) t[o++] = c;
            else t[0] = '?';
          }
          if (part == 0 && o < sizeof *types - 1) t[o++] = '>';
        }
        t[o] = 0;
      }
    } else if (id == 2) { /* imports */
      uint64_t n = leb(&s);
      for (uint64_t i = 0; i < n && !s.bad && !m->bad_import[0]; i++) {
        size_t ml, fl;
        const unsigned char *mod = name(&s, &ml), *field = name(&s, &fl);
        uint8_t kind = byte(&s);
        uint64_t tidx = 0, a, b;
        uint8_t f;
        if (kind == 0) tidx = leb(&s);
        else if (kind == 1) {
          byte(&s);
          limits(&s, &a, &b, &f);
        } else if (kind == 2) limits(&s, &a, &b, &f);
        else if (kind == 3) {
          byte(&s);
          byte(&s);
        } else s.bad = true;
        if (s.bad) break;
        static const char wasi[] = "wasi_snapshot_preview1";
        const acs__wasi_import *imp = NULL;
        if (kind == 0 && ml == sizeof wasi - 1 && !memcmp(mod, wasi, ml)) imp = acs__wasi_import_find((const char *)field, fl);
        if (!imp) {
          snprintf(m->bad_import, sizeof m->bad_import, "%.*s.%.*s", (int)(ml > 100 ? 100 : ml), mod,
                   (int)(fl > 100 ? 100 : fl), field);
          break;
        }
        const char *ret = strcmp(imp->name, "proc_exit") ? "i" : "";
        if (tidx >= ntypes || !sig_matches(imp->sig, ret, types[tidx])) {
          char msg[400];
          snprintf(msg, sizeof msg,
                   "the module imports wasi_snapshot_preview1.%s with a signature preview1 does not give it",
                   imp->name);
          rc = fail(why, cap, msg);
          break;
        }
      }
    } else if (id == 5) { /* memories */
      uint64_t n = leb(&s);
      if (n == 1) limits(&s, &mem_min, &mem_max, &mem_flags);
      else if (n > 1) {
        rc = fail(why, cap, "the module defines more than one memory (preview1 commands have one)");
        break;
      }
      mem_sec = sec_start;
      mem_end = s.end;
    } else if (id == 7) { /* exports */
      uint64_t n = leb(&s);
      for (uint64_t i = 0; i < n && !s.bad; i++) {
        size_t nl;
        const unsigned char *nm = name(&s, &nl);
        uint8_t kind = byte(&s);
        leb(&s);
        if (kind == 0 && nl == 6 && !memcmp(nm, "_start", 6)) m->has_start = true;
        if (kind == 2 && nl == 6 && !memcmp(nm, "memory", 6)) m->has_memory = true;
      }
    }
    if (s.bad) rc = fail(why, cap, "a damaged module: a section does not parse");
  }
  free(types);
  if (!rc && r.bad) rc = fail(why, cap, "a damaged module: it ends inside a section");
  if (!rc && mem_sec && (mem_flags & ~1u))
    rc = fail(why, cap, "the module's memory is shared or 64-bit: this host runs wasm32 preview1 commands");
  if (!rc && mem_sec && mem_min > max_pages) {
    char msg[200];
    snprintf(msg, sizeof msg, "the module's memory starts at %llu MiB, more than the %llu MiB it may use",
             (unsigned long long)(mem_min / 16), (unsigned long long)(max_pages / 16));
    rc = fail(why, cap, msg);
  }
  if (rc) {
    free(bytes);
    return rc;
  }
  if (mem_sec && mem_max > max_pages) {
    /* a new memory section with the cap as its maximum */
    unsigned char sec[32];
    size_t n = 0, body = 0;
    unsigned char content[24];
    content[body++] = 1;
    content[body++] = 1;
    put_leb(content, &body, mem_min);
    put_leb(content, &body, max_pages);
    sec[n++] = 5;
    put_leb(sec, &n, body);
    memcpy(sec + n, content, body);
    n += body;
    size_t before = (size_t)(mem_sec - bytes), after = len - (size_t)(mem_end - bytes);
    unsigned char *nb = malloc(before + n + after);
    if (!nb) {
      free(bytes);
      return fail(why, cap, "out of memory reading the module");
    }
    memcpy(nb, bytes, before);
    memcpy(nb + before, sec, n);
    memcpy(nb + before + n, mem_end, after);
    free(bytes);
    bytes = nb;
    len = before + n + after;
  }
  m->bytes = bytes;
  m->len = len;
  return 0;
}
