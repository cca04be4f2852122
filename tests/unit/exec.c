/* exec.c - acs_exec() through the public C API. */
#include <acs.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static acs_exec_options opts(const char *code)
{
  acs_exec_options o = {.version = ACS_EXEC_OPTIONS_VERSION, .code = code};
  return o;
}

static acs_exec_result *run(acs_exec_options o)
{
  acs_exec_result *r = NULL;
  acs_err err = {0};
  int rc = acs_exec(&o, &r, &err);
  cr_assert_eq(rc, 0, "acs_exec failed: %s", err.message ? err.message : "?");
  acs_err_clear(&err);
  return r;
}

Test(exec, prints_and_exits)
{
  acs_exec_result *r = run(opts("process.stdout.write(String(2 ** 10) + '\\n')"));
  cr_assert_str_eq(r->stdout_data, "1024\n");
  cr_assert_eq(r->stdout_len, 5);
  cr_assert(r->has_exit_code);
  cr_assert_eq(r->exit_code, 0);
  cr_assert_not(r->timed_out);
  cr_assert_null(r->stopped_by);
  cr_assert_eq(acs_exec_result_status(r), 0);
  acs_exec_result_free(r);
}

Test(exec, exit_code_and_stderr)
{
  acs_exec_result *r = run(opts("process.stderr.write('oops'); process.exit(7)"));
  cr_assert_str_eq(r->stderr_data, "oops");
  cr_assert_eq(r->exit_code, 7);
  acs_exec_result_free(r);
}

Test(exec, timeout)
{
  acs_exec_options o = opts("for(;;){}");
  o.timeout_ms = 200;
  acs_exec_result *r = run(o);
  cr_assert_not(r->has_exit_code);
  cr_assert(r->timed_out);
  cr_assert_str_eq(r->stopped_by, "timeout");
  cr_assert_lt(r->duration_ms, 10000); /* stopped, with room for a loaded machine */
  cr_assert_eq(acs_exec_result_status(r), 124);
  acs_exec_result_free(r);
}

Test(exec, memory)
{
  acs_exec_options o = opts("let a=[];for(;;)a.push(new Array(1e5).fill(1))");
  o.memory_mb = 64;
  acs_exec_result *r = run(o);
  cr_assert_str_eq(r->stopped_by, "memory");
  cr_assert_not(r->timed_out);
  cr_assert_eq(acs_exec_result_status(r), 125);
  cr_assert(strstr(r->stderr_data, "64 MB"));
  acs_exec_result_free(r);
}

Test(exec, config_errors)
{
  acs_exec_result *r = (acs_exec_result *)1;
  acs_err err = {0};
  acs_exec_options o = {.version = ACS_EXEC_OPTIONS_VERSION};
  cr_assert_eq(acs_exec(&o, &r, &err), ACS_ECONFIG);
  cr_assert_null(r);
  cr_assert_str_eq(err.type, "SandboxConfigError");
  cr_assert(strstr(err.message, "exactly one of code and entrypoint"));
  acs_err_clear(&err);
  cr_assert_null(err.message);

  const char *env[] = {"LD_PRELOAD=/x.so"};
  o = opts("1");
  o.env = env;
  o.env_count = 1;
  cr_assert_eq(acs_exec(&o, &r, &err), ACS_ECONFIG);
  cr_assert(strstr(err.message, "LD_PRELOAD"));
  acs_err_clear(&err);

  o = opts("1");
  o.work_dir = "/nonexistent/dir";
  cr_assert_eq(acs_exec(&o, &r, &err), ACS_ECONFIG);
  cr_assert(strstr(err.message, "/nonexistent/dir"));
  acs_err_clear(&err);

  o = opts("1");
  o.version = 99;
  cr_assert_eq(acs_exec(&o, &r, &err), ACS_ECONFIG);
  acs_err_clear(&err);
  cr_assert_eq(acs_exec(&o, &r, NULL), ACS_ECONFIG, "err may be NULL");
}

Test(exec, strerror)
{
  cr_assert_str_eq(acs_strerror(ACS_EINVAL), "invalid argument");
  cr_assert_str_eq(acs_strerror(ACS_ECONFIG), "sandbox configuration error");
  cr_assert_str_eq(acs_strerror(12345), "unknown error");
  acs_exec_result_free(NULL);
  acs_cancel_token_free(NULL);
  acs_err_clear(NULL);
}

