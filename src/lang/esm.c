/* esm.c - the ES module output: imports become parameters of the module
** function, their uses live reads of the namespaces, exports a table of
** getters that the loader installs before the body runs. */
#include "internal.h"

#include "../base/base.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_ident_name(const char *s)
{
  if (!*s) return false;
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_' || *c == '$' ||
              *c >= 0x80 || (c != (const unsigned char *)s && *c >= '0' && *c <= '9');
    if (!ok) return false;
  }
  return true;
}

static void json_quote(acs__lang_result *r, char *o, const char *s)
{
  (void)r;
  *o++ = '"';
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') *o++ = '\\', *o++ = (char)c;
    else if (c < 0x20) o += sprintf(o, "\\u%04x", c);
    else *o++ = (char)c;
  }
  *o++ = '"';
  *o = 0;
}

/* How a binding is read: "I0.name", I0["str"], I0 for a namespace. */
static char *access_text(const char *pfx, int32_t module, const char *imported)
{
  size_t n = strlen(pfx) + strlen(imported) * 6 + 32;
  char *s = malloc(n);
  if (!s) return NULL;
  if (!strcmp(imported, "*")) snprintf(s, n, "%si%d", pfx, module);
  else if (is_ident_name(imported)) snprintf(s, n, "%si%d.%s", pfx, module, imported);
  else {
    int k = snprintf(s, n, "%si%d[", pfx, module);
    json_quote(NULL, s + k, imported);
    strcat(s, "]");
  }
  return s;
}

/* The JSX factory and fragment as the output should spell them. */
static char *jsx_name(P *p, bool frag, const char *pfx, const int32_t *param, bool esm)
{
  const char *full = frag ? (p->jsx_fragment ? p->jsx_fragment : "React.Fragment")
                          : (p->jsx_factory ? p->jsx_factory : "React.createElement");
  const char *dot = strchr(full, '.');
  size_t rl = dot ? (size_t)(dot - full) : strlen(full);
  char *out = malloc(strlen(full) + strlen(pfx) + 64);
  if (!out) return NULL;
  if (esm && param) {
    for (uint32_t b = 0; b < p->nbindings; b++) {
      binding *bd = &p->bindings[b];
      if (bd->local_end - bd->local_start != rl || memcmp(p->src + bd->local_start, full, rl) ||
          bd->module < 0 || param[bd->module] < 0)
        continue;
      char *acc = access_text(pfx, param[bd->module], bd->imported);
      if (!acc) break;
      sprintf(out, "%s%s", acc, dot ? dot : "");
      free(acc);
      return out;
    }
  }
  strcpy(out, full);
  return out;
}

/* Replace the placeholders the parser left in edit texts. */
int acs__subst_edits(P *p, const char *pfx, bool esm, const int32_t *param)
{
  char *fac = NULL, *frag = NULL;
  if (p->jsx_used) {
    fac = jsx_name(p, false, pfx, param, esm);
    frag = jsx_name(p, true, pfx, param, esm);
    if (!fac || !frag) {
      free(fac);
      free(frag);
      return -1;
    }
  }
  int rc = 0;
  for (uint32_t i = 0; i < p->nedits; i++) {
    edit *e = &p->edits[i];
    if (!e->text || !strpbrk(e->text, "\x01\x02\x04")) continue;
    size_t orig = e->end - e->start;
    size_t cap = strlen(e->text) * 2 + 64 + 8 * strlen(pfx) + (fac ? strlen(fac) + strlen(frag) : 0);
    char *o = malloc(cap + orig);
    if (!o) {
      rc = -1;
      break;
    }
    bool pad = false;
    if (!strcmp(e->text, "\x01meta")) {
      if (esm) snprintf(o, cap, "%sm.meta", pfx);
      else snprintf(o, cap, "import.meta");
      pad = true;
    } else if (!strcmp(e->text, "\x01import")) {
      snprintf(o, cap, "%sm.i", pfx);
      pad = true;
    } else if (!strcmp(e->text, "\x01require")) {
      /* TS `import x = require("y")` */
      if (esm) snprintf(o, cap, "%sm.r", pfx);
      else snprintf(o, cap, "require");
      pad = true;
    } else {
      char *q = o;
      for (const char *s = e->text; *s; s++) {
        if (*s == '\x01') q += sprintf(q, "%s", pfx);
        else if (*s == '\x04' && s[1] == 'f' && fac) q += sprintf(q, "%s", fac), s++;
        else if (*s == '\x04' && s[1] == 'g' && frag) q += sprintf(q, "%s", frag), s++;
        else *q++ = *s;
      }
      *q = 0;
    }
    if (pad) {
      size_t l = strlen(o);
      while (l < orig) o[l++] = ' ';
      o[l] = 0;
    }
    free(e->text);
    e->text = o;
  }
  free(fac);
  free(frag);
  return rc;
}

