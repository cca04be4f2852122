/* interactive.c - the shell at a prompt on the box's terminal (`bash -i`,
** or no script with a terminal on stdin): ~/.bashrc, PS1 and PS2 (\u \h
** \H \w \W \$ \n \s \v \d \t \[ \] \e \a \\), a line editor, job control
** (each job the terminal's foreground group, ^Z stops it, fg/bg/jobs),
** job notices before each prompt, ^C gives up the line or stops the job
** and never the shell, `exit` or ^D on an empty line ends it. */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static size_t cmd_start; /* where the command being read starts in the source */

static char *expand_prompt(const char *ps)
{
  sbuf b = {0};
  for (const char *p = ps; *p; p++) {
    if (*p != '\\' || !p[1]) {
      sb_addc(&b, *p);
      continue;
    }
    char c = *++p;
    switch (c) {
    case 'u': {
      const char *u = var_get("USER");
      sb_adds(&b, u ? u : "root");
      break;
    }
    case 'h':
    case 'H': {
      const char *h = var_get("HOSTNAME");
      h = h ? h : "box";
      sb_add(&b, h, c == 'h' ? strcspn(h, ".") : strlen(h));
      break;
    }
    case 'w':
    case 'W': {
      const char *pwd = var_get("PWD");
      const char *home = var_get("HOME");
      pwd = pwd ? pwd : "";
      size_t hl = home ? strlen(home) : 0;
      if (c == 'W') {
        const char *s = strrchr(pwd, '/');
        if (home && !strcmp(pwd, home)) sb_adds(&b, "~");
        else sb_adds(&b, s && s[1] ? s + 1 : pwd);
      } else if (hl > 1 && !strncmp(pwd, home, hl) && (pwd[hl] == '/' || !pwd[hl])) {
        sb_addc(&b, '~');
        sb_adds(&b, pwd + hl);
      } else {
        sb_adds(&b, pwd);
      }
      break;
    }
    case '$': {
      const char *uid = var_get("EUID");
      sb_addc(&b, uid && !strcmp(uid, "0") ? '#' : '$');
      break;
    }
    case 's': sb_adds(&b, sh.is_bash ? "bash" : "sh"); break;
    case 'v': sb_adds(&b, "5.2"); break;
    case 'V': sb_adds(&b, "5.2.15"); break;
    case 'n': sb_addc(&b, '\n'); break;
    case 'e': sb_addc(&b, 033); break;
    case 'a': sb_addc(&b, 7); break;
    case '[': sb_addc(&b, 1); break; /* the line editor does not count what is between */
    case ']': sb_addc(&b, 2); break;
    case '\\': sb_addc(&b, '\\'); break;
    case 'd':
    case 't': {
      time_t now = time(NULL);
      struct tm tm;
      gmtime_r(&now, &tm);
      char t[64];
      strftime(t, sizeof t, c == 'd' ? "%a %b %d" : "%H:%M:%S", &tm);
      sb_adds(&b, t);
      break;
    }
    default: sb_addc(&b, '\\'); sb_addc(&b, c);
    }
  }
  return sb_take(&b);
}

/* COLUMNS and LINES as the terminal is now (bash's checkwinsize) */
static void window_vars(void)
{
  int rows, cols;
  if (acs_sys_getwinsz(0, &rows, &cols) != 0) return;
  char num[16];
  snprintf(num, sizeof num, "%d", cols);
  var_set("COLUMNS", num, 0);
  snprintf(num, sizeof num, "%d", rows);
  var_set("LINES", num, 0);
}

const char *interactive_prompt(source *s)
{
  static char *last;
  bool fresh = true;
  for (size_t i = cmd_start; i < s->len && fresh; i++)
    fresh = s->text[i] == ' ' || s->text[i] == '\t' || s->text[i] == '\n';
  if (fresh) {
    jobs_notify();
    window_vars();
  }
  const char *ps = var_get(fresh ? "PS1" : "PS2");
  free(last);
  last = expand_prompt(ps ? ps : "");
  return last;
}

void sh_source_if_there(const char *path)
{
  acs__sys_stat st;
  if (acs_sys_stat(path, &st) != 0) return;
  char *argv[] = {".", (char *)path, NULL};
  builtin_fn dot = NULL;
  bool special;
  dot = builtin_find(".", &special);
  if (dot) dot(2, argv);
}

int interactive_main(void)
{
  sh.interactive = true;
  sh.at_prompt = true;
  char *sa[] = {"shopt", "-s", "expand_aliases", NULL};
  bi_shopt(3, sa);
  if (!var_get("PS1")) var_set("PS1", "\\u@\\h:\\w\\$ ", 0);
  if (!var_get("PS2")) var_set("PS2", "> ", 0);
  jc_init(0);
  const char *home = var_get("HOME");
  if (home && !sh.login && !sh.norc) { /* a login shell reads its profile files instead (main.c) */
    char rc[4200];
    snprintf(rc, sizeof rc, "%s/.bashrc", home);
    sh_source_if_there(rc);
    out_flush();
  }
  for (;;) {
    source *s = src_new_fd(0, "stdin");
    s->interactive = true;
    set_cur_source(s);
    lexer lx = {.src = s, .ar = &s->ar, .line = sh.line > 0 ? sh.line : 1};
    bool end = false;
    for (;;) {
      cmd_start = s->len;
      jc_clear_interrupt();
      node *n = NULL;
      int rc = ps_command(&lx, &n);
      if (le_cancelled) {
        sh.status = 130;
        break; /* ^C: the command being typed is given up */
      }
      if (rc < 0) {
        sh_error("%s", lx.errmsg ? lx.errmsg : "syntax error");
        free(lx.errmsg);
        sh.status = 2;
        break;
      }
      if (!n) {
        end = s->eof;
        break;
      }
      window_vars(); /* the window may have changed while the line was typed */
      run_node(n);
      out_flush();
      /* ^C in the shell's own read or wait: the line after the echoed ^C,
      ** as a job's ^C gets (jobs.c) */
      if (jc_took_sigint()) sh_write(2, "\n", 1);
      sh.aborting = false;
      sh.returning = false;
      sh.breaking = sh.continuing = 0;
      if (jc_interrupted()) sh.status = 130;
      if (sh.exiting) sh_exit(sh.exit_status);
    }
    free(lx.hd);
    set_cur_source(NULL);
    /* nodes of the jobs and functions still point into it: it stays */
    if (end) break;
  }
  sh_exit(sh.status);
}
