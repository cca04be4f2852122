/* curl.c - transfer a URL.
**
** Usage: curl [options...] <url>...
**  -d, --data <data>           HTTP POST data (@FILE, @- stdin; repeated: joined by &)
**      --data-ascii <data>     the same
**      --data-binary <data>    HTTP POST data, @FILE kept byte for byte
**      --data-raw <data>       HTTP POST data, '@' not special
**      --data-urlencode <data> HTTP POST data, URL-encoded ([name]=content, [name]@file)
**  -G, --get                   put the data in the URL's query, as a GET
**      --json <data>           HTTP POST JSON (sets Content-Type and Accept)
**  -X, --request <method>      the request's method
**  -H, --header <header>       an extra header ("Name: value"; "Name:" removes one)
**  -A, --user-agent <name>     User-Agent (default curl/7.88.1)
**  -e, --referer <URL>         Referer
**  -b, --cookie <data>         send cookies ("name=value; ...")
**  -u, --user <user:password>  basic authentication
**  -I, --head                  show the document's head only (a HEAD request)
**  -i, --include               include the response's head in the output
**  -L, --location              follow redirects
**      --max-redirs <num>      redirects followed at most (default 50)
**  -o, --output <file>         write to file instead of stdout (one per URL)
**  -O, --remote-name           write to a file named as the URL's last segment
**      --output-dir <dir>      the directory -o and -O write in
**      --create-dirs           make the directories -o names
**  -f, --fail                  fail (exit 22) on an HTTP error, with no body
**      --fail-with-body        fail on an HTTP error, after the body
**  -s, --silent                no error messages
**  -S, --show-error            error messages even with -s
**  -v, --verbose               the request and response heads on stderr
**  -w, --write-out <format>    print after the transfer: %{http_code},
**                              %{response_code}, %{url_effective}, %{size_download},
**                              %{content_type}, %{time_total}, %{redirect_url},
**                              %{num_redirects}, %{method}, %{exitcode}, %{errormsg},
**                              \n, \t, \r, %%
**  -m, --max-time <seconds>    the whole transfer's time limit
**      --connect-timeout <s>   accepted (the box's kernel gives a connection 30 s)
**      --compressed            ask for a compressed response and undo it
**  -k, --insecure              accepted; certificates are still checked
**      --retry <num>           accepted, no retries
**  -#, --progress-bar          accepted; no progress is shown
**  -h, --help                  this help
**  -V, --version               the version
**
** The box's curl: every connection is made by the box's kernel, which
** allows only what the box's network allows (acs box --network,
** --allow-domain); a refusal says what is allowed. No progress meter is
** drawn; no proxies, FTP, cookie jars or client certificates. The box's
** own servers (localhost, 127.0.0.1, the box's name) are reached over
** plain HTTP.
*/

/* curl 7.88's command line (Debian 12) over src/net's client, with its
** exit codes (6 no such host, 7 no connection, 22 -f, 28 time, 47
** redirects, 60 certificates, 2 usage) and its words for each. */
#include "cmd.h"
#include "lib_http.h"
#include "../base/base.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define CURL_VERSION "7.88.1"
#define MAX_HEADERS 128
#define MAX_URLS 64

typedef struct opts {
  const char *method, *agent, *referer, *cookie, *user, *write_out, *output_dir;
  const char *headers[MAX_HEADERS];
  size_t nheaders;
  char *data;        /* the -d parts joined */
  size_t data_len;
  bool has_data, get, head, include, follow, fail, fail_body, silent, show_error, verbose,
      compressed, json, create_dirs;
  long max_redirs;
  double max_time;
  const char *urls[MAX_URLS];
  const char *outputs[MAX_URLS]; /* -o per URL, in order; "" for -O */
  size_t nurls, nouts;
} opts;

typedef struct xfer {
  acs_cmd *c;
  opts *o;
  int out_fd;        /* box fd, or -1 for stdout */
  bool write_error;
  bool http_failed;  /* -f and a status >= 400 */
  int status;
  char ctype[256];
  char location[2048];
  const char *url;
} xfer;