static int fail_oom(P *p)
{
  p->oom = true;
  return -1;
}

/* The module's names by kind, for lookups by name (see name_index). */
typedef struct names {
  name_index bindings, top_decls, type_decls;
} names;

static bool names_init(P *p, names *nm)
{
  *nm = (names){0};
  for (uint32_t b = 0; b < p->nbindings; b++) {
    binding *bd = &p->bindings[b];
    if (!acs__ni_add(p, &nm->bindings, acs__bytes_hash(p->src + bd->local_start, bd->local_end - bd->local_start),
                     (int32_t)b))
      return false;
  }
  for (uint32_t i = 0; p->ts && i < p->ndecls; i++)
    if (p->decls[i].scope == 0 &&
        !acs__ni_add(p, &nm->top_decls, acs__bytes_hash(p->src + p->decls[i].start, p->decls[i].end - p->decls[i].start),
                     (int32_t)i))
      return false;
  for (uint32_t i = 0; p->ts && i < p->ntype_decls; i++) {
    decl *d = &p->type_decls[i];
    if (!acs__ni_add(p, &nm->type_decls, acs__bytes_hash(p->src + d->start, d->end - d->start), (int32_t)i))
      return false;
  }
  return true;
}

static void names_free(names *nm)
{
  acs__ni_free(&nm->bindings);
  acs__ni_free(&nm->top_decls);
  acs__ni_free(&nm->type_decls);
}

/* The next entry of t whose span of list (entries of size `size`, start
** and end at the front as in decl and binding) is the name s[0..n). */
static int32_t next_named(P *p, const name_index *t, const char *s, size_t n, uint32_t hash, uint32_t *probe,
                          const void *list, size_t size, size_t start_off)
{
  for (int32_t i; (i = acs__ni_next(t, hash, probe)) >= 0;) {
    const uint32_t *span = (const uint32_t *)((const char *)list + (size_t)i * size + start_off);
    if (span[1] - span[0] == n && !memcmp(p->src + span[0], s, n)) return i;
  }
  return -1;
}

/* The first import binding named s[0..n) that satisfies ok (NULL: any), or -1. */
static int32_t first_binding(P *p, const names *nm, const char *s, size_t n, const int32_t *param)
{
  uint32_t hash = acs__bytes_hash(s, n), probe = UINT32_MAX;
  int32_t best = -1;
  for (int32_t b; (b = next_named(p, &nm->bindings, s, n, hash, &probe, p->bindings, sizeof *p->bindings,
                                  offsetof(binding, local_start))) >= 0;) {
    binding *bd = &p->bindings[b];
    if (param && (bd->module < 0 || param[bd->module] < 0)) continue;
    if (best < 0 || b < best) best = b;
  }
  return best;
}

/* TypeScript: a name with no value, only a type (an interface, a type
** alias, a namespace of types, an import marked `type`). */
static bool only_a_type(P *p, const names *nm, const char *name)
{
  size_t n = strlen(name);
  int32_t b = first_binding(p, nm, name, n, NULL);
  if (b >= 0) return p->bindings[b].type_only;
  uint32_t hash = acs__bytes_hash(name, n), probe = UINT32_MAX;
  if (next_named(p, &nm->top_decls, name, n, hash, &probe, p->decls, sizeof *p->decls, offsetof(decl, start)) >= 0)
    return false;
  probe = UINT32_MAX;
  return next_named(p, &nm->type_decls, name, n, hash, &probe, p->type_decls, sizeof *p->type_decls,
                    offsetof(decl, start)) >= 0;
}

static int finish(P *p, acs__lang_result *out, char *pfx, const names *nm);

