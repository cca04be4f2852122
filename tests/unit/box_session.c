/* box_session.c - acs_box_session_* (one long-lived shell whose state
** lasts between runs) and the box's terminal through acs_box_terminal:
** the line discipline (canonical mode, erase, kill, word erase, echo, ^C,
** ^D), isatty, raw mode as the shell's line editor sets it, job control
** signals. The box's real commands and shell run here. */
#include <acs.h>
#include <criterion/criterion.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static acs_box *box;
static acs_box_session *ses;

static void setup(void)
{
  acs_err err = {0};
  cr_assert_eq(acs_box_new(NULL, &box, &err), 0, "box: %s", err.message ? err.message : "");
  cr_assert_eq(acs_box_session_new(box, NULL, &ses, &err), 0, "session: %s",
               err.message ? err.message : "");
}

static void teardown(void)
{
  acs_box_session_free(ses);
  acs_box_free(box);
}

static acs_exec_result *run(const char *script, int64_t timeout_ms)
{
  acs_box_run_options o = {.version = ACS_BOX_RUN_OPTIONS_VERSION, .script = script,
                           .timeout_ms = timeout_ms};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  int rc = acs_box_session_run(ses, &o, &r, &err);
  cr_assert_eq(rc, 0, "run '%s': %s", script, err.message ? err.message : "");
  return r;
}

static void expect(const char *script, const char *out, const char *errs, int status)
{
  acs_exec_result *r = run(script, 0);
  cr_expect_str_eq(r->stdout_data, out, "stdout of '%s': [%s]", script, r->stdout_data);
  cr_expect_str_eq(r->stderr_data, errs, "stderr of '%s': [%s]", script, r->stderr_data);
  cr_expect(r->has_exit_code && r->exit_code == status, "status of '%s': %d", script, r->exit_code);
  acs_exec_result_free(r);
}

TestSuite(session, .init = setup, .fini = teardown, .timeout = 60);

Test(session, state_lasts_between_runs)
{
  expect("cd /tmp; export A=1; x=5; f() { echo f$1; }; alias ll='echo ALIAS'; set -o pipefail", "", "", 0);
  expect("pwd; echo $A $x; f 2; ll; sh -c 'echo $A'; set -o | grep pipefail", "/tmp\n1 5\nf2\nALIAS\n1\npipefail       \ton\n", "", 0);
}

Test(session, each_run_has_its_own_output_and_status)
{
  expect("echo out; echo err >&2; false", "out\n", "err\n", 1);
  expect("true", "", "", 0);
  expect("printf 'no newline'", "no newline", "", 0);
  /* a syntax error is the run's, and the session goes on */
  /* as bash -c words them */
  expect("if then", "", "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `if then'\n", 2);
  expect("nosuch", "", "bash: line 1: nosuch: command not found\n", 127);
  expect("echo $?", "127\n", "", 0);
}

Test(session, a_timed_out_program_does_not_end_the_session)
{
  expect("y=kept", "", "", 0);
  acs_exec_result *r = run("echo before; sleep 30; echo never", 300);
  cr_expect(r->timed_out);
  cr_expect_str_eq(r->stopped_by, "timeout");
  cr_expect_str_eq(r->stdout_data, "before\n");
  cr_expect(r->duration_ms < 10000);
  acs_exec_result_free(r);
  expect("echo $?; echo $y", "130\nkept\n", "", 0);
  /* a loop of the shell's own: the shell gives the script up */
  r = run("while :; do :; done; echo never", 300);
  cr_expect(r->timed_out);
  cr_expect_str_eq(r->stdout_data, "");
  acs_exec_result_free(r);
  expect("echo $y", "kept\n", "", 0);
}

Test(session, a_job_that_ignores_sigint_is_killed)
{
  acs_exec_result *r = run("bash -c 'trap \"\" INT; sleep 30'", 200);
  cr_expect(r->timed_out);
  cr_expect(r->duration_ms < 15000);
  acs_exec_result_free(r);
  expect("echo alive", "alive\n", "", 0);
}

static void *cancel_later(void *s)
{
  struct timespec ts = {0, 300 * 1000 * 1000};
  nanosleep(&ts, NULL);
  acs_box_session_cancel(s);
  return NULL;
}

Test(session, cancel_stops_the_foreground_job)
{
  pthread_t t;
  pthread_create(&t, NULL, cancel_later, ses);
  acs_exec_result *r = run("sleep 30; echo never", 0);
  pthread_join(t, NULL);
  cr_expect(r->timed_out);
  cr_expect_str_eq(r->stopped_by, "signal");
  cr_expect_str_eq(r->stdout_data, "");
  acs_exec_result_free(r);
  expect("echo alive", "alive\n", "", 0);
}

