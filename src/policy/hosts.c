/* hosts.c - the host allowlist and the special address ranges.
**
** Entries are parsed strictly: anything that is not plainly a host, a host
** and port, a wildcard over a registrable-looking name, an address or an
** address range is a configuration error, because a lenient parse of a
** security rule lets a typo widen it. Addresses are compared as bytes, never
** as text, so no spelling of an address can slip past. */
#include "hosts.h"

#include "../base/base.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { E_NAME, E_WILD, E_ADDR };

typedef struct entry {
  int kind;
  int port;             /* 0: any */
  char *name;           /* E_NAME: the name; E_WILD: the suffix without "*." */
  unsigned char ip[16]; /* E_ADDR: IPv6 bytes (IPv4 as ::ffff:a.b.c.d) */
  int prefix;           /* E_ADDR: bits of ip that must match (of 128) */
  char *text;           /* the entry as written, for messages */
} entry;

struct acs__hosts {
  entry *e;
  size_t n;
  char *summary; /* "a.com, *.b.com:443" for messages */
};

/* ------------------------------------------------------------ addresses */

static void v4_to_mapped(const unsigned char v4[4], unsigned char out[16])
{
  memset(out, 0, 10);
  out[10] = out[11] = 0xff;
  memcpy(out + 12, v4, 4);
}