static void *cancel_later(void *arg)
{
  usleep(200 * 1000);
  acs_cancel(arg);
  return NULL;
}

Test(exec, cancel_from_another_thread)
{
  acs_cancel_token *tok;
  cr_assert_eq(acs_cancel_token_new(&tok), 0);
  acs_exec_options o = opts("setInterval(() => {}, 1000)");
  o.cancel = tok;
  pthread_t th;
  pthread_create(&th, NULL, cancel_later, tok);
  acs_exec_result *r = run(o);
  pthread_join(th, NULL);
  cr_assert_str_eq(r->stopped_by, "signal");
  cr_assert(r->timed_out);
  cr_assert_not(r->has_exit_code);
  acs_exec_result_free(r);
  acs_cancel_token_free(tok);
}

typedef struct seen {
  char out[256];
  size_t len;
} seen;

static void on_out(void *user, int stream, const char *data, size_t len)
{
  seen *s = user;
  if (stream == 1 && s->len + len < sizeof s->out) {
    memcpy(s->out + s->len, data, len);
    s->len += len;
  }
}

Test(exec, live_output)
{
  seen s = {0};
  acs_exec_options o = opts("process.stdout.write('a'); setTimeout(() => process.stdout.write('b'), 5)");
  o.on_output = on_out;
  o.on_output_user = &s;
  acs_exec_result *r = run(o);
  cr_assert_str_eq(s.out, "ab");
  cr_assert_str_eq(r->stdout_data, "ab");
  acs_exec_result_free(r);
}

Test(exec, entrypoint_in_work_dir)
{
  char dir[] = "/tmp/acs-unit-XXXXXX";
  cr_assert(mkdtemp(dir));
  char path[300];
  snprintf(path, sizeof path, "%s/main.js", dir);
  FILE *f = fopen(path, "w");
  fputs("process.stdout.write(process.cwd() + ' ' + process.argv[2])", f);
  fclose(f);
  const char *args[] = {"x"};
  acs_exec_options o = {.version = ACS_EXEC_OPTIONS_VERSION, .entrypoint = "main.js",
                        .work_dir = dir, .argv = args, .argc = 1};
  acs_exec_result *r = run(o);
  char want[300];
  snprintf(want, sizeof want, "%s x", dir);
  cr_assert_str_eq(r->stdout_data, want);
  acs_exec_result_free(r);

  acs_err err = {0};
  o.entrypoint = "../../etc/passwd";
  cr_assert_eq(acs_exec(&o, &r, &err), ACS_ECONFIG);
  acs_err_clear(&err);
  o.entrypoint = NULL;
  o.code = NULL;
  unlink(path);
  rmdir(dir);
}

static int count_fds(void)
{
  int n = 0;
  DIR *d = opendir("/proc/self/fd");
  while (readdir(d)) n++;
  closedir(d);
  return n;
}

static long rss_kb(void)
{
  long size = 0, res = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (fscanf(f, "%ld %ld", &size, &res) != 2) res = 0;
  fclose(f);
  return res * (sysconf(_SC_PAGESIZE) / 1024);
}

Test(exec, two_hundred_runs_leak_nothing, .timeout = 120)
{
  /* Warm up allocator pools first, then measure. */
  for (int i = 0; i < 5; i++) acs_exec_result_free(run(opts("1")));
  int fds = count_fds();
  long rss = rss_kb();
  for (int i = 0; i < 200; i++) {
    acs_exec_options o = opts("process.stdout.write('x'.repeat(1000)); process.stderr.write('y')");
    acs_exec_result *r = run(o);
    cr_assert_eq(r->stdout_len, 1000);
    acs_exec_result_free(r);
  }
  cr_assert_eq(count_fds(), fds, "open fds grew");
#if defined(__SANITIZE_ADDRESS__)
  /* ASan holds freed memory in quarantine, so RSS says nothing here;
  ** LeakSanitizer checks this process for leaks when it exits. */
  (void)rss;
#else
  cr_assert_lt(rss_kb() - rss, 2048, "memory grew by %ld kB", rss_kb() - rss);
#endif
}