int acs__esm_finish(P *p, acs__lang_result *out)
{
  char *pfx = acs__choose_prefix(p);
  if (!pfx) return fail_oom(p);
  names nm;
  if (!names_init(p, &nm)) {
    names_free(&nm);
    free(pfx);
    return fail_oom(p);
  }
  int rc = finish(p, out, pfx, &nm);
  names_free(&nm);
  free(pfx);
  return rc;
}

static int finish(P *p, acs__lang_result *out, char *pfx, const names *nm)
{
  /* `export { T }` of a type exports nothing, as tsc elides it */
  if (p->ts) {
    uint32_t k = 0;
    for (uint32_t i = 0; i < p->nexports; i++) {
      exp *x = &p->exports[i];
      if (x->module < 0 && x->local && x->local[0] != '\x01' && only_a_type(p, nm, x->local)) {
        free(x->name);
        free(x->local);
        continue;
      }
      p->exports[k++] = *x;
    }
    p->nexports = k;
    /* `export default T;` likewise: it leaves an empty statement */
    if (p->def_ident) {
      char *name = acs__p_strndup(p, p->def_name_start, p->def_name_end);
      if (name && only_a_type(p, nm, name)) {
        edit *h = &p->edits[p->def_edit_head], *t = &p->edits[p->def_edit_tail];
        free(h->text);
        h->text = strdup(";");
        h->end = h->start + 1;
        free(t->text);
        t->text = strdup("");
        if (!h->text || !t->text) p->oom = true;
        acs__edit_blank(p, p->def_start + 1, p->def_end);
        k = 0;
        for (uint32_t i = 0; i < p->nexports; i++) {
          exp *x = &p->exports[i];
          if (x->name && !strcmp(x->name, "default") && x->local && !strcmp(x->local, "\x01" "d")) {
            free(x->name);
            free(x->local);
            continue;
          }
          p->exports[k++] = *x;
        }
        p->nexports = k;
      }
      free(name);
      if (p->oom) return fail_oom(p);
    }
  }
  int32_t *res = acs__resolve_refs(p);
  if (!res) {
    return fail_oom(p);
  }

  /* exported import bindings count as used */
  for (uint32_t i = 0; i < p->nexports; i++) {
    exp *x = &p->exports[i];
    if (x->module >= 0 || !x->local) continue;
    size_t n = strlen(x->local);
    uint32_t hash = acs__bytes_hash(x->local, n), probe = UINT32_MAX;
    for (int32_t b; (b = next_named(p, &nm->bindings, x->local, n, hash, &probe, p->bindings, sizeof *p->bindings,
                                    offsetof(binding, local_start))) >= 0;)
      p->bindings[b].used = true;
  }
  if (p->jsx_used) {
    /* the JSX factory's root counts as a use of the import that provides it */
    for (int k = 0; k < 2; k++) {
      const char *full = k ? (p->jsx_fragment ? p->jsx_fragment : "React.Fragment")
                           : (p->jsx_factory ? p->jsx_factory : "React.createElement");
      size_t rl = strcspn(full, ".");
      for (uint32_t b = 0; b < p->nbindings; b++)
        if (p->bindings[b].local_end - p->bindings[b].local_start == rl &&
            !memcmp(p->src + p->bindings[b].local_start, full, rl))
          p->bindings[b].used = true;
    }
  }
  for (uint32_t b = 0; b < p->nbindings; b++) {
    binding *bd = &p->bindings[b];
    if (bd->module < 0) continue;
    /* TypeScript drops bindings used only as types; JavaScript keeps all */
    if (!p->ts || (bd->used && !bd->type_only)) p->modules[bd->module].used = true;
    else if (!p->ts) p->modules[bd->module].used = true;
  }
  for (uint32_t m = 0; m < p->nmodules; m++)
    if (!p->ts || p->modules[m].side_effect) p->modules[m].used = true;

  /* number the modules that stay: they become parameters I0, I1, ... */
  int32_t *param = malloc(sizeof *param * (p->nmodules ? p->nmodules : 1));
  if (!param) {
    free(res);
    return fail_oom(p);
  }
  int32_t nparams = 0;
  for (uint32_t m = 0; m < p->nmodules; m++) param[m] = p->modules[m].used ? nparams++ : -1;

  /* rewrite the references */
  for (uint32_t i = 0; i < p->nrefs && !p->oom; i++) {
    if (res[i] < 0) continue;
    ref *r = &p->refs[i];
    if (r->flags & REF_EXPORT) continue;
    binding *bd = &p->bindings[res[i]];
    if (bd->type_only || param[bd->module] < 0) continue;
    char *acc = access_text(pfx, param[bd->module], bd->imported);
    if (!acc) break;
    if (r->flags & REF_SHORTHAND) {
      size_t n = strlen(acc) + (r->end - r->start) + 4;
      char *t = malloc(n);
      if (t) {
        snprintf(t, n, "%.*s: %s", (int)(r->end - r->start), p->src + r->start, acc);
        acs__edit_replace(p, r->start, r->end, t);
        free(t);
      }
    } else if ((r->flags & REF_CALL) && strcmp(bd->imported, "*") != 0) {
      size_t n = strlen(acc) + 8;
      char *t = malloc(n);
      if (t) {
        snprintf(t, n, "(0, %s)", acc);
        acs__edit_replace(p, r->start, r->end, t);
        free(t);
      }
    } else {
      acs__edit_replace(p, r->start, r->end, acc);
    }
    free(acc);
  }
  if (acs__subst_edits(p, pfx, true, param)) {
    free(param);
    free(res);
    return fail_oom(p);
  }

  /* the export table */
  size_t cap = 256;
  for (uint32_t i = 0; i < p->nexports; i++)
    cap += 64 + 8 * (p->exports[i].name ? strlen(p->exports[i].name) : 0) +
           9 * (p->exports[i].local ? strlen(p->exports[i].local) : 0) + 6 * strlen(pfx);
  char *tail = malloc(cap);
  char *head = malloc(256 + (size_t)nparams * (strlen(pfx) + 16));
  if (!tail || !head) {
    free(tail);
    free(head);
    free(param);
    free(res);
    return fail_oom(p);
  }
  char *t = tail;
  /* Every named export fixed: the body ends by handing the loader their
  ** values, and a module outside every cycle never needs the table below
  ** (see acs__lang_result). An anonymous default function is named when
  ** the table runs, so it keeps to the table. */
  bool fixed = !p->default_fn_named;
  uint32_t named = 0;
  for (uint32_t i = 0; i < p->nexports; i++) {
    exp *x = &p->exports[i];
    if (!x->name) continue;
    named++;
    if (!x->fixed || x->module >= 0 || !x->local) fixed = false;
  }
  out->exports_fixed = fixed;
  t += sprintf(t, "\n;");
  if (fixed && named) {
    t += sprintf(t, "%sm.f(", pfx);
    bool first = true;
    for (uint32_t i = 0; i < p->nexports; i++) {
      exp *x = &p->exports[i];
      if (!x->name) continue;
      if (!first) *t++ = ',';
      first = false;
      for (const char *c = x->local; *c; c++) {
        if (*c == '\x01') t += sprintf(t, "%s", pfx);
        else *t++ = *c;
      }
    }
    t += sprintf(t, ");");
  }
  t += sprintf(t, "function %sx(){", pfx);
  if (p->default_fn_named)
    t += sprintf(t, "Object.defineProperty(%sd,\"name\",{value:\"default\",configurable:true});", pfx);
  t += sprintf(t, "return{__proto__:null");
  for (uint32_t i = 0; i < p->nexports; i++) {
    exp *x = &p->exports[i];
    if (!x->name) continue; /* export * is the loader's job */
    t += sprintf(t, ",");
    json_quote(out, t, x->name);
    t += strlen(t);
    t += sprintf(t, ":()=>");
    if (x->module >= 0) {
      if (param[x->module] < 0) {
        t += sprintf(t, "undefined");
        continue;
      }
      char *acc = access_text(pfx, param[x->module], x->local);
      t += sprintf(t, "%s", acc ? acc : "undefined");
      free(acc);
      continue;
    }
    /* a local, or an import binding exported again */
    const char *local = x->local;
    int32_t b = first_binding(p, nm, local, strlen(local), param);
    if (b >= 0) {
      binding *bd = &p->bindings[b];
      char *acc = access_text(pfx, param[bd->module], bd->imported);
      t += sprintf(t, "%s", acc ? acc : "undefined");
      free(acc);
      continue;
    }
    for (const char *c = local; *c; c++) {
      if (*c == '\x01') t += sprintf(t, "%s", pfx);
      else *t++ = *c;
    }
    *t = 0;
  }
  t += sprintf(t, "}}})");

  /* The loader turns this header into a plain function's, in place, for a
  ** module outside every cycle (plainForm in src/js/lib/loader.js): keep the
  ** two in step. */
  char *h = head;
  h += sprintf(h, "(%sfunction* (%sm", p->has_tla ? "async " : "", pfx);
  for (int32_t i = 0; i < nparams; i++) h += sprintf(h, ", %si%d", pfx, i);
  h += sprintf(h, ") {\"use strict\";%sm.x(%sx);yield;", pfx, pfx);

  int rc = acs__edit_apply(p, head, tail, out);
  free(head);
  free(tail);
  if (rc) {
    free(param);
    free(res);
    return fail_oom(p);
  }

  /* what the loader needs */
  out->deps = calloc((size_t)nparams + 1, sizeof *out->deps);
  if (!out->deps) {
    free(param);
    free(res);
    return fail_oom(p);
  }
  for (uint32_t m = 0; m < p->nmodules; m++) {
    if (param[m] < 0) continue;
    acs__lang_dep *d = &out->deps[param[m]];
    d->specifier = strdup(p->modules[m].specifier);
    d->type_json = p->modules[m].type_json;
  }
  out->dep_count = (size_t)nparams;
  for (uint32_t i = 0; i < p->nexports; i++) {
    exp *x = &p->exports[i];
    if (!x->name && x->module >= 0 && param[x->module] >= 0) out->deps[param[x->module]].star = true;
  }
  /* the names each dependency must provide: its imported bindings, then
  ** its re-exported names, in source order (counted, then filled, in one
  ** pass each: a module may import hundreds) */
  {
    size_t *cap = calloc(p->nmodules + 1, sizeof *cap);
    if (!cap) {
      free(param);
      free(res);
      return fail_oom(p);
    }
    for (int pass = 0; pass < 2; pass++) {
      for (uint32_t b = 0; b < p->nbindings; b++) {
        binding *bd = &p->bindings[b];
        if (bd->module < 0 || param[bd->module] < 0 || !strcmp(bd->imported, "*") || bd->type_only ||
            (p->ts && !bd->used))
          continue;
        acs__lang_dep *d = &out->deps[param[bd->module]];
        if (pass == 0) cap[bd->module]++;
        else if (d->names) d->names[d->name_count++] = strdup(bd->imported);
      }
      for (uint32_t i = 0; i < p->nexports; i++) {
        exp *x = &p->exports[i];
        if (x->module < 0 || param[x->module] < 0 || !x->name || !strcmp(x->local, "*")) continue;
        acs__lang_dep *d = &out->deps[param[x->module]];
        if (pass == 0) cap[x->module]++;
        else if (d->names) d->names[d->name_count++] = strdup(x->local);
      }
      for (uint32_t m = 0; pass == 0 && m < p->nmodules; m++)
        if (param[m] >= 0 && cap[m]) out->deps[param[m]].names = calloc(cap[m], sizeof(char *));
    }
    free(cap);
  }
  size_t ne = 0;
  out->export_names = calloc(p->nexports + 1, sizeof *out->export_names);
  for (uint32_t i = 0; out->export_names && i < p->nexports; i++)
    if (p->exports[i].name) out->export_names[ne++] = strdup(p->exports[i].name);
  out->export_count = ne;

  /* TypeScript: drop the scan entries of imports that were elided */
  if (p->ts) {
    size_t k = 0;
    for (uint32_t i = 0; i < p->nimports; i++) {
      acs__import *im = &p->imports[i];
      bool keep = true;
      if (im->kind == ACS__IMP_STATIC && im->specifier) {
        keep = false;
        uint64_t h = acs__fnv1a(im->specifier);
        for (uint32_t m = 0; m < p->nmodules && !keep; m++)
          if (param[m] >= 0 && p->modules[m].hash == h && !strcmp(p->modules[m].specifier, im->specifier))
            keep = true;
      }
      if (keep) p->imports[k++] = *im;
      else free(im->specifier);
    }
    p->nimports = (uint32_t)k;
  }
  free(param);
  free(res);
  return 0;
}