static bool is_mapped(const unsigned char ip[16])
{
  static const unsigned char pre[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  return memcmp(ip, pre, 12) == 0;
}

static bool in_prefix(const unsigned char ip[16], const unsigned char net[16], int bits)
{
  int full = bits / 8, rest = bits % 8;
  if (memcmp(ip, net, (size_t)full)) return false;
  if (!rest) return true;
  unsigned char mask = (unsigned char)(0xff << (8 - rest));
  return (ip[full] & mask) == (net[full] & mask);
}

/* A socket address as 16 bytes, IPv4 mapped. False for other families. */
static bool sa_bytes(const struct sockaddr *sa, unsigned char out[16])
{
  if (sa->sa_family == AF_INET) {
    v4_to_mapped((const unsigned char *)&((const struct sockaddr_in *)sa)->sin_addr, out);
    return true;
  }
  if (sa->sa_family == AF_INET6) {
    memcpy(out, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
    return true;
  }
  return false;
}

static const char *v4_special(const unsigned char a[4])
{
  uint32_t x = (uint32_t)a[0] << 24 | (uint32_t)a[1] << 16 | (uint32_t)a[2] << 8 | a[3];
  static const struct { uint32_t net; int bits; const char *what; } r[] = {
      {0xa9fea9fe, 32, "cloud metadata"},   /* 169.254.169.254 */
      {0x646464c8, 32, "cloud metadata"},   /* 100.100.100.200 (Alibaba) */
      {0x00000000, 8, "unspecified"},       /* 0.0.0.0/8 "this network" */
      {0x7f000000, 8, "loopback"},
      {0x0a000000, 8, "private"},
      {0xac100000, 12, "private"},
      {0xc0a80000, 16, "private"},
      {0x64400000, 10, "CGNAT"},            /* 100.64.0.0/10 */
      {0xa9fe0000, 16, "link-local"},
      {0xc0000000, 24, "reserved"},         /* IETF protocol assignments */
      {0xc0000200, 24, "documentation"},
      {0xc6336400, 24, "documentation"},
      {0xcb007100, 24, "documentation"},
      {0xc6120000, 15, "reserved"},         /* benchmarking */
      {0xc0586300, 24, "reserved"},         /* 6to4 relay anycast */
      {0xe0000000, 4, "multicast"},
      {0xf0000000, 4, "reserved"},          /* incl. 255.255.255.255 */
  };
  for (size_t i = 0; i < sizeof r / sizeof *r; i++) {
    uint32_t mask = r[i].bits ? 0xffffffffu << (32 - r[i].bits) : 0;
    if ((x & mask) == r[i].net) return r[i].what;
  }
  return NULL;
}

static const char *bytes_special(const unsigned char ip[16])
{
  static const struct { unsigned char net[16]; int bits; const char *what; } r[] = {
      {{0xfd, 0x00, 0x0e, 0xc2, [14] = 0x02, [15] = 0x54}, 128, "cloud metadata"}, /* fd00:ec2::254 */
      {{0}, 128, "unspecified"},
      {{[15] = 1}, 128, "loopback"},
      {{0xfc}, 7, "private"},               /* unique-local */
      {{0xfe, 0x80}, 10, "link-local"},
      {{0xfe, 0xc0}, 10, "private"},        /* site-local (deprecated) */
      {{0xff}, 8, "multicast"},
      {{0x20, 0x01, 0x0d, 0xb8}, 32, "documentation"},
      {{0x01, 0x00}, 64, "reserved"},       /* discard */
      {{0x20, 0x01, 0x00, 0x00}, 32, "reserved"}, /* Teredo tunnels */
      {{0x00, 0x64, 0xff, 0x9b, 0x00, 0x01}, 48, "reserved"}, /* local NAT64 */
      {{0}, 96, "reserved"},                /* IPv4-compatible (deprecated) */
  };
  if (is_mapped(ip)) return v4_special(ip + 12);
  /* NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 they embed. */
  static const unsigned char nat64[12] = {0x00, 0x64, 0xff, 0x9b};
  if (!memcmp(ip, nat64, 12)) return v4_special(ip + 12);
  if (ip[0] == 0x20 && ip[1] == 0x02) {
    const char *w = v4_special(ip + 2);
    if (w) return w;
  }
  for (size_t i = 0; i < sizeof r / sizeof *r; i++)
    if (in_prefix(ip, r[i].net, r[i].bits)) return r[i].what;
  return NULL;
}

const char *acs__addr_special(const struct sockaddr *sa)
{
  unsigned char ip[16];
  if (!sa_bytes(sa, ip)) return "reserved";
  return bytes_special(ip);
}

/* Strict address text: dotted-quad IPv4 or IPv6 (no brackets). */
static bool parse_ip(const char *s, unsigned char out[16], bool *v4)
{
  unsigned char b[16];
  if (inet_pton(AF_INET, s, b) == 1) {
    v4_to_mapped(b, out);
    *v4 = true;
    return true;
  }
  if (strchr(s, ':') && inet_pton(AF_INET6, s, b) == 1) {
    memcpy(out, b, 16);
    *v4 = false;
    return true;
  }
  return false;
}

/* ------------------------------------------------------------ entries */

/* libidn2 for non-ASCII names, opened only when an entry needs it. */
static char *idna_to_ascii(const char *name)
{
  static void *lib;
  static int (*to_ascii)(const char *, char **, int);
  static void (*idn_free)(void *);
  if (!lib) {
    lib = dlopen("libidn2.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return NULL;
    *(void **)&to_ascii = dlsym(lib, "idn2_to_ascii_8z");
    *(void **)&idn_free = dlsym(lib, "idn2_free");
  }
  if (!to_ascii || !idn_free) return NULL;
  char *out = NULL;
  /* IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL, as WHATWG's UTS #46 processing */
  if (to_ascii(name, &out, 1 | 8) != 0 || !out) return NULL;
  char *copy = acs__strdup(out);
  idn_free(out);
  return copy;
}

static bool all_digits(const char *s, size_t n)
{
  if (!n) return false;
  for (size_t i = 0; i < n; i++)
    if (!isdigit((unsigned char)s[i])) return false;
  return true;
}

/* A lower-case ASCII host name: labels of [a-z0-9_-], 1..63 bytes, 253 in
** all. The last label may not look numeric (that would be an IPv4
** spelling, which WHATWG parses as an address). */
static const char *check_name(const char *s)
{
  size_t len = strlen(s);
  if (len == 0) return "the host is empty";
  if (len > 253) return "the name is longer than 253 bytes";
  const char *label = s;
  for (const char *p = s;; p++) {
    if (*p == '.' || *p == 0) {
      size_t n = (size_t)(p - label);
      if (n == 0) return "it has an empty label";
      if (n > 63) return "a label is longer than 63 bytes";
      if (*p == 0) {
        if (all_digits(label, n) || (n > 1 && label[0] == '0' && label[1] == 'x'))
          return "it looks like an IPv4 address but is not one: write four decimal numbers "
                 "such as 127.0.0.1";
        return NULL;
      }
      label = p + 1;
      continue;
    }
    unsigned char c = (unsigned char)*p;
    if (!(islower(c) || isdigit(c) || c == '-' || c == '_'))
      return "a host name may hold only letters, digits, '-', '_' and '.'";
  }
}

static int parse_port(const char *s, int *port)
{
  size_t n = strlen(s);
  if (!all_digits(s, n) || n > 5) return -1;
  long v = strtol(s, NULL, 10);
  if (v < 1 || v > 65535) return -1;
  *port = (int)v;
  return 0;
}

static int bad(acs_err *err, const char *entry, const char *why)
{
  return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "allowedDomains entry '%s' is invalid: %s",
                   entry, why);
}

static int parse_entry(const char *text, entry *e, acs_err *err)
{
  e->text = acs__strdup(text);
  if (!e->text) return ACS_ENOMEM;
  if (!*text) return bad(err, text, "it is empty");
  if (strstr(text, "://"))
    return bad(err, text, "write the host without a scheme (api.example.com, not https://api.example.com)");
  for (const char *p = text; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if (c <= ' ' || c == 0x7f || strchr("@?#\\%,;\"'<>|^`{}", c))
      return bad(err, text, "it holds a character that has no place in a host name");
  }
  char *work = acs__strdup(text), *host = work, *port = NULL, *bits = NULL;
  if (!work) return ACS_ENOMEM;
  int rc = 0;
  bool bracket = false;
  if (host[0] == '[') {
    char *close = strchr(host, ']');
    if (!close) { rc = bad(err, text, "'[' without ']'"); goto out; }
    *close = 0;
    host++;
    bracket = true;
    if (close[1] == ':') port = close + 2;
    else if (close[1] == '/') bits = close + 2;
    else if (close[1]) { rc = bad(err, text, "unexpected text after ']'"); goto out; }
  } else if (strchr(host, ':') && strchr(host, ':') != strrchr(host, ':')) {
    /* two colons or more: a bare IPv6 address (no port possible) */
  } else if ((port = strchr(host, ':'))) {
    *port++ = 0;
  }
  if (!bits && (bits = strchr(host, '/'))) *bits++ = 0;
  if (port && bits) { rc = bad(err, text, "an address range takes no port"); goto out; }
  if (port && parse_port(port, &e->port)) {
    rc = bad(err, text, "the port must be a number from 1 to 65535");
    goto out;
  }

  bool v4;
  if (parse_ip(host, e->ip, &v4)) {
    e->kind = E_ADDR;
    int max = v4 ? 32 : 128;
    e->prefix = 128;
    if (bracket && v4) { rc = bad(err, text, "brackets are for IPv6 addresses"); goto out; }
    if (bits) {
      int b;
      if (!all_digits(bits, strlen(bits)) || strlen(bits) > 3 || (b = atoi(bits)) > max) {
        rc = bad(err, text, v4 ? "the range must be /0 to /32" : "the range must be /0 to /128");
        goto out;
      }
      e->prefix = (v4 ? 96 : 0) + b;
      if (b < 8) {
        rc = bad(err, text, "the range is too wide (use /8 or narrower)");
        goto out;
      }
    }
    goto out;
  }
  if (bracket) { rc = bad(err, text, "brackets are for IPv6 addresses"); goto out; }
  if (bits) {
    rc = bad(err, text, "write the host without a path (ranges are for addresses: 10.0.0.0/8)");
    goto out;
  }
  if (strchr(host, ':')) { rc = bad(err, text, "not a valid IPv6 address"); goto out; }

  e->kind = E_NAME;
  if (host[0] == '*') {
    if (host[1] != '.' || !host[2])
      { rc = bad(err, text, "a wildcard is written *.example.com ('*' alone allows nothing)"); goto out; }
    e->kind = E_WILD;
    host += 2;
  }
  if (strchr(host, '*')) {
    rc = bad(err, text, "'*' may only stand first, as in *.example.com");
    goto out;
  }
  size_t hl = strlen(host);
  if (hl > 1 && host[hl - 1] == '.') host[--hl] = 0;
  bool ascii = true;
  for (char *p = host; *p; p++) {
    if ((unsigned char)*p >= 0x80) ascii = false;
    else *p = (char)tolower((unsigned char)*p);
  }
  if (ascii) e->name = acs__strdup(host);
  else if (!(e->name = idna_to_ascii(host))) {
    rc = bad(err, text, "this international name could not be converted (IDNA); write its "
                        "xn-- form");
    goto out;
  }
  if (!e->name) { rc = ACS_ENOMEM; goto out; }
  const char *why = check_name(e->name);
  if (why) { rc = bad(err, text, why); goto out; }
  if (e->kind == E_WILD && !strchr(e->name, '.'))
    rc = bad(err, text, "a wildcard must cover a name with at least two labels (*.example.com)");
out:
  free(work);
  return rc;
}

void acs__hosts_free(acs__hosts *h)
{
  if (!h) return;
  for (size_t i = 0; i < h->n; i++) {
    free(h->e[i].name);
    free(h->e[i].text);
  }
  free(h->e);
  free(h->summary);
  free(h);
}

int acs__hosts_parse(const char *const *entries, size_t n, acs__hosts **out, acs_err *err)
{
  *out = NULL;
  acs__hosts *h = calloc(1, sizeof *h);
  if (!h || (n && !(h->e = calloc(n, sizeof *h->e)))) {
    acs__hosts_free(h);
    return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  }
  acs__buf sum = {0};
  for (size_t i = 0; i < n; i++) {
    h->n = i + 1;
    int rc = parse_entry(entries[i] ? entries[i] : "", &h->e[i], err);
    if (rc) {
      acs__buf_free(&sum);
      acs__hosts_free(h);
      if (rc == ACS_ENOMEM) acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
      return rc;
    }
    acs__buf_printf(&sum, "%s%s", i ? ", " : "", h->e[i].text);
  }
  h->summary = sum.data ? acs__buf_take(&sum, NULL) : acs__strdup("");
  *out = h;
  return 0;
}

size_t acs__hosts_count(const acs__hosts *h) { return h ? h->n : 0; }

/* port -1: any (a name looked up, to be dialled on some port) */
static bool port_ok(const entry *e, int port) { return e->port == 0 || port < 0 || e->port == port; }

/* "host:port", or the host of a name looked up (port -1) */
static void target_of(char *out, size_t n, const char *host, int port)
{
  if (port < 0) snprintf(out, n, "%s", host);
  else snprintf(out, n, "%s:%d", host, port);
}

/* fmt takes the target (target_of) and extra */
static void refusal(const acs__hosts *h, char *why, size_t why_len, const char *fmt,
                    const char *host, int port, const char *extra)
{
  char head[512], target[300];
  target_of(target, sizeof target, host, port);
  snprintf(head, sizeof head, fmt, target, extra);
  snprintf(why, why_len, "%s; allowed: %s", head, h && h->n ? h->summary : "none");
}

bool acs__hosts_check_name(const acs__hosts *h, const char *host, int port, char *why,
                           size_t why_len)
{
  if (why_len) why[0] = 0;
  unsigned char ip[16];
  bool v4, is_ip = false;
  size_t hl = strlen(host);
  if (hl >= 2 && host[0] == '[' && host[hl - 1] == ']' && hl < 64) {
    char inner[64];
    memcpy(inner, host + 1, hl - 2);
    inner[hl - 2] = 0;
    is_ip = parse_ip(inner, ip, &v4) && !v4;
    if (!is_ip) {
      refusal(h, why, why_len, "%s is not a valid address%s", host, port, "");
      return false;
    }
  } else if (parse_ip(host, ip, &v4)) {
    is_ip = v4;
    if (!v4) {
      refusal(h, why, why_len, "%s: IPv6 addresses must be in brackets%s", host, port, "");
      return false;
    }
  } else if (check_name(host)) {
    refusal(h, why, why_len, "%s is not a valid host name%s", host, port, "");
    return false;
  }
  for (size_t i = 0; h && i < h->n; i++) {
    const entry *e = &h->e[i];
    if (!port_ok(e, port)) continue;
    if (is_ip) {
      if (e->kind == E_ADDR && in_prefix(ip, e->ip, e->prefix)) return true;
      continue;
    }
    if (e->kind == E_NAME && !strcmp(e->name, host)) return true;
    if (e->kind == E_WILD) {
      size_t sl = strlen(e->name);
      if (hl > sl + 1 && host[hl - sl - 1] == '.' && !strcmp(host + hl - sl, e->name))
        return true;
    }
  }
  if (!h || h->n == 0) {
    char target[300];
    target_of(target, sizeof target, host, port);
    snprintf(why, why_len, "connection to %s refused: network access is off (no allowed domains)", target);
  } else {
    refusal(h, why, why_len, "connection to %s refused: the host is not allowed%s", host, port, "");
  }
  return false;
}

bool acs__hosts_check_addr(const acs__hosts *h, const char *host, int port,
                           const struct sockaddr *sa, char *why, size_t why_len)
{
  if (why_len) why[0] = 0;
  unsigned char ip[16];
  char text[INET6_ADDRSTRLEN + 32] = "?";
  if (!sa_bytes(sa, ip)) {
    refusal(h, why, why_len, "connection to %s refused: not an IP address%s", host, port, "");
    return false;
  }
  if (is_mapped(ip)) inet_ntop(AF_INET, ip + 12, text, sizeof text);
  else inet_ntop(AF_INET6, ip, text, sizeof text);
  const char *what = bytes_special(ip);
  if (!what) return true;
  /* A special address passes only when named by an address entry; the
  ** comparison also unmaps ::ffff:a.b.c.d so that both spellings agree. */
  for (size_t i = 0; h && i < h->n; i++) {
    const entry *e = &h->e[i];
    if (e->kind == E_ADDR && port_ok(e, port) && in_prefix(ip, e->ip, e->prefix)) return true;
  }
  char extra[160];
  snprintf(extra, sizeof extra, " (it resolves to %s, a %s address, which is allowed only when "
           "listed itself)", text, what);
  refusal(h, why, why_len, "connection to %s refused%s", host, port, extra);
  return false;
}

bool acs__no_proxy_for(const char *list, const char *host)
{
  if (!list) return false;
  size_t hl = strlen(host);
  for (const char *p = list; *p;) {
    while (*p == ',' || *p == ' ') p++;
    const char *e = p;
    while (*e && *e != ',' && *e != ' ') e++;
    size_t n = (size_t)(e - p);
    if (n && p[0] == '.') p++, n--;
    if (n == 1 && *p == '*') return true;
    if (n && n <= hl && !strncasecmp(host + hl - n, p, n) && (n == hl || host[hl - n - 1] == '.'))
      return true;
    p = e;
  }
  return false;
}
