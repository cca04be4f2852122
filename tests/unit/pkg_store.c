/* pkg_store.c - the package cache against a registry stand-in serving one
** tarball: download, verify, unpack once; reuse; refuse a bad integrity;
** four processes at once download it once. */
#include "base/base.h"
#include "pkg/store.h"

#include <archive.h>
#include <archive_entry.h>
#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int srv_fd, srv_port;
static int *hits; /* shared with forked children */
static char tgz[8192];
static size_t tgz_len;
static char cache[64];

static void *serve(void *arg)
{
  (void)arg;
  for (;;) {
    int c = accept(srv_fd, NULL, NULL);
    if (c < 0) return NULL;
    __atomic_add_fetch(hits, 1, __ATOMIC_SEQ_CST);
    char req[2048];
    (void)!read(c, req, sizeof req);
    usleep(100 * 1000); /* slow enough that concurrent callers overlap */
    char head[256];
    int k = snprintf(head, sizeof head, "HTTP/1.1 200 OK\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n", tgz_len);
    (void)!write(c, head, (size_t)k);
    (void)!write(c, tgz, tgz_len);
    close(c);
  }
}

static char *sri_of(const void *data, size_t len)
{
  char path[] = "/tmp/acs-sri-XXXXXX";
  int fd = mkstemp(path);
  (void)!write(fd, data, len);
  close(fd);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "openssl dgst -sha512 -binary '%s' | base64 -w0", path);
  FILE *p = popen(cmd, "r");
  char b64[256] = "";
  cr_assert(fgets(b64, sizeof b64, p));
  pclose(p);
  unlink(path);
  char *out;
  cr_assert(asprintf(&out, "sha512-%s", b64) > 0);
  return out;
}

static void setup(void)
{
  signal(SIGPIPE, SIG_IGN);
  hits = mmap(NULL, sizeof *hits, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  struct archive *a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_pax_restricted(a);
  archive_write_open_memory(a, tgz, sizeof tgz, &tgz_len);
  const char *files[][2] = {{"package/package.json", "{\"name\":\"@t/pkg\",\"version\":\"1.0.0\"}"},
                            {"package/index.js", "module.exports = 42;"}};
  for (int i = 0; i < 2; i++) {
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, files[i][0]);
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, (la_int64_t)strlen(files[i][1]));
    archive_write_header(a, e);
    archive_write_data(a, files[i][1], strlen(files[i][1]));
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
  srv_fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  bind(srv_fd, (struct sockaddr *)&sa, sizeof sa);
  socklen_t len = sizeof sa;
  getsockname(srv_fd, (struct sockaddr *)&sa, &len);
  srv_port = ntohs(sa.sin_port);
  listen(srv_fd, 16);
  pthread_t t;
  pthread_create(&t, NULL, serve, NULL);
  pthread_detach(t);
  strcpy(cache, "/tmp/acs-storetest-XXXXXX");
  cr_assert_not_null(mkdtemp(cache));
}

static void teardown(void)
{
  char cmd[256];
  snprintf(cmd, sizeof cmd, "chmod -R u+w '%s'; rm -rf '%s'", cache, cache);
  (void)!system(cmd);
}

TestSuite(store, .init = setup, .fini = teardown);

static json_t *doc(const char *integrity)
{
  char url[128];
  snprintf(url, sizeof url, "http://127.0.0.1:%d/pkg/-/pkg-1.0.0.tgz", srv_port);
  return json_pack("{s:s,s:s,s:{s:s,s:s}}", "name", "@t/pkg", "version", "1.0.0", "dist", "tarball", url,
                   "integrity", integrity);
}

Test(store, download_once_then_reuse)
{
  char *sri = sri_of(tgz, tgz_len);
  json_t *d = doc(sri);
  char *dir = NULL;
  bool fetched;
  acs_err err = {0};
  cr_assert_eq(acs__store_get(cache, d, -1, &dir, &fetched, &err), 0, "%s", err.message);
  cr_assert(fetched);
  cr_assert(strstr(dir, "/pkgs/@t+pkg@1.0.0-"), "%s", dir);
  char path[4200], *text;
  size_t n;
  snprintf(path, sizeof path, "%s/index.js", dir);
  cr_assert_eq(acs__read_file(path, &text, &n), 0);
  cr_assert_str_eq(text, "module.exports = 42;");
  free(text);
  struct stat st;
  cr_assert_eq(stat(path, &st), 0);
  cr_assert_eq(st.st_mode & 0222, 0, "store files are read-only");
  char *again = NULL;
  cr_assert_eq(acs__store_get(cache, d, -1, &again, &fetched, &err), 0);
  cr_assert(!fetched);
  cr_assert_str_eq(again, dir);
  cr_assert_eq(*hits, 1);
  free(dir);
  free(again);
  json_decref(d);
  free(sri);
}

Test(store, a_bad_integrity_installs_nothing)
{
  json_t *d = doc("sha512-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==");
  char *dir = NULL;
  bool fetched;
  acs_err err = {0};
  cr_assert_eq(acs__store_get(cache, d, -1, &dir, &fetched, &err), ACS_EENV);
  cr_assert(strstr(err.message, "@t/pkg@1.0.0: the tarball does not match its sha512"), "%s", err.message);
  free(err.message);
  cr_assert_null(dir);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "test -z \"$(ls -A '%s/pkgs' | grep -v '^\\.')\"", cache);
  cr_assert_eq(system(cmd), 0, "something was left in the store");
  json_decref(d);
}

Test(store, concurrent_processes_download_once)
{
  char *sri = sri_of(tgz, tgz_len);
  json_t *d = doc(sri);
  pid_t kids[4];
  for (int i = 0; i < 4; i++) {
    kids[i] = fork();
    if (kids[i] == 0) {
      char *dir = NULL;
      bool fetched;
      acs_err err = {0};
      _exit(acs__store_get(cache, d, -1, &dir, &fetched, &err) == 0 && dir ? 0 : 1);
    }
  }
  for (int i = 0; i < 4; i++) {
    int st;
    waitpid(kids[i], &st, 0);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  }
  cr_assert_eq(*hits, 1, "downloaded %d times", *hits);
  json_decref(d);
  free(sri);
}

Test(store, cache_dir_from_the_environment)
{
  char want[128];
  snprintf(want, sizeof want, "%s/custom/dir", cache);
  setenv("ACS_CACHE_DIR", want, 1);
  acs_err err = {0};
  char *dir = acs__store_dir(&err);
  cr_assert_str_eq(dir, want);
  free(dir);
  setenv("ACS_CACHE_DIR", "/proc/nope", 1);
  cr_assert_null(acs__store_dir(&err));
  cr_assert(strstr(err.message, "ACS_CACHE_DIR"), "%s", err.message);
  free(err.message);
  unsetenv("ACS_CACHE_DIR");
}
