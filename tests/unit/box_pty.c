/* box_pty.c - acs_box_pty_* (a program on a terminal of the box that the
** host talks to without holding the box): what is typed runs and echoes,
** a resize is what `stty size` reports, other calls on the box go on while
** a terminal is open, two terminals at once, hang-up ends the shell,
** exit status, bad options. The box's real shell runs here. */
#include <acs.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static acs_box *box;

static void setup(void)
{
  acs_err err = {0};
  cr_assert_eq(acs_box_new(NULL, &box, &err), 0, "box: %s", err.message ? err.message : "");
}

static void teardown(void) { acs_box_free(box); }

TestSuite(pty, .init = setup, .fini = teardown, .timeout = 60);

static acs_box_pty *open_shell(int rows, int cols)
{
  acs_box_terminal_options o = {.version = ACS_BOX_TERMINAL_OPTIONS_VERSION, .in_fd = -1, .out_fd = -1};
  acs_box_pty *t = NULL;
  acs_err err = {0};
  cr_assert_eq(acs_box_pty_open(box, &o, rows, cols, &t, &err), 0, "open: %s", err.message ? err.message : "");
  cr_assert(acs_box_pty_pid(t) > 0);
  return t;
}

static void type(acs_box_pty *t, const char *s)
{
  size_t n = strlen(s);
  while (n) {
    ssize_t w = write(acs_box_pty_fd(t, 0), s, n);
    if (w < 0 && errno == EAGAIN) {
      struct pollfd pf = {.fd = acs_box_pty_fd(t, 0), .events = POLLOUT};
      poll(&pf, 1, 100);
      continue;
    }
    cr_assert(w > 0, "write: %s", strerror(errno));
    s += w;
    n -= (size_t)w;
  }
}

/* the screen until it holds want (within 20 s, wide for a loaded machine),
** or its end; the screen so far in screen */
static bool screen_until(acs_box_pty *t, char *screen, size_t size, const char *want)
{
  size_t len = strlen(screen);
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    if (want && strstr(screen, want)) return true;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec - t0.tv_sec > 20) return false;
    struct pollfd pf = {.fd = acs_box_pty_fd(t, 0), .events = POLLIN};
    poll(&pf, 1, 200);
    ssize_t n = read(acs_box_pty_fd(t, 0), screen + len, size - 1 - len);
    if (n == 0) return !want;
    if (n > 0) {
      len += (size_t)n;
      screen[len] = 0;
    }
    if (len + 1 >= size) return false;
  }
}

Test(pty, typed_lines_run_and_echo)
{
  acs_box_pty *t = open_shell(24, 80);
  static char screen[65536];
  screen[0] = 0;
  type(t, "echo hi-$((6 * 7))\r");
  cr_expect(screen_until(t, screen, sizeof screen, "hi-42\r\n"), "screen: [%s]", screen);
  cr_expect(strstr(screen, "echo hi-$((6 * 7))") != NULL, "the echo of the line: [%s]", screen);
  type(t, "test -t 0 && echo on-a-tty\r");
  cr_expect(screen_until(t, screen, sizeof screen, "on-a-tty\r\n"), "screen: [%s]", screen);
  acs_box_pty_free(t);
}

Test(pty, resize_is_what_stty_reports)
{
  acs_box_pty *t = open_shell(30, 100);
  static char screen[65536];
  screen[0] = 0;
  type(t, "stty size\r");
  cr_expect(screen_until(t, screen, sizeof screen, "30 100\r\n"), "screen: [%s]", screen);
  acs_err err = {0};
  cr_assert_eq(acs_box_pty_resize(t, 50, 132, &err), 0);
  type(t, "stty size\r");
  cr_expect(screen_until(t, screen, sizeof screen, "50 132\r\n"), "screen: [%s]", screen);
  cr_expect_eq(acs_box_pty_resize(t, 0, 80, &err), ACS_ECONFIG);
  cr_expect(err.message && strstr(err.message, "1 to 1000 rows"), "%s", err.message);
  acs_err_clear(&err);
  acs_box_pty_free(t);
}

