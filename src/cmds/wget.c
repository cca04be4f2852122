/* wget.c - the non-interactive network downloader.
**
** Usage: wget [OPTION]... [URL]...
**   -V,  --version                  display the version of Wget and exit
**   -h,  --help                     print this help
**   -o,  --output-file=FILE         log messages to FILE
**   -a,  --append-output=FILE       append messages to FILE
**   -q,  --quiet                    quiet (no output)
**   -v,  --verbose                  be verbose (this is the default)
**   -nv, --no-verbose               turn off verboseness, without being quiet
**   -i,  --input-file=FILE          download URLs found in local FILE (- : stdin)
**   -t,  --tries=NUMBER             accepted (one try is made)
**   -O,  --output-document=FILE     write documents to FILE (- : stdout)
**   -nc, --no-clobber               skip downloads that would download to
**                                   existing files
**   -c,  --continue                 resume getting a partially-downloaded file
**   -S,  --server-response          print server response
**        --spider                   don't download anything
**   -T,  --timeout=SECONDS          set all timeout values to SECONDS
**        --user=USER                set both ftp and http user to USER
**        --password=PASS            set both ftp and http password to PASS
**   -P,  --directory-prefix=PREFIX  save files to PREFIX/..
**        --header=STRING            insert STRING among the headers
**        --max-redirect             maximum redirections allowed per page (20)
**   -U,  --user-agent=AGENT         identify as AGENT instead of Wget/VERSION
**        --post-data=STRING         use the POST method; send STRING as the data
**        --post-file=FILE           use the POST method; send contents of FILE
**        --method=HTTPMethod        use method "HTTPMethod" in the request
**        --body-data=STRING         send STRING as data (with --method)
**        --body-file=FILE           send contents of FILE (with --method)
**        --content-on-error         output the received content on server errors
**        --no-check-certificate     accepted; certificates are still checked
**        --compression=TYPE         auto, gzip or none
**   -nd, -nH, -e robots=off         accepted
**
** The box's wget: every connection is made by the box's kernel, which allows
** only what the box's network allows (acs box --network, --allow-domain);
** the box's own servers (localhost) are reached over plain HTTP. No FTP,
** no recursion (-r), no cookies files, no proxies.
*/

/* GNU Wget 1.21's words, exit codes (1 generic, 2 usage, 3 file I/O, 4
** network, 5 TLS, 6 authentication, 7 protocol, 8 an error response) and
** file naming (the URL's last segment, index.html, name.1 when taken). */
#include "cmd.h"
#include "lib_http.h"
#include "lib_sys.h"
#include "../base/base.h"
#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#define WGET_VERSION "1.21.3"
#define MAX_HEADERS 64
#define MAX_URLS 256

typedef struct wopts {
  int verbosity; /* 0 quiet, 1 -nv, 2 verbose */
  const char *output_doc, *prefix, *agent, *user, *password, *method, *logfile;
  char *body;
  size_t body_len;
  bool has_body, clobber_no, cont, server_response, spider, content_on_error, decode, log_append;
  double timeout;
  long max_redirect;
  const char *headers[MAX_HEADERS];
  size_t nheaders;
  char *urls[MAX_URLS];
  size_t nurls;
  int log_fd; /* box fd of -o/-a, or 2 */
  int doc_fd; /* -O FILE, opened before any URL as wget does (-1: none) */
  uint64_t doc_size; /* -c -O: what the file held */
  uint64_t total_bytes; /* for the FINISHED summary of several URLs */
  int total_files;
  double total_ms;
  bool utf8;
} wopts;

/* ------------------------------------------------------------ the log */

