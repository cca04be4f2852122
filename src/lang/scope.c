/* scope.c - scopes, declarations and references, and which references
** name an import binding that nothing in between shadows. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

int32_t acs__scope_push(P *p, int kind)
{
  scope s = {.parent = p->cur_scope, .kind = (uint8_t)kind};
  PUSH(p, scopes, nscopes, capscopes, s);
  if (!p->oom) p->cur_scope = (int32_t)p->nscopes - 1;
  return p->cur_scope;
}

void acs__scope_pop(P *p)
{
  if (p->cur_scope > 0) p->cur_scope = p->scopes[p->cur_scope].parent;
}

int32_t acs__function_scope(P *p)
{
  int32_t s = p->cur_scope;
  while (s > 0 && p->scopes[s].kind != SC_FUNCTION) s = p->scopes[s].parent;
  return s;
}

void acs__declare(P *p, uint32_t start, uint32_t end, int32_t scope)
{
  decl d = {.start = start, .end = end, .scope = scope};
  PUSH(p, decls, ndecls, capdecls, d);
}

void acs__declare_var(P *p, uint32_t start, uint32_t end)
{
  acs__declare(p, start, end, acs__function_scope(p));
}

void acs__reference(P *p, uint32_t start, uint32_t end, uint8_t flags)
{
  ref r = {.start = start, .end = end, .scope = p->cur_scope, .flags = flags};
  PUSH(p, refs, nrefs, caprefs, r);
}

int32_t *acs__resolve_refs(P *p)
{
  int32_t *out = malloc(sizeof *out * (p->nrefs ? p->nrefs : 1));
  if (!out) {
    p->oom = true;
    return NULL;
  }
  for (uint32_t i = 0; i < p->nrefs; i++) out[i] = -1;
  if (p->nbindings == 0) return out;

  /* A small open-addressing table of the binding names. */
  uint32_t cap = 16;
  while (cap < p->nbindings * 4) cap *= 2;
  int32_t *table = malloc(sizeof *table * cap);
  if (!table) {
    free(out);
    p->oom = true;
    return NULL;
  }
  for (uint32_t i = 0; i < cap; i++) table[i] = -1;
  for (uint32_t b = 0; b < p->nbindings; b++) {
    binding *bd = &p->bindings[b];
    uint32_t h = acs__name_hash(p, bd->local_start, bd->local_end) & (cap - 1);
    while (table[h] >= 0) h = (h + 1) & (cap - 1);
    table[h] = (int32_t)b;
  }

  /* Declarations of those names in inner scopes shadow the import. */
  uint8_t *shadow_scope = calloc(p->nscopes ? p->nscopes : 1, 1);
  int32_t *shadow_name = NULL;
  uint32_t nshadow = 0, capshadow = 0;
  typedef struct { int32_t scope, binding; } sh;
  sh *shadows = NULL;
  for (uint32_t i = 0; i < p->ndecls; i++) {
    decl *d = &p->decls[i];
    if (d->scope == 0) continue;
    uint32_t h = acs__name_hash(p, d->start, d->end) & (cap - 1);
    while (table[h] >= 0) {
      binding *bd = &p->bindings[table[h]];
      if (acs__name_eq(p, bd->local_start, bd->local_end, d->start, d->end)) {
        if (nshadow == capshadow) {
          capshadow = capshadow ? capshadow * 2 : 16;
          sh *n2 = realloc(shadows, sizeof *shadows * capshadow);
          if (!n2) break;
          shadows = n2;
        }
        shadows[nshadow++] = (sh){d->scope, table[h]};
        if (shadow_scope) shadow_scope[d->scope] = 1;
        break;
      }
      h = (h + 1) & (cap - 1);
    }
  }
  (void)shadow_name;

  for (uint32_t i = 0; i < p->nrefs; i++) {
    ref *r = &p->refs[i];
    if (r->flags & REF_NS) continue;
    uint32_t h = acs__name_hash(p, r->start, r->end) & (cap - 1);
    int32_t found = -1;
    while (table[h] >= 0) {
      binding *bd = &p->bindings[table[h]];
      if (acs__name_eq(p, bd->local_start, bd->local_end, r->start, r->end)) {
        found = table[h];
        break;
      }
      h = (h + 1) & (cap - 1);
    }
    if (found < 0) continue;
    /* walk out from the reference's scope looking for a shadowing decl */
    bool shadowed = false;
    for (int32_t s = r->scope; s > 0 && !shadowed; s = p->scopes[s].parent) {
      if (!shadow_scope || !shadow_scope[s]) continue;
      for (uint32_t k = 0; k < nshadow; k++)
        if (shadows[k].scope == s && shadows[k].binding == found) {
          shadowed = true;
          break;
        }
    }
    if (shadowed) continue;
    out[i] = found;
    p->bindings[found].used = true;
  }
  free(shadows);
  free(shadow_scope);
  free(table);
  return out;
}