static int curl_fail(acs_cmd *c, const opts *o, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int curl_fail(acs_cmd *c, const opts *o, int code, const char *fmt, ...)
{
  if (!o->silent || o->show_error) {
    bool flush = !(code == 22 && o->fail_body); /* curl's body is still in its stdout buffer then */
    char msg[1500];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (flush) cmd_flush(c);
    char line[1600];
    int n = snprintf(line, sizeof line, "curl: (%d) %s\n", code, msg);
    acs_sys_write_all(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  }
  return code;
}

static int usage_fail(acs_cmd *c, const char *fmt, const char *arg)
{
  cmd_flush(c);
  char line[600];
  int n = snprintf(line, sizeof line, "curl: ");
  n += snprintf(line + n, sizeof line - (size_t)n, fmt, arg);
  n += snprintf(line + n, sizeof line - (size_t)n,
                "\ncurl: try 'curl --help' or 'curl --manual' for more information\n");
  acs_sys_write_all(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  return 2;
}

/* ------------------------------------------------------------- data */

static bool add_data(opts *o, const char *s, size_t n)
{
  char *d = realloc(o->data, o->data_len + n + 2);
  if (!d) return false;
  o->data = d;
  if (o->has_data) o->data[o->data_len++] = '&';
  memcpy(o->data + o->data_len, s, n);
  o->data_len += n;
  o->data[o->data_len] = 0;
  o->has_data = true;
  return true;
}

/* The text of @FILE (or @- for stdin): malloc'd, *len set; NULL on error. */
static char *read_at(acs_cmd *c, const char *name, size_t *len)
{
  int fd = strcmp(name, "-") ? acs_sys_open(name, O_RDONLY, 0) : 0;
  if (fd < 0) {
    cmd_flush(c);
    char line[600];
    int n = snprintf(line, sizeof line, "Warning: Couldn't read data from file \"%s\", this makes an empty POST.\n", name);
    acs_sys_write_all(2, line, (size_t)n);
    *len = 0;
    return strdup("");
  }
  size_t cap = 65536, n = 0;
  char *b = malloc(cap);
  for (;;) {
    if (!b) break;
    if (n + 65536 > cap) {
      char *nb = realloc(b, cap *= 2);
      if (!nb) {
        free(b);
        b = NULL;
        break;
      }
      b = nb;
    }
    ssize_t k = acs_sys_read(fd, b + n, 65536);
    if (k <= 0) break;
    n += (size_t)k;
  }
  if (fd > 0) acs_sys_close(fd);
  *len = n;
  return b;
}

static void urlencode(const char *s, size_t n, char *out)
{
  static const char hex[] = "0123456789ABCDEF";
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
        ch == '-' || ch == '.' || ch == '_' || ch == '~') {
      out[k++] = (char)ch;
    } else {
      out[k++] = '%';
      out[k++] = hex[ch >> 4];
      out[k++] = hex[ch & 15];
    }
  }
  out[k] = 0;
}

static bool data_option(acs_cmd *c, opts *o, const char *name, const char *v)
{
  size_t len = strlen(v);
  if (!strcmp(name, "raw") || v[0] != '@' || !strcmp(name, "urlencode")) {
    if (strcmp(name, "urlencode")) return add_data(o, v, len);
    /* [name]=content, =content, content, [name]@file */
    const char *eq = strchr(v, '='), *at = strchr(v, '@');
    const char *sep = eq && (!at || eq < at) ? eq : at;
    size_t nl = sep ? (size_t)(sep - v) : 0;
    char *content;
    size_t cl;
    if (sep && *sep == '@') content = read_at(c, sep + 1, &cl);
    else {
      content = strdup(sep ? sep + 1 : v);
      cl = content ? strlen(content) : 0;
    }
    if (!content) return false;
    char *enc = malloc(nl + 1 + cl * 3 + 1);
    if (!enc) {
      free(content);
      return false;
    }
    memcpy(enc, v, nl);
    size_t k = nl;
    if (nl) enc[k++] = '=';
    urlencode(content, cl, enc + k);
    bool ok = add_data(o, enc, strlen(enc));
    free(enc);
    free(content);
    return ok;
  }
  size_t n;
  char *b = read_at(c, v + 1, &n);
  if (!b) return false;
  if (strcmp(name, "binary")) { /* -d @file drops CRs and newlines, as curl */
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
      if (b[i] != '\r' && b[i] != '\n') b[k++] = b[i];
    n = k;
  }
  bool ok = add_data(o, b, n);
  free(b);
  return ok;
}

/* ---------------------------------------------------------- options */

enum { T_FLAG, T_VALUE };
typedef struct optdef {
  char s;
  const char *l;
  int type;
  int id;
} optdef;

enum {
  O_DATA, O_DATA_ASCII, O_DATA_BINARY, O_DATA_RAW, O_DATA_URLENC, O_GET, O_JSON, O_REQUEST,
  O_HEADER, O_AGENT, O_REFERER, O_COOKIE, O_USER, O_HEAD, O_INCLUDE, O_LOCATION, O_MAXREDIRS,
  O_OUTPUT, O_REMOTE, O_OUTDIR, O_CREATEDIRS, O_FAIL, O_FAILBODY, O_SILENT, O_SHOWERR, O_VERBOSE,
  O_WRITEOUT, O_MAXTIME, O_CONNTIMEOUT, O_COMPRESSED, O_INSECURE, O_RETRY, O_PROGRESS, O_HELP,
  O_VERSION, O_URL,
};

static const optdef defs[] = {
    {'d', "data", T_VALUE, O_DATA},          {0, "data-ascii", T_VALUE, O_DATA_ASCII},
    {0, "data-binary", T_VALUE, O_DATA_BINARY}, {0, "data-raw", T_VALUE, O_DATA_RAW},
    {0, "data-urlencode", T_VALUE, O_DATA_URLENC}, {'G', "get", T_FLAG, O_GET},
    {0, "json", T_VALUE, O_JSON},            {'X', "request", T_VALUE, O_REQUEST},
    {'H', "header", T_VALUE, O_HEADER},      {'A', "user-agent", T_VALUE, O_AGENT},
    {'e', "referer", T_VALUE, O_REFERER},    {'b', "cookie", T_VALUE, O_COOKIE},
    {'u', "user", T_VALUE, O_USER},          {'I', "head", T_FLAG, O_HEAD},
    {'i', "include", T_FLAG, O_INCLUDE},     {'L', "location", T_FLAG, O_LOCATION},
    {0, "max-redirs", T_VALUE, O_MAXREDIRS}, {'o', "output", T_VALUE, O_OUTPUT},
    {'O', "remote-name", T_FLAG, O_REMOTE},  {0, "output-dir", T_VALUE, O_OUTDIR},
    {0, "create-dirs", T_FLAG, O_CREATEDIRS}, {'f', "fail", T_FLAG, O_FAIL},
    {0, "fail-with-body", T_FLAG, O_FAILBODY}, {'s', "silent", T_FLAG, O_SILENT},
    {'S', "show-error", T_FLAG, O_SHOWERR},  {'v', "verbose", T_FLAG, O_VERBOSE},
    {'w', "write-out", T_VALUE, O_WRITEOUT}, {'m', "max-time", T_VALUE, O_MAXTIME},
    {0, "connect-timeout", T_VALUE, O_CONNTIMEOUT}, {0, "compressed", T_FLAG, O_COMPRESSED},
    {'k', "insecure", T_FLAG, O_INSECURE},   {0, "retry", T_VALUE, O_RETRY},
    {'#', "progress-bar", T_FLAG, O_PROGRESS}, {'h', "help", T_FLAG, O_HELP},
    {'V', "version", T_FLAG, O_VERSION},     {0, "url", T_VALUE, O_URL},
};

/* 0 to go on, else the exit status (help/version: 0 with *stop). */
static int apply(acs_cmd *c, opts *o, int id, const char *v, const char *shown, bool on, bool *stop)
{
  char *end;
  switch (id) {
  case O_DATA: case O_DATA_ASCII: return data_option(c, o, "", v) ? 0 : 27;
  case O_DATA_BINARY: return data_option(c, o, "binary", v) ? 0 : 27;
  case O_DATA_RAW: return data_option(c, o, "raw", v) ? 0 : 27;
  case O_DATA_URLENC: return data_option(c, o, "urlencode", v) ? 0 : 27;
  case O_JSON:
    o->json = true;
    return data_option(c, o, "binary", v) ? 0 : 27;
  case O_GET: o->get = on; return 0;
  case O_REQUEST: o->method = v; return 0;
  case O_HEADER:
    if (o->nheaders >= MAX_HEADERS) return usage_fail(c, "too many headers (%s)", v);
    o->headers[o->nheaders++] = v;
    return 0;
  case O_AGENT: o->agent = v; return 0;
  case O_REFERER: o->referer = v; return 0;
  case O_COOKIE: o->cookie = v; return 0;
  case O_USER: o->user = v; return 0;
  case O_HEAD: o->head = on; return 0;
  case O_INCLUDE: o->include = on; return 0;
  case O_LOCATION: o->follow = on; return 0;
  case O_MAXREDIRS:
    o->max_redirs = strtol(v, &end, 10);
    if (*end || end == v) return usage_fail(c, "option --max-redirs: expected a proper numerical parameter%s", "");
    return 0;
  case O_OUTPUT:
  case O_REMOTE:
    if (o->nouts >= MAX_URLS) return usage_fail(c, "too many outputs (%s)", shown);
    o->outputs[o->nouts++] = id == O_OUTPUT ? v : "";
    return 0;
  case O_OUTDIR: o->output_dir = v; return 0;
  case O_CREATEDIRS: o->create_dirs = on; return 0;
  case O_FAIL: o->fail = on; return 0;
  case O_FAILBODY: o->fail_body = on; return 0;
  case O_SILENT: o->silent = on; return 0;
  case O_SHOWERR: o->show_error = on; return 0;
  case O_VERBOSE: o->verbose = on; return 0;
  case O_WRITEOUT: o->write_out = v; return 0;
  case O_MAXTIME:
    o->max_time = strtod(v, &end);
    if (*end || end == v || o->max_time < 0)
      return usage_fail(c, "option -m: expected a proper numerical parameter%s", "");
    return 0;
  case O_COMPRESSED: o->compressed = on; return 0;
  case O_CONNTIMEOUT: case O_INSECURE: case O_RETRY: case O_PROGRESS: return 0;
  case O_HELP:
    cmd_puts(c, c->help);
    *stop = true;
    return 0;
  case O_VERSION:
    cmd_puts(c, "curl " CURL_VERSION " (x86_64-pc-linux-gnu) agent-code-sandbox's box\n"
                "Protocols: http https\n"
                "Features: HTTP2 HTTPS-proxy IPv6 Largefile libz brotli zstd SSL\n");
    *stop = true;
    return 0;
  case O_URL:
    if (o->nurls >= MAX_URLS) return usage_fail(c, "too many URLs (%s)", v);
    o->urls[o->nurls++] = v;
    return 0;
  }
  return 0;
}

static int parse(acs_cmd *c, opts *o, int argc, char **argv, bool *stop)
{
  bool only_urls = false;
  for (int i = 1; i < argc && !*stop; i++) {
    const char *a = argv[i];
    if (only_urls || a[0] != '-' || !a[1]) {
      int r = apply(c, o, O_URL, a, a, true, stop);
      if (r) return r;
      continue;
    }
    if (!strcmp(a, "--")) {
      only_urls = true;
      continue;
    }
    if (a[1] == '-') {
      const char *name = a + 2;
      bool on = true;
      const optdef *d = NULL;
      for (size_t k = 0; k < sizeof defs / sizeof *defs && !d; k++)
        if (!strcmp(defs[k].l, name)) d = &defs[k];
      if (!d && !strncmp(name, "no-", 3))
        for (size_t k = 0; k < sizeof defs / sizeof *defs && !d; k++)
          if (defs[k].type == T_FLAG && !strcmp(defs[k].l, name + 3)) {
            d = &defs[k];
            on = false;
          }
      if (!d) return usage_fail(c, "option %s: is unknown", a);
      const char *v = NULL;
      if (d->type == T_VALUE) {
        if (i + 1 >= argc) return usage_fail(c, "option %s: requires parameter", a);
        v = argv[++i];
      }
      int r = apply(c, o, d->id, v, a, on, stop);
      if (r) return r;
      continue;
    }
    for (const char *p = a + 1; *p && !*stop; p++) {
      const optdef *d = NULL;
      for (size_t k = 0; k < sizeof defs / sizeof *defs && !d; k++)
        if (defs[k].s == *p) d = &defs[k];
      if (!d) {
        char shown[3] = {'-', *p, 0};
        return usage_fail(c, "option %s: is unknown", shown);
      }
      const char *v = NULL;
      if (d->type == T_VALUE) {
        if (p[1]) v = p + 1;
        else if (i + 1 < argc) v = argv[++i];
        else {
          char shown[3] = {'-', *p, 0};
          return usage_fail(c, "option %s: requires parameter", shown);
        }
      }
      char shown[3] = {'-', *p, 0};
      int r = apply(c, o, d->id, v, shown, true, stop);
      if (r) return r;
      if (v) break;
    }
  }
  return 0;
}

/* ---------------------------------------------------------- transfer */

static bool sink(xfer *x, const char *bytes, size_t len)
{
  if (x->out_fd >= 0) {
    if (acs_sys_write_all(x->out_fd, bytes, len) < 0) {
      x->write_error = true;
      return false;
    }
    return true;
  }
  cmd_out(x->c, bytes, len);
  if (cmd_out_error(x->c)) {
    x->write_error = true;
    return false;
  }
  return true;
}

static bool on_head(void *user, const lh_head *h)
{
  xfer *x = user;
  x->status = h->status;
  const char *ct = lh_header(h, "content-type");
  snprintf(x->ctype, sizeof x->ctype, "%s", ct ? ct : "");
  const char *loc = lh_header(h, "location");
  x->location[0] = 0;
  if (loc && h->status >= 300 && h->status < 400) lh_resolve(x->url, loc, x->location, sizeof x->location);
  if (x->o->verbose) {
    /* "< " before each line of the head, as curl -v */
    const char *p = h->raw, *e = h->raw + h->raw_len;
    while (p < e) {
      const char *nl = memchr(p, '\n', (size_t)(e - p));
      size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(e - p);
      acs_sys_write_all(2, "< ", 2);
      acs_sys_write_all(2, p, n);
      p += n;
    }
  }
  bool redirect = x->o->follow && x->location[0];
  if (x->o->fail && !x->o->fail_body && h->status >= 400) {
    x->http_failed = true;
    return false;
  }
  if (x->o->fail_body && h->status >= 400) x->http_failed = true;
  if ((x->o->include || x->o->head) && !(redirect && !x->o->include && !x->o->head))
    if (!sink(x, h->raw, h->raw_len)) return false;
  return true;
}

static bool on_data(void *user, const char *bytes, size_t len)
{
  xfer *x = user;
  if (x->o->follow && x->location[0]) return true; /* a redirect's body is not shown */
  return sink(x, bytes, len);
}


/* A name for -O: the URL path's last segment. */
static const char *remote_name(const char *url, char *buf, size_t size)
{
  const char *p = strstr(url, "://");
  p = p ? strchr(p + 3, '/') : NULL;
  if (!p) return NULL;
  const char *q = strpbrk(p, "?#");
  size_t len = q ? (size_t)(q - p) : strlen(p);
  const char *last = p;
  for (size_t i = 0; i < len; i++)
    if (p[i] == '/') last = p + i + 1;
  size_t n = (size_t)(p + len - last);
  if (!n) return NULL;
  snprintf(buf, size, "%.*s", (int)n, last);
  return buf;
}

static void write_out(acs_cmd *c, const opts *o, const xfer *x, const lh_result *res, int code,
                      int redirects, const char *method)
{
  for (const char *p = o->write_out; *p; p++) {
    if (*p == '\\' && p[1]) {
      p++;
      cmd_putc(c, *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == 'r' ? '\r' : *p);
      continue;
    }
    if (*p == '%' && p[1] == '%') {
      cmd_putc(c, '%');
      p++;
      continue;
    }
    if (*p == '%' && p[1] == '{') {
      const char *e = strchr(p, '}');
      if (!e) {
        cmd_puts(c, p);
        return;
      }
      char v[64];
      snprintf(v, sizeof v, "%.*s", (int)(e - p - 2), p + 2);
      if (!strcmp(v, "http_code") || !strcmp(v, "response_code")) cmd_printf(c, "%03d", x->status);
      else if (!strcmp(v, "url_effective") || !strcmp(v, "url")) cmd_puts(c, x->url);
      else if (!strcmp(v, "size_download")) cmd_printf(c, "%llu", (unsigned long long)res->received);
      else if (!strcmp(v, "content_type")) cmd_puts(c, x->ctype);
      else if (!strcmp(v, "time_total")) cmd_printf(c, "%.6f", res->ms / 1000.0);
      else if (!strcmp(v, "redirect_url")) cmd_puts(c, o->follow ? "" : x->location);
      else if (!strcmp(v, "num_redirects")) cmd_printf(c, "%d", redirects);
      else if (!strcmp(v, "method")) cmd_puts(c, method);
      else if (!strcmp(v, "exitcode")) cmd_printf(c, "%d", code);
      else if (!strcmp(v, "errormsg")) cmd_puts(c, res->ok ? "" : res->message);
      else {
        cmd_flush(c);
        char line[200];
        int n = snprintf(line, sizeof line, "curl: unknown --write-out variable: '%s'\n", v);
        acs_sys_write_all(2, line, (size_t)n);
      }
      p = e;
      continue;
    }
    cmd_putc(c, *p);
  }
}

/* host and port of a URL, for messages */
static void host_port(const char *url, char *host, size_t hs, int *port)
{
  const char *p = strstr(url, "://");
  bool https = !strncasecmp(url, "https:", 6);
  p = p ? p + 3 : url;
  const char *e = p + strcspn(p, "/?#");
  const char *at = memchr(p, '@', (size_t)(e - p));
  if (at) p = at + 1;
  const char *colon = *p == '[' ? strchr(p, ']') : p;
  colon = colon ? memchr(colon, ':', (size_t)(e - colon)) : NULL;
  size_t n = (size_t)((colon ? colon : e) - p);
  snprintf(host, hs, "%.*s", (int)n, p);
  *port = colon ? atoi(colon + 1) : https ? 443 : 80;
}

static int error_code(const lh_result *r)
{
  const char *k = r->code ? r->code : "EIO";
  if (!strcmp(k, "ENOTFOUND")) return 6;
  if (!strcmp(k, "ECONNREFUSED") || !strcmp(k, "EACCES_POLICY")) return 7;
  if (!strcmp(k, "ETIMEDOUT")) return 28;
  if (!strcmp(k, "ECERT")) return 60;
  if (!strcmp(k, "EPROTO")) return 35;
  if (!strcmp(k, "EVERSION")) return 1;
  if (!strcmp(k, "ECONNRESET")) return 56;
  if (!strcmp(k, "EEMPTY")) return 52;
  return 56;
}

static int fetch_one(acs_cmd *c, opts *o, const char *first_url, const char *output)
{
  char url[4096], next[4096];
  if (!strstr(first_url, "://")) snprintf(url, sizeof url, "http://%s", first_url);
  else snprintf(url, sizeof url, "%s", first_url);
  if (strncasecmp(url, "http://", 7) && strncasecmp(url, "https://", 8)) {
    char scheme[32];
    snprintf(scheme, sizeof scheme, "%.*s", (int)strcspn(url, ":"), url);
    return curl_fail(c, o, 1, "Protocol \"%s\" not supported or disabled in libcurl", scheme);
  }
  if (o->get && o->has_data) {
    size_t n = strlen(url);
    snprintf(url + n, sizeof url - n, "%s%s", strchr(url, '?') ? "&" : "?", o->data);
  }
  const char *method = o->method ? o->method : o->head ? "HEAD" : (o->has_data && !o->get) ? "POST" : "GET";
  bool post = o->has_data && !o->get;

  /* the headers: curl's defaults, then the user's (which replace or remove them) */
  const char *names[MAX_HEADERS + 8], *values[MAX_HEADERS + 8];
  char hbuf[MAX_HEADERS + 8][512];
  size_t nh = 0;
  char auth[820], agent[300];
  snprintf(agent, sizeof agent, "%s", o->agent ? o->agent : "curl/" CURL_VERSION);
  names[nh] = "User-Agent", values[nh++] = agent;
  names[nh] = "Accept", values[nh++] = o->json ? "application/json" : "*/*";
  if (o->user && strlen(o->user) < 590) {
    char enc[800];
    acs__base64(o->user, strlen(o->user), enc, sizeof enc);
    snprintf(auth, sizeof auth, "Basic %s", enc);
    names[nh] = "Authorization", values[nh++] = auth;
  }
  if (o->referer) names[nh] = "Referer", values[nh++] = o->referer;
  if (o->cookie && strchr(o->cookie, '=')) names[nh] = "Cookie", values[nh++] = o->cookie;
  if (post) names[nh] = "Content-Type", values[nh++] = o->json ? "application/json" : "application/x-www-form-urlencoded";
  for (size_t i = 0; i < o->nheaders; i++) {
    const char *h = o->headers[i];
    const char *colon = strchr(h, ':'), *semi = strchr(h, ';');
    bool empty = !colon && semi && !semi[1];
    if (!colon && !empty) continue;
    size_t nl = (size_t)((colon ? colon : semi) - h);
    const char *v = colon ? colon + 1 : "";
    while (*v == ' ' || *v == '\t') v++;
    snprintf(hbuf[i], sizeof hbuf[i], "%.*s", (int)nl, h);
    size_t k = 0;
    while (k < nh && strcasecmp(names[k], hbuf[i])) k++;
    if (colon && !*v) { /* "Name:" removes */
      if (k < nh) {
        for (size_t j = k + 1; j < nh; j++) names[j - 1] = names[j], values[j - 1] = values[j];
        nh--;
      }
      continue;
    }
    if (k < nh) values[k] = v;
    else names[nh] = hbuf[i], values[nh++] = v;
  }

  xfer x = {.c = c, .o = o, .out_fd = -1};
  if (output) {
    char name[1024], path[2048];
    if (!*output) {
      if (!remote_name(url, name, sizeof name)) return curl_fail(c, o, 23, "Remote file name has no length!");
      output = name;
    }
    if (o->output_dir && output[0] != '/') snprintf(path, sizeof path, "%s/%s", o->output_dir, output);
    else snprintf(path, sizeof path, "%s", output);
    if (o->create_dirs)
      for (char *s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = 0;
        acs_sys_mkdir(path, 0777);
        *s = '/';
      }
    x.out_fd = acs_sys_open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (x.out_fd < 0) return curl_fail(c, o, 23, "Failure writing output to destination");
  }

  int redirects = 0, code = 0;
  lh_result res;
  for (;;) {
    x.url = url;
    x.status = 0;
    x.location[0] = 0;
    x.http_failed = false;
    if (o->verbose) {
      char host[300];
      int port;
      host_port(url, host, sizeof host, &port);
      const char *path = strstr(url, "://");
      path = path ? path + 3 + strcspn(path + 3, "/") : "/";
      char line[4200];
      char hp[320];
      if (port == (strncasecmp(url, "https", 5) ? 80 : 443)) snprintf(hp, sizeof hp, "%s", host);
      else snprintf(hp, sizeof hp, "%s:%d", host, port);
      int n = snprintf(line, sizeof line, "> %s %s HTTP/1.1\r\n> Host: %s\r\n", method, *path ? path : "/", hp);
      acs_sys_write_all(2, line, (size_t)n);
      for (size_t i = 0; i < nh; i++) {
        n = snprintf(line, sizeof line, "> %s: %s\r\n", names[i], values[i]);
        acs_sys_write_all(2, line, (size_t)n);
      }
      acs_sys_write_all(2, ">\r\n", 3);
    }
    lh_request q = {method, url, names, values, nh, post ? o->data : NULL, post ? o->data_len : 0,
                    o->compressed, o->max_time > 0 ? (int64_t)(o->max_time * 1000) : 0, on_head, on_data, &x};
    if (lh_run(&q, &res) < 0) {
      code = curl_fail(c, o, 2, "%s", res.message);
      break;
    }
    if (x.write_error) {
      code = curl_fail(c, o, 23, "Failure writing output to destination");
      break;
    }
    if (x.http_failed && !o->fail_body) {
      code = curl_fail(c, o, 22, "The requested URL returned error: %d", x.status);
      break;
    }
    if (!res.ok) {
      char host[300];
      int port;
      host_port(url, host, sizeof host, &port);
      code = error_code(&res);
      const char *k = res.code ? res.code : "";
      if (code == 6) curl_fail(c, o, code, "Could not resolve host: %s", host);
      else if (!strcmp(k, "EACCES_POLICY"))
        curl_fail(c, o, code, "Failed to connect to %s port %d: the box's network refused it: %s", host, port, res.message);
      else if (code == 7)
        curl_fail(c, o, code, "Failed to connect to %s port %d after %.0f ms: Couldn't connect to server", host, port, res.ms);
      else if (code == 28)
        curl_fail(c, o, code, "Operation timed out after %.0f milliseconds with %llu bytes received", res.ms,
                  (unsigned long long)res.received);
      else curl_fail(c, o, code, "%s", res.message);
      break;
    }
    if (x.http_failed) code = 22;
    if (o->follow && x.location[0]) {
      if (redirects >= o->max_redirs) {
        code = curl_fail(c, o, 47, "Maximum (%ld) redirects followed", o->max_redirs);
        break;
      }
      redirects++;
      /* 303, and 301/302 after a POST, continue as a GET without the body */
      if (!o->method && (x.status == 303 || ((x.status == 301 || x.status == 302) && post))) {
        method = o->head ? "HEAD" : "GET";
        post = false;
        for (size_t i = 0; i < nh; i++)
          if (!strcasecmp(names[i], "Content-Type") && !o->json) {
            for (size_t j = i + 1; j < nh; j++) names[j - 1] = names[j], values[j - 1] = values[j];
            nh--;
            break;
          }
      }
      snprintf(next, sizeof next, "%s", x.location);
      snprintf(url, sizeof url, "%s", next);
      continue;
    }
    break;
  }
  if (x.out_fd >= 0) acs_sys_close(x.out_fd);
  if (x.http_failed && o->fail_body && !code) code = 22;
  if (code == 22 && o->fail_body) curl_fail(c, o, 22, "The requested URL returned error: %d", x.status);
  if (o->write_out) write_out(c, o, &x, &res, code, redirects, method);
  return code;
}

int acs__cmd_curl(acs_cmd *c, int argc, char **argv)
{
  opts o = {.max_redirs = 50};
  bool stop = false;
  int r = parse(c, &o, argc, argv, &stop);
  if (r || stop) {
    free(o.data);
    return r;
  }
  if (!o.nurls) {
    free(o.data);
    /* curl 7.88 run bare says only where to look */
    if (argc > 1) return usage_fail(c, "no URL specified!%s", "");
    cmd_flush(c);
    static const char msg[] = "curl: try 'curl --help' or 'curl --manual' for more information\n";
    acs_sys_write_all(2, msg, sizeof msg - 1);
    return 2;
  }
  int status = 0;
  for (size_t i = 0; i < o.nurls; i++) {
    int s = fetch_one(c, &o, o.urls[i], i < o.nouts ? o.outputs[i] : NULL);
    if (s) status = s;
    cmd_flush(c);
  }
  free(o.data);
  return status;
}