static void logv(wopts *o, int level, const char *fmt, va_list ap)
{
  if (o->verbosity < level) return;
  char line[5000];
  int n = vsnprintf(line, sizeof line, fmt, ap);
  if (n < 0) return;
  acs_sys_write_all(o->log_fd, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

static void say(wopts *o, int level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(wopts *o, int level, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  logv(o, level, fmt, ap);
  va_end(ap);
}

static const char *lq(const wopts *o) { return o->utf8 ? "\xe2\x80\x98" : "'"; }
static const char *rq(const wopts *o) { return o->utf8 ? "\xe2\x80\x99" : "'"; }

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void stamp(char *buf, size_t size, const char *fmt)
{
  time_t t = time(NULL);
  struct tm tm;
  localtime_r(&t, &tm);
  strftime(buf, size, fmt, &tm);
}

static int usage(acs_cmd *c, const char *fmt, const char *arg)
{
  cmd_flush(c);
  char line[800];
  int n = snprintf(line, sizeof line, "wget: ");
  n += snprintf(line + n, sizeof line - (size_t)n, fmt, arg);
  n += snprintf(line + n, sizeof line - (size_t)n,
                "\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n");
  acs_sys_write_all(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  return 2;
}

/* ------------------------------------------------------------ options */

enum { W_OUTFILE = 256, W_APPEND, W_SPIDER, W_USER, W_PASS, W_HEADER, W_MAXREDIR, W_POSTDATA, W_POSTFILE,
       W_METHOD, W_BODYDATA, W_BODYFILE, W_COE, W_NOCHECK, W_COMPRESSION, W_NV, W_NC, W_ND, W_NH };

typedef struct wdef {
  const char *l;
  int s, id;
  bool value;
} wdef;

static const wdef defs[] = {
  {"output-file", 'o', 'o', true}, {"append-output", 'a', 'a', true}, {"quiet", 'q', 'q', false},
  {"verbose", 'v', 'v', false}, {"no-verbose", 0, W_NV, false}, {"input-file", 'i', 'i', true},
  {"tries", 't', 't', true}, {"output-document", 'O', 'O', true}, {"no-clobber", 0, W_NC, false},
  {"continue", 'c', 'c', false}, {"server-response", 'S', 'S', false}, {"spider", 0, W_SPIDER, false},
  {"timeout", 'T', 'T', true}, {"user", 0, W_USER, true}, {"http-user", 0, W_USER, true},
  {"password", 0, W_PASS, true}, {"http-password", 0, W_PASS, true}, {"directory-prefix", 'P', 'P', true},
  {"header", 0, W_HEADER, true}, {"max-redirect", 0, W_MAXREDIR, true}, {"user-agent", 'U', 'U', true},
  {"post-data", 0, W_POSTDATA, true}, {"post-file", 0, W_POSTFILE, true}, {"method", 0, W_METHOD, true},
  {"body-data", 0, W_BODYDATA, true}, {"body-file", 0, W_BODYFILE, true},
  {"content-on-error", 0, W_COE, false}, {"no-check-certificate", 0, W_NOCHECK, false},
  {"compression", 0, W_COMPRESSION, true}, {"no-directories", 0, W_ND, false},
  {"no-host-directories", 0, W_NH, false}, {"execute", 'e', 'e', true}, {"help", 'h', 'h', false},
  {"version", 'V', 'V', false}, {"recursive", 'r', 'r', false}, {"mirror", 'm', 'r', false},
};

static int read_file(acs_cmd *c, const char *path, char **data, size_t *len)
{
  int r = cmd_read_all(path, data, len);
  if (r < 0) {
    cmd_flush(c);
    char line[600];
    int n = snprintf(line, sizeof line, "%s: %s\n", path, cmd_strerror(r));
    acs_sys_write_all(2, line, (size_t)n);
    return 3;
  }
  return 0;
}

static int add_urls_from(acs_cmd *c, wopts *o, const char *path)
{
  char *data = NULL;
  size_t len = 0;
  int r = strcmp(path, "-") ? read_file(c, path, &data, &len) : cmd_read_all("/dev/stdin", &data, &len) < 0;
  if (r) return r;
  for (char *save = NULL, *line = strtok_r(data, "\r\n", &save); line; line = strtok_r(NULL, "\r\n", &save)) {
    while (*line == ' ' || *line == '\t') line++;
    if (!*line || *line == '#' || o->nurls >= MAX_URLS) continue;
    o->urls[o->nurls++] = strdup(line);
  }
  free(data);
  return 0;
}

static int apply(acs_cmd *c, wopts *o, int id, const char *v, const char *shown, bool *stop)
{
  switch (id) {
  case 'o': o->logfile = v; o->log_append = false; break;
  case 'a': o->logfile = v; o->log_append = true; break;
  case 'q': o->verbosity = 0; break;
  case 'v': o->verbosity = 2; break;
  case W_NV: o->verbosity = 1; break;
  case 'i': return add_urls_from(c, o, v);
  case 't': case W_NOCHECK: case W_ND: case W_NH: case 'e': break;
  case 'O': o->output_doc = v; break;
  case W_NC: o->clobber_no = true; break;
  case 'c': o->cont = true; break;
  case 'S': o->server_response = true; break;
  case W_SPIDER: o->spider = true; break;
  case 'T': {
    char *end;
    o->timeout = strtod(v, &end);
    if (end == v || *end || o->timeout < 0) {
      cmd_flush(c);
      char line[600];
      int n = snprintf(line, sizeof line, "wget: --timeout: Invalid time period '%s'\n", v);
      acs_sys_write_all(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
      return 2;
    }
    break;
  }
  case W_USER: o->user = v; break;
  case W_PASS: o->password = v; break;
  case 'P': o->prefix = v; break;
  case W_HEADER:
    if (!*v) o->nheaders = 0; /* --header= clears them, as wget's */
    else if (o->nheaders < MAX_HEADERS) o->headers[o->nheaders++] = v;
    break;
  case W_MAXREDIR: o->max_redirect = strtol(v, NULL, 10); break;
  case 'U': o->agent = v; break;
  case W_POSTDATA: case W_BODYDATA:
    free(o->body);
    o->body = strdup(v);
    o->body_len = strlen(v);
    o->has_body = true;
    if (id == W_POSTDATA && !o->method) o->method = "POST";
    break;
  case W_POSTFILE: case W_BODYFILE: {
    free(o->body);
    o->body = NULL;
    int r = read_file(c, v, &o->body, &o->body_len);
    if (r) return r;
    o->has_body = true;
    if (id == W_POSTFILE && !o->method) o->method = "POST";
    break;
  }
  case W_METHOD: o->method = v; break;
  case W_COE: o->content_on_error = true; break;
  case W_COMPRESSION:
    if (!strcmp(v, "none")) o->decode = false;
    else if (!strcmp(v, "auto") || !strcmp(v, "gzip")) o->decode = true;
    else return usage(c, "--compression: Invalid value %s", v);
    break;
  case 'h':
    cmd_puts(c, c->help);
    *stop = true;
    break;
  case 'V':
    cmd_puts(c, "GNU Wget " WGET_VERSION " (agent-code-sandbox) built on linux-gnu.\n");
    *stop = true;
    break;
  case 'r':
    cmd_flush(c);
    acs_sys_write_all(2, "wget: recursive retrieval is not in the box's wget: fetch each URL, or use "
                      "node or curl\n", 86);
    return 1;
  default:
    return usage(c, "invalid option -- '%s'", shown);
  }
  return 0;
}

static const wdef *find_long(const char *name, size_t n)
{
  const wdef *hit = NULL;
  for (size_t k = 0; k < sizeof defs / sizeof *defs; k++) {
    if (strlen(defs[k].l) == n && !strncmp(defs[k].l, name, n)) return &defs[k];
    if (!strncmp(defs[k].l, name, n)) {
      if (hit && hit->id != defs[k].id) return (const wdef *)-1; /* ambiguous */
      hit = &defs[k];
    }
  }
  return hit;
}

static int parse(acs_cmd *c, wopts *o, int argc, char **argv, bool *stop)
{
  bool only_urls = false;
  for (int i = 1; i < argc && !*stop; i++) {
    char *a = argv[i];
    if (only_urls || a[0] != '-' || !a[1]) {
      if (o->nurls < MAX_URLS) o->urls[o->nurls++] = strdup(a);
      continue;
    }
    if (!strcmp(a, "--")) {
      only_urls = true;
      continue;
    }
    if (a[1] == '-') {
      const char *name = a + 2, *eq = strchr(name, '=');
      size_t n = eq ? (size_t)(eq - name) : strlen(name);
      const wdef *d = find_long(name, n);
      if (d == (const wdef *)-1) return usage(c, "option '%s' is ambiguous", a);
      if (!d) return usage(c, "unrecognized option '%s'", a);
      const char *v = NULL;
      if (d->value) {
        if (eq) v = eq + 1;
        else if (i + 1 < argc) v = argv[++i];
        else return usage(c, "option '%s' requires an argument", a);
      } else if (eq) {
        return usage(c, "option '--%s' doesn't allow an argument", d->l);
      }
      int r = apply(c, o, d->id, v, a, stop);
      if (r) return r;
      continue;
    }
    /* wget's two-letter short options */
    if (a[1] == 'n' && a[2] && !a[3] && strchr("vcdH", a[2])) {
      int r = apply(c, o, a[2] == 'v' ? W_NV : a[2] == 'c' ? W_NC : a[2] == 'd' ? W_ND : W_NH, NULL, a, stop);
      if (r) return r;
      continue;
    }
    for (const char *p = a + 1; *p && !*stop; p++) {
      const wdef *d = NULL;
      for (size_t k = 0; k < sizeof defs / sizeof *defs && !d; k++)
        if (defs[k].s == *p) d = &defs[k];
      char shown[2] = {*p, 0};
      if (!d) return usage(c, "invalid option -- '%s'", shown);
      const char *v = NULL;
      if (d->value) {
        if (p[1]) v = p + 1;
        else if (i + 1 < argc) v = argv[++i];
        else return usage(c, "option requires an argument -- '%s'", shown);
      }
      int r = apply(c, o, d->id, v, shown, stop);
      if (r) return r;
      if (v) break;
    }
  }
  return 0;
}

/* ------------------------------------------------------------ names */

static void url_parts(const char *url, char *host, size_t hsize, int *port, bool *ip)
{
  const char *s = strstr(url, "://");
  const char *a = s ? s + 3 : url, *end = a + strcspn(a, "/?#");
  const char *at = memchr(a, '@', (size_t)(end - a));
  if (at) a = at + 1;
  const char *colon;
  if (*a == '[') {
    const char *rb = memchr(a, ']', (size_t)(end - a));
    snprintf(host, hsize, "%.*s", rb ? (int)(rb - a - 1) : 0, a + 1);
    colon = rb && rb + 1 < end && rb[1] == ':' ? rb + 1 : NULL;
    *ip = true;
  } else {
    colon = memchr(a, ':', (size_t)(end - a));
    snprintf(host, hsize, "%.*s", (int)((colon ? colon : end) - a), a);
    *ip = host[0] && strspn(host, "0123456789.") == strlen(host);
  }
  *port = colon ? atoi(colon + 1) : (s && !strncasecmp(url, "https", 5) ? 443 : 80);
}

/* The file a URL saves to: its last path segment (query kept, as wget
** does), index.html for a directory. */
static void local_name(const char *url, char *out, size_t size)
{
  const char *s = strstr(url, "://");
  const char *p = s ? s + 3 : url;
  p += strcspn(p, "/");
  const char *frag = p + strcspn(p, "#");
  const char *q = p + strcspn(p, "?#");
  const char *seg = p;
  for (const char *x = p; x < q; x++)
    if (*x == '/') seg = x + 1;
  if (seg == q) snprintf(out, size, "index.html%.*s", (int)(frag - q), q);
  else snprintf(out, size, "%.*s", (int)(frag - seg), seg);
}

static bool exists(const char *path)
{
  acs__sys_stat st;
  return acs_sys_stat(path, &st) == 0;
}

/* ------------------------------------------------------------ transfer */

typedef struct wx {
  acs_cmd *c;
  wopts *o;
  int status;
  char reason[256], location[2048], ctype[256];
  int64_t length; /* -1: unspecified */
  int out_fd;     /* -1: not open yet; 1: stdout */
  const char *path;
  bool to_stdout, write_error, open_error, saving, skip_body, range_done;
  int open_errno;
  bool reuse, ip, announced; /* how the connection line goes */
  const char *host;
  int port;
  uint64_t offset; /* -c: the bytes already there */
  uint64_t got;
} wx;

static void human(int64_t n, char *buf, size_t size)
{
  const char *u = "KMGT";
  double v = (double)n;
  int i = -1;
  while (v >= 1024 && i < 3) v /= 1024, i++;
  if (i < 0) snprintf(buf, size, "%lld", (long long)n);
  else if (v < 10) snprintf(buf, size, "%.1f%c", v, u[i]);
  else snprintf(buf, size, "%.0f%c", v, u[i]);
}

static bool open_out(wx *x)
{
  if (x->to_stdout) {
    x->out_fd = 1;
    return true;
  }
  int flags = O_WRONLY | O_CREAT | (x->offset ? W_APPEND : O_TRUNC);
  int fd = acs_sys_open(x->path, flags, 0666);
  if (fd < 0) {
    x->open_error = true;
    x->open_errno = fd;
    return false;
  }
  x->out_fd = fd;
  return true;
}

static void print_length(wopts *o, const wx *x);

static bool on_head(void *user, const lh_head *h)
{
  wx *x = user;
  wopts *o = x->o;
  if (!x->announced) {
    x->announced = true;
    if (!x->reuse && !x->ip) say(o, 2, "%s\nConnecting to %s (%s)|%s|:%d... ", lh_peer(), x->host, x->host, lh_peer(), x->port);
    if (!x->reuse) say(o, 2, "connected.\n");
    say(o, 2, "HTTP request sent, awaiting response... ");
  }
  x->status = h->status;
  snprintf(x->reason, sizeof x->reason, "%s", h->reason);
  const char *loc = lh_header(h, "location"), *ct = lh_header(h, "content-type");
  const char *cl = lh_header(h, "content-length");
  snprintf(x->location, sizeof x->location, "%s", loc && h->status >= 300 && h->status < 400 ? loc : "");
  snprintf(x->ctype, sizeof x->ctype, "%s", ct ? ct : "");
  x->length = cl ? strtoll(cl, NULL, 10) : -1;
  if (o->server_response) {
    /* the head as received, each line indented by two spaces (even -q) */
    say(o, 2, "\n");
    const char *p = h->raw, *end = h->raw + h->raw_len;
    while (p < end) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
      if (n && p[n - 1] == '\r') n--;
      if (n) say(o, 0, "  %.*s\n", (int)n, p);
      p = nl ? nl + 1 : end;
    }
  } else {
    say(o, 2, "%d %s\n", h->status, h->reason);
  }
  if (x->location[0]) return false; /* the body of a redirect is not kept */
  bool ok = h->status >= 200 && h->status < 300;
  if (!ok && !(o->content_on_error && h->status >= 400)) return false;
  if (o->spider) return false;
  if (x->offset && h->status == 200 && x->length >= 0 && (uint64_t)x->length == x->offset) {
    x->range_done = true;
    return false;
  }
  if (x->offset && h->status == 200) x->offset = 0; /* no range support: from the start */
  x->saving = true;
  if (ok) {
    print_length(o, x);
    if (x->to_stdout) say(o, 2, "Saving to: %sSTDOUT%s\n", lq(o), rq(o));
    else say(o, 2, "Saving to: %s%s%s\n", lq(o), x->path, rq(o));
  }
  return true;
}

static bool on_data(void *user, const char *bytes, size_t len)
{
  wx *x = user;
  if (!x->saving) return false;
  if (x->out_fd < 0 && !open_out(x)) return false;
  if (acs_sys_write_all(x->out_fd, bytes, len) < 0) {
    x->write_error = true;
    return false;
  }
  x->got += len;
  return true;
}


static void print_length(wopts *o, const wx *x)
{
  char ct[300] = "";
  if (x->ctype[0]) snprintf(ct, sizeof ct, " [%s]", x->ctype);
  if (x->length < 0) {
    say(o, 2, "Length: unspecified%s\n", ct);
    return;
  }
  if (x->offset && x->status == 206) {
    char h1[32], h2[32];
    human(x->length + (int64_t)x->offset, h1, sizeof h1);
    human(x->length, h2, sizeof h2);
    say(o, 2, "Length: %lld (%s), %lld (%s) remaining%s\n", (long long)(x->length + (int64_t)x->offset), h1,
        (long long)x->length, h2, ct);
    return;
  }
  if (x->length >= 1024) {
    char h[32];
    human(x->length, h, sizeof h);
    say(o, 2, "Length: %lld (%s)%s\n", (long long)x->length, h, ct);
  } else {
    say(o, 2, "Length: %lld%s\n", (long long)x->length, ct);
  }
}

static void speed(double bytes, double ms, char *buf, size_t size, bool short_form)
{
  double s = ms > 0 ? bytes * 1000.0 / ms : bytes * 1000.0;
  const char *units[] = {"B/s", "KB/s", "MB/s", "GB/s"};
  const char *shorts[] = {"", "K", "M", "G"};
  int i = 0;
  while (s >= 1024 && i < 3) s /= 1024, i++;
  if (short_form) snprintf(buf, size, "%.*f%s", s >= 100 ? 0 : s >= 10 ? 1 : 2, s, shorts[i]);
  else snprintf(buf, size, "%.*f %s", s >= 100 ? 0 : s >= 10 ? 1 : 2, s, units[i]);
}

/* One URL to its end: 0, or wget's exit status for its failure. */
static int fetch(acs_cmd *c, wopts *o, const char *first)
{
  char url[4096];
  if (!strstr(first, "://")) snprintf(url, sizeof url, "http://%s", first);
  else snprintf(url, sizeof url, "%s", first);
  if (strncasecmp(url, "http://", 7) && strncasecmp(url, "https://", 8)) {
    say(o, 1, "%s: Unsupported scheme %s%.*s%s.\n", url, "'", (int)strcspn(url, ":"), url, "'");
    return 1;
  }
  char name[2048], path[4096];
  local_name(url, name, sizeof name);
  wx x = {.c = c, .o = o, .out_fd = -1};
  if (o->output_doc) {
    x.to_stdout = !strcmp(o->output_doc, "-");
    snprintf(path, sizeof path, "%s", o->output_doc);
    if (!x.to_stdout) x.out_fd = o->doc_fd;
    if (o->cont) x.offset = o->doc_size;
  } else {
    if (o->prefix) snprintf(path, sizeof path, "%s/%s", o->prefix, name);
    else snprintf(path, sizeof path, "%s", name);
    if (!o->spider && exists(path)) {
      if (o->clobber_no) {
        say(o, 1, "File %s%s%s already there; not retrieving.\n\n", lq(o), path, rq(o));
        return 0;
      }
      if (o->cont) {
        acs__sys_stat st;
        if (acs_sys_stat(path, &st) == 0) x.offset = st.size;
      } else {
        char base[4000];
        snprintf(base, sizeof base, "%.3990s", path);
        for (int n = 1; n < 100000 && exists(path); n++) snprintf(path, sizeof path, "%s.%d", base, n);
      }
    }
  }
  x.path = path;
  if (o->prefix && !o->output_doc) {
    /* -P makes its directories, as wget does */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", o->prefix);
    for (char *s = dir + 1; *s; s++)
      if (*s == '/') {
        *s = 0;
        acs_sys_mkdir(dir, 0777);
        *s = '/';
      }
    acs_sys_mkdir(dir, 0777);
  }

  const char *names[MAX_HEADERS + 8], *values[MAX_HEADERS + 8];
  char hbuf[MAX_HEADERS][1024], auth[720], range[64];
  size_t nh = 0;
  bool have_agent = false, have_accept = false;
  for (size_t i = 0; i < o->nheaders; i++) {
    const char *colon = strchr(o->headers[i], ':');
    if (!colon) continue;
    snprintf(hbuf[i], sizeof hbuf[i], "%.*s", (int)(colon - o->headers[i]), o->headers[i]);
    const char *v = colon + 1;
    while (*v == ' ') v++;
    if (!strcasecmp(hbuf[i], "User-Agent")) have_agent = true;
    if (!strcasecmp(hbuf[i], "Accept")) have_accept = true;
    names[nh] = hbuf[i];
    values[nh++] = v;
  }
  if (!have_agent) names[nh] = "User-Agent", values[nh++] = o->agent ? o->agent : "Wget/" WGET_VERSION;
  if (!have_accept) names[nh] = "Accept", values[nh++] = "*/*";
  if (o->user || o->password) {
    char up[512], enc[700];
    snprintf(up, sizeof up, "%s:%s", o->user ? o->user : "", o->password ? o->password : "");
    acs__base64(up, strlen(up), enc, sizeof enc);
    snprintf(auth, sizeof auth, "Basic %s", enc);
    names[nh] = "Authorization", values[nh++] = auth;
  }
  if (x.offset) {
    snprintf(range, sizeof range, "bytes=%llu-", (unsigned long long)x.offset);
    names[nh] = "Range", values[nh++] = range;
  }
  if (o->has_body && o->method && !strcasecmp(o->method, "POST")) {
    bool have_ct = false;
    for (size_t i = 0; i < nh; i++)
      if (!strcasecmp(names[i], "Content-Type")) have_ct = true;
    if (!have_ct) names[nh] = "Content-Type", values[nh++] = "application/x-www-form-urlencoded";
  }

  const char *method = o->method ? o->method : o->spider ? "HEAD" : "GET";
  bool body = o->has_body;
  if (o->spider) say(o, 2, "Spider mode enabled. Check if remote file exists.\n");
  int redirects = 0;
  char prev_host[300] = "";
  int prev_port = 0;
  for (;;) {
    char when[64], host[300];
    int port;
    bool ip;
    url_parts(url, host, sizeof host, &port, &ip);
    stamp(when, sizeof when, "%Y-%m-%d %H:%M:%S");
    say(o, 2, "--%s--  %s\n", when, url);
    bool reuse = prev_host[0] && !strcmp(prev_host, host) && prev_port == port;
    if (reuse) say(o, 2, "Reusing existing connection to %s:%d.\n", host, port);
    else if (ip) say(o, 2, "Connecting to %s:%d... ", host, port);
    else say(o, 2, "Resolving %s (%s)... ", host, host);
    x.reuse = reuse;
    x.ip = ip;
    x.host = host;
    x.port = port;
    x.announced = false;
    lh_request q = {method, url, names, values, nh, body ? o->body : NULL, body ? o->body_len : 0, o->decode,
                    o->timeout > 0 ? (int64_t)(o->timeout * 1000) : 0, on_head, on_data, &x};
    x.status = 0;
    x.location[0] = 0;
    x.saving = false;
    lh_result res;
    if (lh_run(&q, &res) < 0) {
      say(o, 0, "wget: %s\n", res.message);
      return 1;
    }
    if (!x.status) {
      const char *k = res.code ? res.code : "EIO";
      if (!reuse) {
        if (!strcmp(k, "ENOTFOUND")) {
          say(o, 2, "failed: Name or service not known.\n");
          say(o, 0, "wget: unable to resolve host address %s%s%s\n", lq(o), host, rq(o));
          return 4;
        }
        if (!strcmp(k, "EACCES_POLICY")) {
          say(o, 1, "failed: the box's network refused it: %s.\n", res.message);
          return 4;
        }
        if (!strcmp(k, "ECONNREFUSED")) {
          say(o, 1, "failed: Connection refused.\n");
          return 4;
        }
        if (!strcmp(k, "ETIMEDOUT")) {
          say(o, 1, "failed: Connection timed out.\n");
          return 4;
        }
        if (!strcmp(k, "ECERT")) {
          say(o, 0, "ERROR: cannot verify %s's certificate: %s\n", host, res.message);
          return 5;
        }
      }
      if (!reuse && !ip) say(o, 2, "%s\nConnecting to %s (%s)|%s|:%d... ", lh_peer(), host, host, lh_peer(), port);
      if (!reuse) say(o, 2, "connected.\n");
      say(o, 2, "HTTP request sent, awaiting response... ");
      say(o, 1, "%s\n", !strcmp(k, "EEMPTY") ? "No data received." : res.message);
      return 4;
    }
    snprintf(prev_host, sizeof prev_host, "%s", host);
    prev_port = port;
    if (x.location[0]) {
      say(o, 2, "Location: %s [following]\n", x.location);
      if (redirects >= o->max_redirect) {
        say(o, 1, "%ld redirections exceeded.\n", o->max_redirect);
        return 8;
      }
      redirects++;
      char next[4096];
      lh_resolve(url, x.location, next, sizeof next);
      snprintf(url, sizeof url, "%s", next);
      if (x.status == 303 || ((x.status == 301 || x.status == 302) && o->method && !strcasecmp(o->method, "POST"))) {
        method = "GET";
        body = false;
      }
      continue;
    }
    if (x.range_done) {
      say(o, 1, "\n    The file is already fully retrieved; nothing to do.\n\n");
      return 0;
    }
    if (x.status == 416 && x.offset) {
      say(o, 1, "\n    The file is already fully retrieved; nothing to do.\n\n");
      return 0;
    }
    stamp(when, sizeof when, "%Y-%m-%d %H:%M:%S");
    if (x.status < 200 || x.status >= 300) {
      if (x.saving && x.out_fd > 2 && !o->output_doc) acs_sys_close(x.out_fd); /* --content-on-error */
      if (o->verbosity == 1) say(o, 1, "%s:\n", url);
      say(o, 1, "%s ERROR %d: %s.\n", when, x.status, x.reason);
      say(o, 2, "\n");
      return x.status == 401 ? 6 : 8;
    }
    if (o->spider) {
      print_length(o, &x);
      say(o, 2, "Remote file exists and could contain further links,\nbut recursion is disabled -- not "
                "retrieving.\n\n");
      return 0;
    }
    say(o, 2, "\n");
    if (x.out_fd < 0 && !x.write_error) open_out(&x); /* an empty body still makes the file */
    if (x.open_error) {
      say(o, 0, "%s: %s\n", path, cmd_strerror(x.open_errno));
      return 3;
    }
    if (x.write_error) {
      say(o, 0, "Cannot write to %s%s%s (%s).\n", lq(o), path, rq(o), "No space left on device");
      return 3;
    }
    if (!res.ok) {
      say(o, 1, "%s (%s) - Read error at byte %llu (%s).", when, "0 B/s", (unsigned long long)x.got,
          res.message);
      if (x.out_fd > 2 && !o->output_doc) acs_sys_close(x.out_fd);
      return 4;
    }
    char sp[32], sps[32];
    speed((double)x.got, res.ms, sp, sizeof sp, false);
    speed((double)x.got, res.ms, sps, sizeof sps, true);
    /* the dot progress of a non-terminal: one dot a KiB, 50 a line */
    {
      uint64_t total = x.got + x.offset, k = x.offset / 1024;
      char line[200];
      size_t n = 0;
      uint64_t lines = total / (50 * 1024);
      for (uint64_t l = 0; l <= lines; l++) {
        n = (size_t)snprintf(line, sizeof line, "%6lluK", (unsigned long long)((k / 50) * 50 + l * 50));
        uint64_t in_line = l < lines ? 50 : (total % (50 * 1024)) / 1024;
        for (uint64_t d = 0; d < 50; d++) {
          if (d % 10 == 0) line[n++] = ' ';
          line[n++] = d < in_line ? '.' : ' ';
        }
        line[n] = 0;
        if (l < lines) {
          int pct = x.length > 0 ? (int)(((l + 1) * 50 * 1024) * 100 / (uint64_t)(x.length + (int64_t)x.offset)) : 0;
          if (x.length > 0) say(o, 2, "%s%3d%% %5s %s\n", line, pct, sps, "0s");
          else say(o, 2, "%s %5s\n", line, sps);
        } else {
          char el[32];
          double secs = res.ms / 1000;
          if (secs < 0.001) snprintf(el, sizeof el, "0s");
          else snprintf(el, sizeof el, "%.*fs", secs < 10 ? 3 : 1, secs);
          if (x.length >= 0) say(o, 2, "%s100%% %5s=%s\n", line, sps, el);
          else say(o, 2, "%s     %5s=%s\n", line, sps, el);
        }
        if (l + 1 >= lines + 1) break;
      }
    }
    say(o, 2, "\n");
    char sizes[64];
    if (x.length >= 0) snprintf(sizes, sizeof sizes, "%llu/%llu", (unsigned long long)(x.got + x.offset),
                                (unsigned long long)(x.length + (int64_t)(x.status == 206 ? x.offset : 0)));
    else snprintf(sizes, sizeof sizes, "%llu", (unsigned long long)(x.got + x.offset));
    o->total_bytes += x.got;
    o->total_files++;
    o->total_ms += res.ms;
    if (x.to_stdout) {
      say(o, 2, "%s (%s) - written to stdout [%s]\n\n", when, sp, sizes);
      if (o->verbosity == 1) say(o, 1, "%s URL:%s [%s] -> \"-\" [1]\n", when, url, sizes);
    } else {
      say(o, 2, "%s (%s) - %s%s%s saved [%s]\n\n", when, sp, lq(o), path, rq(o), sizes);
      if (o->verbosity == 1) say(o, 1, "%s URL:%s [%s] -> \"%s\" [1]\n", when, url, sizes, path);
      if (x.out_fd > 2 && !o->output_doc) acs_sys_close(x.out_fd);
    }
    return 0;
  }
}

static bool utf8_locale(void)
{
  const char *v = getenv("LC_ALL");
  if (!v || !*v) v = getenv("LC_MESSAGES");
  if (!v || !*v) v = getenv("LANG");
  if (!v || !*v) return false;
  return strcasestr(v, "utf-8") || strcasestr(v, "utf8");
}

int acs__cmd_wget(acs_cmd *c, int argc, char **argv)
{
  wopts o = {.verbosity = 2, .max_redirect = 20, .log_fd = 2, .doc_fd = -1, .decode = true};
  o.utf8 = utf8_locale();
  double t0 = now_ms();
  bool stop = false;
  int status = parse(c, &o, argc, argv, &stop);
  if (!status && !stop) {
    if (o.logfile) {
      int fd = acs_sys_open(o.logfile, O_WRONLY | O_CREAT | (o.log_append ? W_APPEND : O_TRUNC), 0666);
      if (fd < 0) {
        say(&o, 0, "%s: %s\n", o.logfile, cmd_strerror(fd));
        status = 3;
      } else {
        o.log_fd = fd;
      }
    }
    if (!status && o.output_doc && strcmp(o.output_doc, "-")) {
      int fd = acs_sys_open(o.output_doc, O_WRONLY | O_CREAT | (o.cont ? O_APPEND : O_TRUNC), 0666);
      if (fd < 0) {
        say(&o, 0, "%s: %s\n", o.output_doc, cmd_strerror(fd));
        status = 3;
      } else {
        o.doc_fd = fd;
        acs__sys_stat st;
        if (o.cont && acs_sys_fstat(fd, &st) == 0) o.doc_size = st.size;
      }
    }
    if (!status && !o.nurls) {
      cmd_flush(c);
      static const char msg[] = "wget: missing URL\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' "
                                "for more options.\n";
      acs_sys_write_all(2, msg, sizeof msg - 1);
      status = 1;
    }
    if (o.output_doc && !strcmp(o.output_doc, "-")) cmd_flush(c);
    /* every URL is tried; of the failures, the lowest status but 1 wins,
    ** as wget's manual says */
    bool ready = !status;
    for (size_t i = 0; ready && i < o.nurls; i++) {
      int s = fetch(c, &o, o.urls[i]);
      if (s && (!status || status == 1 || (s != 1 && s < status))) status = s;
    }
    if (ready && o.nurls > 1 && o.total_bytes) {
      char when[64], size[32], sp[32];
      stamp(when, sizeof when, "%Y-%m-%d %H:%M:%S");
      human((int64_t)o.total_bytes, size, sizeof size);
      speed((double)o.total_bytes, o.total_ms, sp, sizeof sp, false);
      say(&o, 1, "FINISHED --%s--\nTotal wall clock time: %.3fs\nDownloaded: %d files, %s in %.0fs (%s)\n", when,
          (now_ms() - t0) / 1000, o.total_files, size, o.total_ms / 1000, sp);
    }
    if (o.log_fd != 2) acs_sys_close(o.log_fd);
    if (o.doc_fd >= 0) acs_sys_close(o.doc_fd);
  }
  for (size_t i = 0; i < o.nurls; i++) free(o.urls[i]);
  free(o.body);
  return status;
}