Test(session, background_jobs_outlive_a_run)
{
  expect("sleep 0.3 > /dev/null & echo started", "started\n", "", 0);
  expect("wait; echo $?; jobs", "0\n", "", 0);
  /* each job is a process group of its own; the shell leads its session */
  expect("sleep 5 & ps -o pid,pgid,comm | grep sleep | awk '{print ($1 == $2)}'; kill %1", "1\n", "", 0);
}

Test(session, exit_ends_it)
{
  expect("exit 7", "", "", 7);
  cr_expect(!acs_box_session_alive(ses));
  acs_box_run_options o = {.version = ACS_BOX_RUN_OPTIONS_VERSION, .script = "echo x"};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  cr_expect_eq(acs_box_session_run(ses, &o, &r, &err), ACS_ECONFIG);
  cr_expect(err.message && strstr(err.message, "exited"), "%s", err.message ? err.message : "");
  acs_err_clear(&err);
}

Test(session, the_programs_see_no_terminal)
{
  expect("test -t 0; echo $? ; test -t 1; echo $?", "1\n1\n", "", 0);
}

/* ------------------------------------------------------------ terminal */

typedef struct typist {
  int fd, screen;            /* where typing goes, where the screen comes */
  const char *const *chunks; /* pairs: text to wait for on the screen ("": none), then what to type */
  char buf[1 << 16];
  size_t n, mark; /* what came, and where the next wait looks from */
} typist;

/* read the screen until it shows want (at most 20 s) */
static void screen_until(typist *t, const char *want)
{
  char *at;
  for (int i = 0; i < 200 && !(at = strstr(t->buf + t->mark, want)); i++) {
    struct pollfd pf = {.fd = t->screen, .events = POLLIN};
    if (poll(&pf, 1, 100) > 0 && t->n < sizeof t->buf - 1) {
      ssize_t k = read(t->screen, t->buf + t->n, sizeof t->buf - 1 - t->n);
      if (k <= 0) return;
      t->n += (size_t)k;
      t->buf[t->n] = 0;
    }
  }
  if ((at = strstr(t->buf + t->mark, want))) t->mark = (size_t)(at - t->buf) + strlen(want);
}

static void *type_in(void *u)
{
  typist *t = u;
  for (size_t i = 0; t->chunks[i] && t->chunks[i + 1]; i += 2) {
    screen_until(t, t->chunks[i]);
    ssize_t w = write(t->fd, t->chunks[i + 1], strlen(t->chunks[i + 1]));
    (void)w;
  }
  close(t->fd);
  screen_until(t, "\001never shown");
  return NULL;
}

/* Run argv on a box terminal with chunks typed: the screen, the status. */
static char *on_terminal(const char *const *argv, size_t argc, const char *const *chunks, int *status)
{
  int in[2], out[2];
  cr_assert_eq(pipe(in), 0);
  cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, out), 0);
  typist *t = calloc(1, sizeof *t);
  t->fd = in[1];
  t->screen = out[1];
  t->chunks = chunks;
  pthread_t th;
  pthread_create(&th, NULL, type_in, t);
  acs_box_terminal_options o = {.version = ACS_BOX_TERMINAL_OPTIONS_VERSION, .argv = argv,
                                .argc = argc, .in_fd = in[0], .out_fd = out[0]};
  acs_err err = {0};
  int rc = acs_box_terminal(box, &o, status, &err);
  cr_assert_eq(rc, 0, "terminal: %s", err.message ? err.message : "");
  shutdown(out[0], SHUT_WR); /* the typist reads the rest, to the end */
  pthread_join(th, NULL);
  close(in[0]);
  close(out[0]);
  close(out[1]);
  char *screen = strdup(t->buf);
  free(t);
  return screen;
}

