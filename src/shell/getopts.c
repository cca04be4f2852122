/* getopts.c - the getopts builtin, as bash's: OPTIND counts from 1 over
** $0's arguments, a bundle (-abc) is walked one letter per call with
** OPTIND left on it until its last letter, a leading ':' (or OPTERR=0)
** makes errors silent and reports them through the name and OPTARG.
**
** The position inside a bundle lives here; it is forgotten when OPTIND is
** no longer the value getopts itself left (the script reset it). */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long left_optind = -1; /* the OPTIND value the last call wrote */
static int charpos;           /* next letter in the current bundle, 0 none */

static void say(const char *fmt, int c)
{
  char line[512];
  int n = snprintf(line, sizeof line, fmt, sh.name ? sh.name : "sh", c);
  if (n > 0) {
    out_flush();
    sh_write(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  }
}

int bi_getopts(int argc, char **argv)
{
  if (argc < 3) {
    sh_usage("getopts: usage: getopts optstring name [arg ...]\n");
    return 2;
  }
  const char *spec = argv[1], *name = argv[2];
  char **args = argc > 3 ? argv + 3 : sh.argv;
  long nargs = argc > 3 ? argc - 3 : sh.argc;
  long end = nargs + 1; /* bash's argc: $0 and the arguments */
  const char *optind_s = var_get("OPTIND"), *opterr = var_get("OPTERR");
  long optind = optind_s && *optind_s ? strtol(optind_s, NULL, 10) : 1;
  if (optind != left_optind) charpos = 0;
  bool silent = spec[0] == ':' || (opterr && !strcmp(opterr, "0"));
  int ret = -1, optopt = 0;
  const char *optarg = NULL;
  if (optind == 0) { /* bash starts over */
    optind = 1;
    charpos = 0;
  }
  if (optind >= end || optind < 0) {
    optind = end;
  } else {
    const char *arg = args[optind - 1];
    if (!charpos) {
      if (!strcmp(arg, "--")) optind++;
      else if (arg[0] == '-' && arg[1]) charpos = 1;
    }
    if (charpos) {
      int c = (unsigned char)arg[charpos++];
      optopt = c;
      if (!arg[charpos]) {
        optind++;
        charpos = 0;
      }
      const char *at = c == ':' ? NULL : strchr(spec, c);
      if (!at) {
        if (!silent) say("%s: illegal option -- %c\n", c);
        ret = '?';
      } else if (at[1] == ':') {
        if (charpos) {
          optarg = arg + charpos;
          optind++;
        } else if (optind == end) {
          if (!silent) say("%s: option requires an argument -- %c\n", c);
          ret = silent ? ':' : '?';
        } else {
          optarg = args[optind++ - 1];
        }
        charpos = 0;
        if (ret < 0) ret = c;
      } else {
        ret = c;
      }
    }
  }
  char num[32];
  snprintf(num, sizeof num, "%ld", optind);
  var_set("OPTIND", num, 0);
  left_optind = optind;
  char opt[2] = {0, 0};
  if (ret < 0) {
    var_unset("OPTARG");
    opt[0] = '?';
  } else if (ret == '?') {
    char o[2] = {(char)optopt, 0};
    if (silent) var_set("OPTARG", o, 0);
    else var_unset("OPTARG");
    opt[0] = '?';
  } else if (ret == ':') {
    char o[2] = {(char)optopt, 0};
    var_set("OPTARG", o, 0);
    opt[0] = ':';
  } else {
    if (optarg) var_set("OPTARG", optarg, 0);
    else var_unset("OPTARG");
    opt[0] = (char)ret;
  }
  if (!is_name(name, strlen(name))) {
    sh_error("getopts: `%s': not a valid identifier", name);
    return 1;
  }
  if (var_set(name, opt, 0) < 0) return 1;
  return ret < 0 ? 1 : 0;
}
