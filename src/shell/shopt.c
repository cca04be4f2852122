/* shopt.c - bash's shopt: its whole list of option names (so scripts that
** set one we do not act on still run, as they do in bash), with -s -u -p
** -q -o. The options that change what the shell does here: nullglob,
** failglob, dotglob, nocaseglob (pathname expansion, glob.c and
** expand.c), xpg_echo (echo's escapes). The others are kept and reported
** only. */
#include "sh.h"

#include <stdio.h>
#include <string.h>

/* bash 5.2's names, sorted as `shopt` lists them; the ones on by default
** in a non-interactive bash come first in their bit values below */
static const char *const names[] = {
    "autocd", "assoc_expand_once", "cdable_vars", "cdspell", "checkhash", "checkjobs",
    "checkwinsize", "cmdhist", "compat31", "compat32", "compat40", "compat41", "compat42",
    "compat43", "compat44", "complete_fullquote", "direxpand", "dirspell", "dotglob", "execfail",
    "expand_aliases", "extdebug", "extglob", "extquote", "failglob", "force_fignore",
    "globasciiranges", "globskipdots", "globstar", "gnu_errfmt", "histappend", "histreedit",
    "histverify", "hostcomplete", "huponexit", "inherit_errexit", "interactive_comments",
    "lastpipe", "lithist", "localvar_inherit", "localvar_unset", "login_shell", "mailwarn",
    "no_empty_cmd_completion", "nocaseglob", "nocasematch", "noexpand_translation", "nullglob",
    "patsub_replacement", "progcomp", "progcomp_alias", "promptvars", "restricted_shell",
    "shift_verbose", "sourcepath", "varredir_close", "xpg_echo", NULL};
static const char *const on_by_default[] = {
    "checkwinsize", "cmdhist", "complete_fullquote", "extquote", "force_fignore",
    "globasciiranges", "globskipdots", "hostcomplete", "interactive_comments",
    "patsub_replacement", "progcomp", "promptvars", "sourcepath", NULL};

static int index_of(const char *name)
{
  for (int i = 0; names[i]; i++)
    if (!strcmp(names[i], name)) return i;
  return -1;
}

void shopt_init(void)
{
  sh.shopts = 0;
  for (int i = 0; on_by_default[i]; i++) sh.shopts |= 1ull << index_of(on_by_default[i]);
}

bool shopt_on(const char *name)
{
  int i = index_of(name);
  return i >= 0 && (sh.shopts >> i & 1);
}

/* set -o names, for shopt -o */
static bool *set_o(const char *name)
{
  static const struct { const char *name; size_t off; } o[] = {
      {"allexport", offsetof(shell, opt_a)}, {"errexit", offsetof(shell, opt_e)},
      {"noclobber", offsetof(shell, opt_C)}, {"noexec", offsetof(shell, opt_n)},
      {"noglob", offsetof(shell, opt_f)},    {"nounset", offsetof(shell, opt_u)},
      {"pipefail", offsetof(shell, pipefail)}, {"verbose", offsetof(shell, opt_v)},
      {"xtrace", offsetof(shell, opt_x)}};
  for (size_t i = 0; i < sizeof o / sizeof *o; i++)
    if (!strcmp(o[i].name, name)) return (bool *)((char *)&sh + o[i].off);
  return NULL;
}

static void show(const char *name, bool on, bool reusable, bool o_flag)
{
  if (reusable) out_printf("%s %s %s\n", o_flag ? "set" : "shopt", on ? (o_flag ? "-o" : "-s") : (o_flag ? "+o" : "-u"), name);
  else out_printf("%-15s\t%s\n", name, on ? "on" : "off");
}

int bi_shopt(int argc, char **argv)
{
  bool s = false, u = false, p = false, q = false, o = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      switch (*c) {
      case 's': s = true; break;
      case 'u': u = true; break;
      case 'p': p = true; break;
      case 'q': q = true; break;
      case 'o': o = true; break;
      default:
        sh_error("shopt: -%c: invalid option", *c);
        sh_usage("shopt: usage: shopt [-pqsu] [-o] [optname ...]\n");
        return 2;
      }
    }
  }
  if (s && u) {
    sh_error("shopt: cannot set and unset shell options simultaneously");
    return 1;
  }
  int st = 0;
  if (i == argc) { /* list: all, or those on (-s) or off (-u) */
    if (o) {
      static const char *const on[] = {"allexport", "errexit", "noclobber", "noexec", "noglob",
                                       "nounset", "pipefail", "verbose", "xtrace", NULL};
      for (int k = 0; on[k]; k++) {
        bool v = *set_o(on[k]);
        if ((s && !v) || (u && v)) continue;
        if (!q) show(on[k], v, p, true);
      }
      return 0;
    }
    for (int k = 0; names[k]; k++) {
      bool v = sh.shopts >> k & 1;
      if ((s && !v) || (u && v)) continue;
      if (!q) show(names[k], v, p, false);
    }
    return 0;
  }
  for (; i < argc; i++) {
    const char *name = argv[i];
    bool *ov = o ? set_o(name) : NULL;
    int k = o ? -1 : index_of(name);
    if (!ov && k < 0) {
      sh_error("shopt: %s: invalid %soption name", name, o ? "" : "shell ");
      st = 1;
      continue;
    }
    if (s || u) {
      if (ov) *ov = s;
      else if (s) sh.shopts |= 1ull << k;
      else sh.shopts &= ~(1ull << k);
      continue;
    }
    bool v = ov ? *ov : (sh.shopts >> k & 1);
    if (!v) st = 1;
    if (!q) show(name, v, p, o);
  }
  return st;
}
