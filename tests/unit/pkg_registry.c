/* pkg_registry.c - packuments from a registry stand-in (a server thread):
** fetched, cached, revalidated with ETags, served from the cache while
** max-age holds and when the registry is gone; 404 and bad names. */
#include "base/base.h"
#include "pkg/registry.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int srv_fd, srv_port, hits;
static char cache[64];

static void *serve(void *arg)
{
  (void)arg;
  for (;;) {
    int c = accept(srv_fd, NULL, NULL);
    if (c < 0) return NULL;
    __atomic_add_fetch(&hits, 1, __ATOMIC_SEQ_CST);
    char req[4096] = "";
    ssize_t n = read(c, req, sizeof req - 1);
    if (n > 0) req[n] = 0;
    char path[256] = "";
    sscanf(req, "GET %255s", path);
    const char *status = "200 OK", *extra = "", *body = "";
    if (!strcmp(path, "/leftpad")) {
      if (strstr(req, "If-None-Match: \"v1\"")) status = "304 Not Modified";
      else body = "{\"name\":\"leftpad\",\"versions\":{\"1.0.0\":{}}}";
      extra = "ETag: \"v1\"\r\nCache-Control: public, max-age=0\r\n";
    } else if (!strcmp(path, "/fresh")) {
      body = "{\"name\":\"fresh\",\"versions\":{}}";
      extra = "ETag: \"f1\"\r\nCache-Control: public, max-age=300\r\n";
    } else if (!strcmp(path, "/@scope%2fpkg")) {
      body = "{\"name\":\"@scope/pkg\",\"versions\":{\"2.0.0\":{}}}";
    } else if (!strcmp(path, "/broken")) {
      body = "not json";
    } else {
      status = "404 Not Found";
      body = "{\"error\":\"Not found\"}";
    }
    char head[512];
    int k = snprintf(head, sizeof head, "HTTP/1.1 %s\r\n%sContent-Length: %zu\r\nConnection: close\r\n\r\n",
                     status, extra, strlen(body));
    (void)!write(c, head, (size_t)k);
    (void)!write(c, body, strlen(body));
    close(c);
  }
}

static acs__registry reg;
static char url[64];

static void setup(void)
{
  signal(SIGPIPE, SIG_IGN);
  srv_fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  bind(srv_fd, (struct sockaddr *)&a, sizeof a);
  socklen_t len = sizeof a;
  getsockname(srv_fd, (struct sockaddr *)&a, &len);
  srv_port = ntohs(a.sin_port);
  listen(srv_fd, 16);
  pthread_t t;
  pthread_create(&t, NULL, serve, NULL);
  pthread_detach(t);
  strcpy(cache, "/tmp/acs-regtest-XXXXXX");
  cr_assert_not_null(mkdtemp(cache));
  snprintf(url, sizeof url, "http://127.0.0.1:%d", srv_port);
  reg = (acs__registry){.url = url, .cache_dir = cache};
}

static void teardown(void)
{
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
  (void)!system(cmd);
}

TestSuite(registry, .init = setup, .fini = teardown);

static json_t *get(const char *name, int want_rc)
{
  json_t *doc = NULL;
  bool missing;
  acs_err err = {0};
  int rc = acs__registry_packument(&reg, name, &doc, &missing, &err);
  cr_assert_eq(rc, want_rc, "%s: rc %d: %s", name, rc, err.message ? err.message : "");
  free(err.message);
  return doc;
}

Test(registry, fetch_then_revalidate_with_etag)
{
  json_t *a = get("leftpad", 0);
  cr_assert_str_eq(json_string_value(json_object_get(a, "name")), "leftpad");
  json_decref(a);
  cr_assert_eq(hits, 1);
  json_t *b = get("leftpad", 0); /* max-age=0: asks again, gets 304 */
  cr_assert_eq(hits, 2);
  cr_assert_not_null(json_object_get(json_object_get(b, "versions"), "1.0.0"));
  json_decref(b);
}

Test(registry, max_age_means_no_request)
{
  json_decref(get("fresh", 0));
  json_decref(get("fresh", 0));
  json_decref(get("fresh", 0));
  cr_assert_eq(hits, 1);
  cr_assert_eq(reg.requests, 1);
}

Test(registry, scoped_missing_and_bad_names)
{
  json_t *s = get("@scope/pkg", 0);
  cr_assert_str_eq(json_string_value(json_object_get(s, "name")), "@scope/pkg");
  json_decref(s);
  json_t *doc = NULL;
  bool missing = false;
  acs_err err = {0};
  cr_assert_eq(acs__registry_packument(&reg, "lodahs", &doc, &missing, &err), ACS_ECONFIG);
  cr_assert(missing);
  cr_assert_str_eq(err.message, "Package \"lodahs\" is not in the npm registry.");
  free(err.message);
  int before = hits;
  const char *bad[] = {"", "../etc", "a b", "@scope", "@/x", "_private", ".hidden", "x/y", "@a/b/c", "%2e%2e"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    err = (acs_err){0};
    cr_assert_eq(acs__registry_packument(&reg, bad[i], &doc, &missing, &err), ACS_ECONFIG, "%s", bad[i]);
    free(err.message);
  }
  cr_assert_eq(hits, before, "a bad name reached the registry");
  json_decref(get("broken", ACS_EENV));
}

Test(registry, cached_copy_when_the_registry_is_gone)
{
  json_decref(get("leftpad", 0));
  /* the registry is unreachable now, at the same address (the cache is
  ** kept per registry URL) */
  shutdown(srv_fd, SHUT_RDWR);
  close(srv_fd);
  json_t *b = get("leftpad", 0);
  cr_assert_str_eq(json_string_value(json_object_get(b, "name")), "leftpad");
  json_decref(b);
  json_decref(get("never-fetched", ACS_EENV));
}

/* ACS_NPM_TOKEN goes only to the registry's own origin. */
Test(registry, token_only_to_the_registry_origin)
{
  char h[512];
  setenv("ACS_NPM_REGISTRY", "https://npm.example.com/", 1);
  unsetenv("ACS_NPM_TOKEN");
  cr_assert_not(acs__registry_auth("https://npm.example.com/x", h, sizeof h), "no token, no header");
  setenv("ACS_NPM_TOKEN", "s3cret", 1);
  cr_assert(acs__registry_auth("https://npm.example.com/x/-/x-1.0.0.tgz", h, sizeof h));
  cr_assert_str_eq(h, "Authorization: Bearer s3cret");
  cr_assert(acs__registry_auth("HTTPS://NPM.example.com/y", h, sizeof h), "origins compare without case");
  cr_assert_not(acs__registry_auth("https://npm.example.com.evil.test/x", h, sizeof h));
  cr_assert_not(acs__registry_auth("http://npm.example.com/x", h, sizeof h), "another scheme");
  cr_assert_not(acs__registry_auth("https://npm.example.com:8443/x", h, sizeof h), "another port");
  cr_assert_not(acs__registry_auth("https://cdn.example.com/x.tgz", h, sizeof h), "another host");
  setenv("ACS_NPM_TOKEN", "a\r\nX-Injected: 1", 1);
  cr_assert_not(acs__registry_auth("https://npm.example.com/x", h, sizeof h), "no header injection");
  unsetenv("ACS_NPM_TOKEN");
  unsetenv("ACS_NPM_REGISTRY");
}
