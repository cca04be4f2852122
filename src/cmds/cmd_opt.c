/* cmd_opt.c - the commands' option parser: GNU getopt_long's behaviour
** (bundled short options, attached or separate arguments, long options
** by unique prefix, "--", operands permuted to the front) with its state
** in a cmd_getopt instead of globals, and its messages worded as glibc's. */
#include "cmd.h"

#include "acs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cmd_getopt_init(cmd_getopt *g, int argc, char **argv, const char *shorts, const cmd_opt *longs)
{
  memset(g, 0, sizeof *g);
  g->argc = argc;
  g->argv = argv;
  g->shorts = shorts ? shorts : "";
  g->longs = longs;
  g->i = 1;
}

static bool stop_at_operand(const cmd_getopt *g) { return g->shorts[0] == '+'; }

static void operand(cmd_getopt *g, char *a)
{
  /* the write index never passes the read index, so this is safe */
  g->argv[++g->nops] = a;
}

static void finish(cmd_getopt *g)
{
  while (g->i < g->argc) operand(g, g->argv[g->i++]);
  g->done = true;
  if (g->nops + 1 < g->argc) g->argv[g->nops + 1] = NULL;
}

static int help_or_version(acs_cmd *c, bool help)
{
  int status;
  cmd_help_version(c, help ? "--help" : "--version", &status);
  return CMD_HELP_DONE;
}

/* --help and --version come with every command, as in coreutils */
static const cmd_opt builtin[] = {{"help", -10, CMD_NOARG}, {"version", -11, CMD_NOARG}, {0}};

static int long_option(acs_cmd *c, cmd_getopt *g, char *a)
{
  char *name = a + 2, *eq = strchr(name, '=');
  size_t len = eq ? (size_t)(eq - name) : strlen(name);
  const cmd_opt *hit = NULL, *lists[2] = {g->longs, builtin};
  bool ambiguous = false;
  for (int l = 0; l < 2 && !(hit && strlen(hit->name) == len); l++)
    for (const cmd_opt *o = lists[l]; o && o->name; o++) {
      if (len == 0 || strncmp(o->name, name, len)) continue;
      if (strlen(o->name) == len) {
        hit = o;
        ambiguous = false;
        break;
      }
      /* prefixes of several names for one option are not ambiguous */
      if (hit && (hit->code != o->code || hit->arg != o->arg)) ambiguous = true;
      if (!hit) hit = o;
    }
  if (ambiguous) {
    char msg[1024];
    int n = snprintf(msg, sizeof msg, "option '%.*s' is ambiguous; possibilities:", (int)(len + 2), a);
    for (int l = 0; l < 2; l++)
      for (const cmd_opt *o = lists[l]; o && o->name && n > 0 && (size_t)n < sizeof msg; o++)
        if (!strncmp(o->name, name, len)) n += snprintf(msg + n, sizeof msg - (size_t)n, " '--%s'", o->name);
    cmd_usage_error(c, "%s", msg);
    return CMD_BAD_USAGE;
  }
  if (!hit) {
    cmd_usage_error(c, "unrecognized option '%s'", a);
    return CMD_BAD_USAGE;
  }
  snprintf(g->opt, sizeof g->opt, "--%s", hit->name);
  g->arg = NULL;
  if (eq) {
    if (hit->arg == CMD_NOARG) {
      cmd_usage_error(c, "option '--%s' doesn't allow an argument", hit->name);
      return CMD_BAD_USAGE;
    }
    g->arg = eq + 1;
  } else if (hit->arg == CMD_ARG) {
    if (g->i >= g->argc) {
      cmd_usage_error(c, "option '--%s' requires an argument", hit->name);
      return CMD_BAD_USAGE;
    }
    g->arg = g->argv[g->i++];
  }
  if (hit->code == -10 || hit->code == -11) return help_or_version(c, hit->code == -10);
  return hit->code;
}

static int short_option(acs_cmd *c, cmd_getopt *g)
{
  char ch = *g->cluster++;
  const char *spec = g->shorts + (stop_at_operand(g) ? 1 : 0);
  const char *p = ch != ':' && ch != '+' ? strchr(spec, ch) : NULL;
  snprintf(g->opt, sizeof g->opt, "-%c", ch);
  g->arg = NULL;
  if (!p) {
    g->cluster = *g->cluster ? g->cluster : NULL;
    cmd_usage_error(c, "invalid option -- '%c'", ch);
    return CMD_BAD_USAGE;
  }
  if (p[1] == ':') {
    bool optional = p[2] == ':';
    if (*g->cluster) {
      g->arg = (char *)g->cluster;
    } else if (!optional) {
      if (g->i >= g->argc) {
        g->cluster = NULL;
        cmd_usage_error(c, "option requires an argument -- '%c'", ch);
        return CMD_BAD_USAGE;
      }
      g->arg = g->argv[g->i++];
    }
    g->cluster = NULL;
  } else if (!*g->cluster) {
    g->cluster = NULL;
  }
  return (unsigned char)ch;
}

int cmd_getopt_next(acs_cmd *c, cmd_getopt *g)
{
  if (g->done) return 0;
  if (g->cluster) return short_option(c, g);
  while (g->i < g->argc) {
    char *a = g->argv[g->i];
    if (a[0] != '-' || a[1] == 0) {
      if (stop_at_operand(g)) {
        finish(g);
        return 0;
      }
      g->i++;
      operand(g, a);
      continue;
    }
    g->i++;
    if (!strcmp(a, "--")) {
      finish(g);
      return 0;
    }
    if (a[1] == '-') return long_option(c, g, a);
    g->cluster = a + 1;
    return short_option(c, g);
  }
  finish(g);
  return 0;
}

bool cmd_parse_num(const char *s, bool suffixes, int64_t *out)
{
  if (!s || !*s) return false;
  errno = 0;
  char *end;
  long long v = strtoll(s, &end, 10);
  if (end == s || errno == ERANGE) return false;
  if (*end && suffixes) {
    static const char units[] = "KMGTPEZY";
    int64_t mult = 1;
    if (!strcmp(end, "b")) mult = 512;
    else if (!strcmp(end, "c")) mult = 1;
    else if (!strcmp(end, "w")) mult = 2;
    else {
      char u = *end == 'k' ? 'K' : *end;
      const char *at = strchr(units, u);
      if (!at || !u) return false;
      int64_t base = 1024;
      if (!strcmp(end + 1, "B")) base = 1000;
      else if (strcmp(end + 1, "iB") && end[1]) return false;
      for (long k = 0; k <= at - units; k++) {
        if (mult > INT64_MAX / base) return false;
        mult *= base;
      }
    }
    if (v && (v > INT64_MAX / mult || v < INT64_MIN / mult)) return false;
    *out = (int64_t)v * mult;
    return true;
  }
  if (*end) return false;
  *out = v;
  return true;
}