Test(session, canonical_mode_erase_kill_and_word_erase)
{
  const char *argv[] = {"/bin/bash", "-c", "for i in 1 2 3; do IFS= read -r l; echo \"got[$l]\"; done; test -t 0 && test -t 1 && echo tty"};
  const char *typed[] = {"", "abc\177d\n", "got[abd]", "xyz\025ok\n", "got[ok]", "foo bar\027baz\n", NULL};
  int st = -1;
  char *s = on_terminal(argv, 3, typed, &st);
  cr_expect_eq(st, 0);
  cr_expect(strstr(s, "got[abd]\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "got[ok]\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "got[foo baz]\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "tty\r\n"), "screen: %s", s);
  /* echo: what was typed is on the screen, the erase as the terminal draws it */
  cr_expect(strstr(s, "abc\b \bd"), "screen: %s", s);
  free(s);
}

Test(session, ctrl_c_signals_the_foreground_and_ctrl_d_ends_input)
{
  const char *argv[] = {"/bin/bash", "-c", "cat; echo cat=$?; sleep 30; echo never"};
  const char *typed[] = {"", "line\n", "line\r\nline", "\004", "cat=0", "\003", NULL};
  int st = -1;
  char *s = on_terminal(argv, 3, typed, &st);
  cr_expect(strstr(s, "line\r\nline\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "cat=0"), "screen: %s", s);
  cr_expect(!strstr(s, "never"), "screen: %s", s);
  cr_expect(strstr(s, "^C"), "screen: %s", s);
  cr_expect_eq(st, 130);
  free(s);
}

Test(session, the_shell_edits_lines_in_raw_mode)
{
  const char *argv[] = {"/bin/bash", "-i"};
  /* left arrow twice, then a letter; ^A and ^K; history up */
  const char *typed[] = {"# ", "PS1='$ '\r", "\r$ ", "echo ab\033[D\033[Dx\r", "xab\r\n\r$ ",
                         "echo gone\001\013echo kept\r", "kept\r\n\r$ ", "\033[A\r", "kept\r\n\r$ ",
                         "exit 4\r", NULL};
  int st = -1;
  char *s = on_terminal(argv, 2, typed, &st);
  cr_expect(strstr(s, "\r\nxab\r\n"), "screen: %s", s);
  cr_expect(!strstr(s, "gone\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "echo kept\r\nkept\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "echo kept\033[K\r\nkept\r\n"), "screen: %s", s); /* recalled */
  cr_expect_eq(st, 4);
  free(s);
}

Test(session, ctrl_z_stops_a_job_and_fg_resumes_it)
{
  const char *argv[] = {"/bin/bash", "-i"};
  /* the job says when it runs: ^Z then finds it the terminal's foreground */
  const char *typed[] = {"# ", "PS1='$ '\r", "\r$ ", "sh -c 'echo started; sleep 30'\r", "\nstarted",
                         "\032", "Stopped", "jobs\r", "jobs\r\n[1]+", "fg\r", "fg\r\nsh -c",
                         "\003", "^C", "echo $?\r", "130", "exit\r", NULL};
  int st = -1;
  char *s = on_terminal(argv, 2, typed, &st);
  cr_expect(strstr(s, "[1]+  Stopped                 sh -c 'echo started; sleep 30'\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "jobs\r\n[1]+  Stopped                 sh -c 'echo started; sleep 30'\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "fg\r\nsh -c 'echo started; sleep 30'\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "\r\n130\r\n"), "screen: %s", s);
  cr_expect_eq(st, 0);
  free(s);
}

Test(session, stty_sets_the_window_and_echo)
{
  const char *argv[] = {"/bin/bash", "-c", "trap 'echo winch' WINCH; stty rows 10 cols 33; stty size; "
                                           "stty -echo; echo ready; IFS= read -r l; stty echo; echo \"[$l]\"; stty bogus"};
  const char *typed[] = {"ready", "secret\n", NULL};
  int st = -1;
  char *s = on_terminal(argv, 3, typed, &st);
  cr_expect(strstr(s, "10 33\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "winch\r\n"), "screen: %s", s);
  cr_expect(strstr(s, "[secret]\r\n"), "screen: %s", s);
  cr_expect(!strstr(s, "secret\r\n["), "typed with -echo, shown: %s", s);
  cr_expect(strstr(s, "stty: invalid argument 'bogus'"), "screen: %s", s);
  cr_expect_eq(st, 1);
  free(s);
}

Test(session, a_wait_of_the_shell_is_stopped_too)
{
  acs_exec_result *r = run("sleep 30 & wait; echo never", 300);
  cr_expect(r->timed_out);
  cr_expect_str_eq(r->stdout_data, "");
  acs_exec_result_free(r);
  /* the session lives (the shell gave the wait up, it was not killed) */
  expect("echo alive; jobs", "alive\n[1]+  Running                 sleep 30 &\n", "", 0);
}

/* the shell itself waiting (wait, read of a pipe nobody writes) when the
** run times out: SIGINT ends its wait, the script is given up and the
** session goes on (it was killed and the session ended). An open of a
** fifo nobody opens still waits in the kernel: not interrupted yet. */
Test(session, a_timeout_in_the_shell_s_own_wait_keeps_the_session)
{
  expect("z=kept", "", "", 0);
  acs_exec_result *r = run("sleep 30 & wait; echo never", 300);
  cr_expect(r->timed_out);
  cr_expect(r->duration_ms < 15000, "took %lld ms", (long long)r->duration_ms);
  cr_expect_str_eq(r->stdout_data, "");
  acs_exec_result_free(r);
  expect("echo $z", "kept\n", "", 0);
  r = run("read x < <(sleep 30); echo never", 300);
  cr_expect(r->timed_out);
  cr_expect_str_eq(r->stdout_data, "");
  acs_exec_result_free(r);
  expect("echo $z", "kept\n", "", 0);
}
