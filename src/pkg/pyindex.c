/* pyindex.c - a project page of a Python package index (pyindex.h). */
#include "pyindex.h"
#include "pyreq.h"
#include "wheel.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef acs__pyfile pfile;
typedef acs__pyproject project;

static void html_unescape(char *s)
{
  char *w = s;
  for (char *r = s; *r;) {
    static const struct { const char *e; char c; } ents[] = {{"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''}, {"&#x27;", '\''}};
    bool done = false;
    for (size_t i = 0; i < sizeof ents / sizeof *ents && !done; i++)
      if (!strncmp(r, ents[i].e, strlen(ents[i].e))) {
        *w++ = ents[i].c;
        r += strlen(ents[i].e);
        done = true;
      }
    if (!done) *w++ = *r++;
  }
  *w = 0;
}

/* href (absolute, rooted or relative) against the page's URL. */
static char *resolve_url(const char *page, const char *href)
{
  char *out = NULL;
  if (!strncmp(href, "http://", 7) || !strncmp(href, "https://", 8)) return strdup(href);
  const char *hs = strstr(page, "://");
  const char *path = hs ? strchr(hs + 3, '/') : NULL;
  size_t origin = path ? (size_t)(path - page) : strlen(page);
  if (href[0] == '/') {
    if (asprintf(&out, "%.*s%s", (int)origin, page, href) < 0) return NULL;
    return out;
  }
  /* the page's folder, then each ../ of href climbs one */
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", path ? path : "/");
  char *q = strchr(dir, '?');
  if (q) *q = 0;
  char *slash = strrchr(dir, '/');
  if (slash) slash[1] = 0;
  while (!strncmp(href, "../", 3) || !strncmp(href, "./", 2)) {
    if (href[1] == '/') {
      href += 2;
      continue;
    }
    href += 3;
    size_t l = strlen(dir);
    if (l > 1) {
      dir[l - 1] = 0;
      char *s = strrchr(dir, '/');
      if (s) s[1] = 0;
    }
  }
  if (asprintf(&out, "%.*s%s%s", (int)origin, page, dir, href) < 0) return NULL;
  return out;
}

/* Name and version of a distribution file, its kind for the box. */
static void classify(pfile *f, const char *key)
{
  const char *fn = f->filename;
  size_t l = strlen(fn);
  char base[512], name[256] = "";
  f->kind = 3;
  if (l > 4 && !strcmp(fn + l - 4, ".whl")) {
    snprintf(base, sizeof base, "%s", fn);
    char *d1 = strchr(base, '-');
    char *d2 = d1 ? strchr(d1 + 1, '-') : NULL;
    if (!d1 || !d2) return;
    snprintf(name, sizeof name, "%.*s", (int)(d1 - base), base);
    snprintf(f->version, sizeof f->version, "%.*s", (int)(d2 - d1 - 1), d1 + 1);
    f->kind = acs__wheel_tags_fit(fn) ? 0 : 1;
  } else {
    static const char *const exts[] = {".tar.gz", ".zip", ".tar.bz2", ".tar.xz", ".tgz", ".tar"};
    size_t el = 0;
    for (size_t i = 0; i < sizeof exts / sizeof *exts && !el; i++)
      if (l > strlen(exts[i]) && !strcmp(fn + l - strlen(exts[i]), exts[i])) el = strlen(exts[i]);
    if (!el) return;
    snprintf(base, sizeof base, "%.*s", (int)(l - el), fn);
    char *d = strrchr(base, '-');
    if (!d) return;
    snprintf(name, sizeof name, "%.*s", (int)(d - base), base);
    snprintf(f->version, sizeof f->version, "%s", d + 1);
    f->kind = 2;
  }
  char nk[256];
  acs__pyname_norm(name, strlen(name), nk, sizeof nk);
  if (strcmp(nk, key) || !acs__pyver_parse(f->version, &f->v)) f->kind = 3;
}

static void add_file(project *p, const char *filename, const char *url, const char *sha, const char *rp, bool yanked,
                     const char *why)
{
  /* a file name lands in the box (pip download): one plain name */
  if (!*filename || strchr(filename, '/') || strchr(filename, '\\') || !strcmp(filename, ".") || !strcmp(filename, ".."))
    return;
  for (const char *q = filename; *q; q++)
    if ((unsigned char)*q < 0x20) return;
  pfile *nf = realloc(p->files, (p->n + 1) * sizeof *nf);
  if (!nf) return;
  p->files = nf;
  pfile *f = &p->files[p->n];
  memset(f, 0, sizeof *f);
  f->filename = strdup(filename);
  f->url = strdup(url);
  /* the digest names files in the store: 64 hex digits or none */
  bool hex = sha && strlen(sha) == 64 && strspn(sha, "0123456789abcdefABCDEF") == 64;
  f->sha256 = hex ? strdup(sha) : NULL;
  for (char *h = f->sha256; h && *h; h++) *h = (char)tolower((unsigned char)*h);
  f->requires_python = rp && *rp ? strdup(rp) : NULL;
  f->yanked = yanked;
  f->yank_reason = why && *why ? strdup(why) : NULL;
  if (!f->filename || !f->url) return;
  classify(f, p->key);
  p->n++;
}

static void parse_json_page(project *p, const char *page, json_t *doc)
{
  size_t i;
  json_t *f;
  json_array_foreach(json_object_get(doc, "files"), i, f) {
    const char *fn = json_string_value(json_object_get(f, "filename"));
    const char *u = json_string_value(json_object_get(f, "url"));
    if (!fn || !u || strchr(fn, '/')) continue;
    char *url = resolve_url(page, u);
    char *hash = strchr(url ? url : "", '#');
    if (hash) *hash = 0;
    json_t *y = json_object_get(f, "yanked");
    add_file(p, fn, url ? url : "", json_string_value(json_object_get(json_object_get(f, "hashes"), "sha256")),
             json_string_value(json_object_get(f, "requires-python")), json_is_true(y) || json_is_string(y),
             json_string_value(y));
    free(url);
  }
}

static char *attr(const char *tag, size_t len, const char *name, bool *present)
{
  *present = false;
  size_t nl = strlen(name);
  for (size_t i = 0; i + nl < len; i++) {
    if (strncasecmp(tag + i, name, nl) || (i && !isspace((unsigned char)tag[i - 1]))) continue;
    size_t k = i + nl;
    while (k < len && isspace((unsigned char)tag[k])) k++;
    if (k >= len || tag[k] != '=') {
      if (k >= len || tag[k] == '>' || isspace((unsigned char)tag[k]) || tag[k] == '/') {
        *present = true;
        return strdup("");
      }
      continue;
    }
    k++;
    while (k < len && isspace((unsigned char)tag[k])) k++;
    char q = k < len ? tag[k] : 0;
    size_t s = k, e;
    if (q == '"' || q == '\'') {
      s = k + 1;
      for (e = s; e < len && tag[e] != q; e++) {}
    } else {
      for (e = s; e < len && !isspace((unsigned char)tag[e]) && tag[e] != '>'; e++) {}
    }
    char *v = strndup(tag + s, e - s);
    if (v) html_unescape(v);
    *present = true;
    return v;
  }
  return NULL;
}

static void parse_html_page(project *p, const char *page, const char *body, size_t len)
{
  for (const char *a = body; (a = strcasestr(a, "<a")) && (size_t)(a - body) < len;) {
    if (!isspace((unsigned char)a[2])) {
      a += 2;
      continue;
    }
    const char *gt = strchr(a, '>');
    if (!gt) break;
    const char *end = strcasestr(gt, "</a>");
    if (!end) break;
    bool has;
    char *href = attr(a + 2, (size_t)(gt - a - 2), "href", &has);
    char *rp = attr(a + 2, (size_t)(gt - a - 2), "data-requires-python", &has);
    bool yanked = false;
    char *why = attr(a + 2, (size_t)(gt - a - 2), "data-yanked", &yanked);
    char *text = strndup(gt + 1, (size_t)(end - gt - 1));
    if (href && text) {
      html_unescape(text);
      char *t = text;
      while (isspace((unsigned char)*t)) t++;
      size_t tl = strlen(t);
      while (tl && isspace((unsigned char)t[tl - 1])) t[--tl] = 0;
      char *url = resolve_url(page, href);
      char *frag = url ? strchr(url, '#') : NULL;
      const char *sha = NULL;
      if (frag) {
        *frag = 0;
        if (!strncmp(frag + 1, "sha256=", 7)) sha = frag + 8;
      }
      /* the file name is the URL's last part, as pip takes it */
      const char *slash = url ? strrchr(url, '/') : NULL;
      const char *fn = slash ? slash + 1 : t;
      if (url && *fn) add_file(p, fn, url, sha, rp, yanked, why);
      free(url);
    }
    free(href);
    free(rp);
    free(why);
    free(text);
    a = end + 4;
  }
}

void acs__pyindex_parse(project *p, const char *url, const char *body, size_t blen)
{
  size_t k = 0;
  while (k < blen && isspace((unsigned char)body[k])) k++;
  json_t *doc = k < blen && body[k] == '{' ? json_loadb(body, blen, 0, NULL) : NULL;
  if (doc) parse_json_page(p, url, doc);
  else parse_html_page(p, url, body, blen);
  json_decref(doc);
}

void acs__pyindex_free(project *p)
{
  for (size_t k = 0; k < p->n; k++) {
    pfile *f = &p->files[k];
    free(f->filename);
    free(f->url);
    free(f->sha256);
    free(f->requires_python);
    free(f->yank_reason);
  }
  free(p->files);
  p->files = NULL;
  p->n = 0;
}