Test(pty, the_box_serves_other_calls_while_a_terminal_is_open)
{
  acs_box_pty *a = open_shell(24, 80), *b = open_shell(24, 80);
  const char *argv[] = {"sh", "-c", "echo side"};
  acs_box_spawn_options so = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 3};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  cr_assert_eq(acs_box_spawn(box, &so, &r, &err), 0);
  cr_expect_str_eq(r->stdout_data, "side\n");
  acs_exec_result_free(r);
  static char sa[65536], sb[65536];
  sa[0] = sb[0] = 0;
  type(a, "echo from-a\r");
  type(b, "echo from-b\r");
  cr_expect(screen_until(a, sa, sizeof sa, "from-a\r\n"), "a: [%s]", sa);
  cr_expect(screen_until(b, sb, sizeof sb, "from-b\r\n"), "b: [%s]", sb);
  cr_expect(strstr(sa, "from-b") == NULL, "a shows b's screen: [%s]", sa);
  acs_box_pty_free(a);
  acs_box_pty_free(b);
}

Test(pty, exit_status_and_the_rest_of_the_screen)
{
  acs_box_pty *t = open_shell(24, 80);
  static char screen[65536];
  screen[0] = 0;
  type(t, "echo last-words; exit 7\r");
  bool ended = false;
  int code = -1;
  acs_box_pty_wait(t, 20000, &ended, &code);
  cr_assert(ended);
  cr_expect_eq(code, 7);
  acs_box_pty_hangup(t);
  cr_expect(screen_until(t, screen, sizeof screen, NULL), "no EOF after the hang-up: [%s]", screen);
  cr_expect(strstr(screen, "last-words\r\n") != NULL, "screen: [%s]", screen);
  acs_box_pty_free(t);
}

Test(pty, hangup_ends_the_shell_and_its_job)
{
  acs_box_pty *t = open_shell(24, 80);
  static char screen[65536];
  screen[0] = 0;
  type(t, "sleep 100\r");
  cr_expect(screen_until(t, screen, sizeof screen, "sleep 100\r\n"), "screen: [%s]", screen);
  acs_box_pty_hangup(t);
  bool ended = false;
  int code = -1;
  acs_box_pty_wait(t, 20000, &ended, &code);
  cr_expect(ended, "the shell outlived the hang-up");
  cr_expect_eq(code, 128 + SIGHUP);
  acs_box_pty_free(t);
  /* the job went with it */
  const char *argv[] = {"sh", "-c", "ps -e -o args | grep -c '^sleep 100' || true"};
  acs_box_spawn_options so = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 3};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  for (int i = 0; i < 100; i++) {
    cr_assert_eq(acs_box_spawn(box, &so, &r, &err), 0);
    bool gone = !strcmp(r->stdout_data, "0\n");
    if (!gone && i == 99) cr_expect_str_eq(r->stdout_data, "0\n", "sleep outlived its terminal");
    acs_exec_result_free(r);
    if (gone) break;
    usleep(100000);
  }
}

Test(pty, bad_options_say_what_is_wrong)
{
  acs_box_terminal_options o = {.version = ACS_BOX_TERMINAL_OPTIONS_VERSION, .cwd = "/nope"};
  acs_box_pty *t = NULL;
  acs_err err = {0};
  cr_expect_eq(acs_box_pty_open(box, &o, 24, 80, &t, &err), ACS_ECONFIG);
  cr_expect(err.message && strstr(err.message, "/nope"), "%s", err.message);
  acs_err_clear(&err);
  o.cwd = NULL;
  o.user = "mallory";
  cr_expect_eq(acs_box_pty_open(box, &o, 24, 80, &t, &err), ACS_ECONFIG);
  cr_expect(err.message && strstr(err.message, "mallory"), "%s", err.message);
  acs_err_clear(&err);
  o.user = NULL;
  cr_expect_eq(acs_box_pty_open(box, &o, 24, 5000, &t, &err), ACS_ECONFIG);
  acs_err_clear(&err);
  const char *argv[] = {"bash"};
  o.argv = argv;
  o.argc = 1;
  cr_expect_eq(acs_box_pty_open(box, &o, 24, 80, &t, &err), ACS_ECONFIG);
  cr_expect(err.message && strstr(err.message, "absolute"), "%s", err.message);
  acs_err_clear(&err);
  cr_expect_null(t);
}
