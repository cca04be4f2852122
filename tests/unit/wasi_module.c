/* wasi_module.c - src/wasi/module.c on hand-made modules: the header, the
** imports a preview1 host must refuse (by name), a wrong signature, the
** memory's maximum rewritten to the host's cap, a memory larger than the
** cap, damaged sections, and the acs.paths mark. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "wasi/wasi.h"

typedef struct { unsigned char b[512]; size_t n; } mod;

static void put(mod *m, const void *p, size_t n)
{
  memcpy(m->b + m->n, p, n);
  m->n += n;
}
static void byte(mod *m, unsigned v) { m->b[m->n++] = (unsigned char)v; }
static void str(mod *m, const char *s)
{
  byte(m, (unsigned)strlen(s));
  put(m, s, strlen(s));
}
/* a section: id, then the body built in sec */
static void section(mod *m, unsigned id, const mod *sec)
{
  byte(m, id);
  byte(m, (unsigned)sec->n); /* bodies here stay under 128 bytes */
  put(m, sec->b, sec->n);
}

static void header(mod *m) { put(m, "\0asm\1\0\0\0", 8); }

/* type 0: (i32 i32 i32 i32) -> i32, fd_write's; type 1: (i32) -> i32 */
static void types(mod *m)
{
  mod s = {0};
  byte(&s, 2);
  put(&s, "\x60\x04\x7f\x7f\x7f\x7f\x01\x7f", 8);
  put(&s, "\x60\x01\x7f\x01\x7f", 5);
  section(m, 1, &s);
}

static void import(mod *m, const char *module, const char *field, unsigned type)
{
  mod s = {0};
  byte(&s, 1);
  str(&s, module);
  str(&s, field);
  byte(&s, 0);
  byte(&s, type);
  section(m, 2, &s);
}

static void memory(mod *m, unsigned min, int max)
{
  mod s = {0};
  byte(&s, 1);
  byte(&s, max >= 0 ? 1 : 0);
  byte(&s, min);
  if (max >= 0) byte(&s, (unsigned)max);
  section(m, 5, &s);
}

static void exports(mod *m)
{
  mod s = {0};
  byte(&s, 2);
  str(&s, "_start");
  byte(&s, 0);
  byte(&s, 1);
  str(&s, "memory");
  byte(&s, 2);
  byte(&s, 0);
  section(m, 7, &s);
}

static int load(const mod *m, uint32_t cap, acs__wasi_module *out, char *why)
{
  unsigned char *b = malloc(m->n);
  memcpy(b, m->b, m->n);
  return acs__wasi_module_load(b, m->n, cap, out, why, 256);
}

/* the memory section of a loaded module: flags, min, max */
static bool memory_of(const acs__wasi_module *w, unsigned *flags, unsigned *min, unsigned *max)
{
  for (size_t o = 8; o + 1 < w->len;) {
    unsigned id = w->bytes[o], size = w->bytes[o + 1];
    if (id == 5) {
      *flags = w->bytes[o + 3];
      *min = w->bytes[o + 4];
      *max = (*flags & 1) ? w->bytes[o + 5] : 0;
      return true;
    }
    o += 2 + size;
  }
  return false;
}

Test(wasi_module, a_command_loads_and_its_memory_gets_the_cap)
{
  mod m = {0};
  header(&m);
  types(&m);
  import(&m, "wasi_snapshot_preview1", "fd_write", 0);
  memory(&m, 2, -1);
  exports(&m);
  acs__wasi_module w;
  char why[256] = "";
  cr_assert_eq(load(&m, 16, &w, why), 0, "%s", why);
  cr_assert(w.has_start && w.has_memory);
  cr_assert_str_empty(w.bad_import);
  unsigned fl, min, max;
  cr_assert(memory_of(&w, &fl, &min, &max));
  cr_assert_eq(fl, 1);
  cr_assert_eq(min, 2);
  cr_assert_eq(max, 16);
  free(w.bytes);
}

Test(wasi_module, a_smaller_declared_maximum_stays)
{
  mod m = {0};
  header(&m);
  memory(&m, 1, 4);
  acs__wasi_module w;
  char why[256];
  cr_assert_eq(load(&m, 16, &w, why), 0);
  unsigned fl, min, max;
  cr_assert(memory_of(&w, &fl, &min, &max));
  cr_assert_eq(max, 4);
  cr_assert(!w.has_start);
  free(w.bytes);
}

Test(wasi_module, a_memory_larger_than_the_cap_is_refused)
{
  mod m = {0};
  header(&m);
  memory(&m, 100, -1);
  acs__wasi_module w;
  char why[256];
  cr_assert_eq(load(&m, 16, &w, why), -1);
  cr_assert(strstr(why, "more than the"), "%s", why);
}

Test(wasi_module, an_import_we_do_not_give_is_named)
{
  mod m = {0};
  header(&m);
  types(&m);
  import(&m, "env", "host_thing", 1);
  acs__wasi_module w;
  char why[256];
  cr_assert_eq(load(&m, 16, &w, why), 0);
  cr_assert_str_eq(w.bad_import, "env.host_thing");
  free(w.bytes);
  mod n = {0};
  header(&n);
  types(&n);
  import(&n, "wasi_snapshot_preview1", "no_such_call", 1);
  cr_assert_eq(load(&n, 16, &w, why), 0);
  cr_assert_str_eq(w.bad_import, "wasi_snapshot_preview1.no_such_call");
  free(w.bytes);
}

Test(wasi_module, a_wrong_signature_is_refused)
{
  mod m = {0};
  header(&m);
  types(&m);
  import(&m, "wasi_snapshot_preview1", "fd_write", 1);
  acs__wasi_module w;
  char why[256];
  cr_assert_eq(load(&m, 16, &w, why), -1);
  cr_assert(strstr(why, "fd_write with a signature"), "%s", why);
}

Test(wasi_module, damaged_modules_are_refused)
{
  acs__wasi_module w;
  char why[256];
  mod bad = {0};
  put(&bad, "\0asm\x0d\0\1\0", 8); /* a component, not a preview1 module */
  cr_assert_eq(load(&bad, 16, &w, why), -1);
  cr_assert(strstr(why, "not a WebAssembly module"), "%s", why);
  mod cut = {0};
  header(&cut);
  put(&cut, "\x01\x7f\x01", 3); /* a section longer than the file */
  cr_assert_eq(load(&cut, 16, &w, why), -1);
  cr_assert(strstr(why, "damaged"), "%s", why);
  mod junk = {0};
  header(&junk);
  put(&junk, "\x02\x03\x01\x7f\x7f", 5); /* an import whose name runs out */
  cr_assert_eq(load(&junk, 16, &w, why), -1);
  cr_assert(strstr(why, "damaged"), "%s", why);
}

Test(wasi_module, the_acs_paths_mark)
{
  mod m = {0};
  header(&m);
  mod s = {0};
  str(&s, "acs.paths");
  put(&s, "root", 4);
  section(&m, 0, &s);
  acs__wasi_module w;
  char why[256];
  cr_assert_eq(load(&m, 16, &w, why), 0);
  cr_assert(w.root_paths);
  free(w.bytes);
  mod o = {0};
  header(&o);
  mod t = {0};
  str(&t, "acs.paths");
  put(&t, "cwd!", 4);
  section(&o, 0, &t);
  cr_assert_eq(load(&o, 16, &w, why), 0);
  cr_assert(!w.root_paths);
  free(w.bytes);
}
