/* ls_color.c - ls's colors: GNU's built-in table, or LS_COLORS as
** dircolors writes it (TYPE=CODE and *SUFFIX=CODE entries, separated by
** colons, with \e, \NNN, \xHH and ^X escapes).
**
** As GNU 9.1 decides: a regular file is set-uid, set-gid, executable or
** multiply linked before its suffix is looked at (case-sensitively), a
** directory sticky and other-writable, other-writable or sticky; a link
** whose target is missing is "or" when that is set (or ln=target), and
** ln=target colors each link as its target. The first color printed is
** preceded by the end sequence, as GNU resets the terminal before it. */
#include "ls.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const keys[LS_C_COUNT] = {"lc", "rc", "ec", "rs", "no", "fi", "di", "ln", "pi", "so", "bd", "cd",
                                             "mi", "or", "ex", "do", "su", "sg", "st", "ow", "tw", "ca", "mh", "cl"};

static const char *const builtin[LS_C_COUNT] = {"\033[", "m",     NULL,    "0",     NULL,    NULL,  "01;34", "01;36",
                                                "33",    "01;35", "01;33", "01;33", NULL,    NULL,  "01;32", "01;35",
                                                "37;41", "30;43", "37;44", "34;42", "30;42", NULL,  NULL,    "\033[K"};

/* one value of LS_COLORS, unescaped, up to ':' (or '=' for a suffix) */
static char *unescape(const char **pp, char stop)
{
  const char *p = *pp;
  char *out = malloc(strlen(p) + 1);
  size_t n = 0;
  if (!out) return NULL;
  while (*p && *p != ':' && *p != stop) {
    if (*p == '\\' && p[1]) {
      p++;
      static const char esc[] = "abefnrtv?_";
      static const char val[] = "\a\b\033\f\n\r\t\v\177 ";
      const char *e = strchr(esc, *p);
      if (e) {
        out[n++] = val[e - esc], p++;
      } else if (*p >= '0' && *p <= '7') {
        int v = 0;
        for (int k = 0; k < 3 && *p >= '0' && *p <= '7'; k++) v = v * 8 + (*p++ - '0');
        out[n++] = (char)v;
      } else if ((*p == 'x' || *p == 'X') && strchr("0123456789abcdefABCDEF", p[1]) && p[1]) {
        int v = 0;
        p++;
        for (int k = 0; k < 2 && *p && strchr("0123456789abcdefABCDEF", *p); k++, p++)
          v = v * 16 + (*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
        out[n++] = (char)v;
      } else {
        out[n++] = *p++;
      }
    } else if (*p == '^' && p[1]) {
      out[n++] = p[1] == '?' ? 127 : (char)(p[1] & 31);
      p += 2;
    } else {
      out[n++] = *p++;
    }
  }
  out[n] = 0;
  *pp = p;
  return out;
}

void ls_color_init(ls_cache *k)
{
  for (int i = 0; i < LS_C_COUNT; i++) k->code[i] = builtin[i];
  const char *env = getenv("LS_COLORS");
  if (!env || !*env) return;
  for (const char *p = env; *p;) {
    if (*p == ':') {
      p++;
      continue;
    }
    if (*p == '*') {
      p++;
      char *suffix = unescape(&p, '=');
      if (*p != '=') { /* a malformed database: GNU then drops it all */
        free(suffix);
        break;
      }
      p++;
      char *code = unescape(&p, 0);
      ls_suffix *ns = realloc(k->suffix, (k->nsuffix + 1) * sizeof *ns);
      if (!ns || !suffix || !code) {
        free(suffix);
        free(code);
        break;
      }
      k->suffix = ns;
      k->suffix[k->nsuffix++] = (ls_suffix){suffix, code};
      continue;
    }
    if (!p[0] || !p[1] || p[2] != '=') break;
    char key[3] = {p[0], p[1], 0};
    p += 3;
    char *code = unescape(&p, 0);
    if (!code) break;
    int i = 0;
    while (i < LS_C_COUNT && strcmp(keys[i], key)) i++;
    if (i == LS_C_LN && !strcmp(code, "target")) {
      k->link_as_target = true;
      free(code);
      continue;
    }
    if (i == LS_C_COUNT) {
      free(code);
      continue;
    }
    k->owned[i] = code;
    k->code[i] = code;
  }
}

void ls_color_free(ls_cache *k)
{
  for (int i = 0; i < LS_C_COUNT; i++) free(k->owned[i]);
  for (size_t i = 0; i < k->nsuffix; i++) {
    free(k->suffix[i].suffix);
    free(k->suffix[i].code);
  }
  free(k->suffix);
}

static bool set(const ls_cache *k, int i) { return k->code[i] && *k->code[i] && strcmp(k->code[i], "0") && strcmp(k->code[i], "00"); }

const char *ls_color_code(const ls_cache *k, const ls_ent *e, bool target)
{
  unsigned m;
  const char *name = target ? e->link : e->name;
  bool linkok = e->link_ok;
  if (target) {
    if (!e->link_ok) return k->code[LS_C_MI] ? k->code[LS_C_MI] : k->code[LS_C_OR];
    m = e->link_mode;
  } else if (e->stat_ok) {
    m = e->st.mode;
    if (S_ISLNK(m) && k->link_as_target && linkok) m = e->link_mode, name = e->link ? e->link : e->name;
  } else {
    return e->dtype == 4 ? k->code[LS_C_DI] : k->code[LS_C_FI];
  }
  int type;
  switch (m & S_IFMT) {
  case S_IFREG:
    type = LS_C_FI;
    if ((m & S_ISUID) && set(k, LS_C_SU)) type = LS_C_SU;
    else if ((m & S_ISGID) && set(k, LS_C_SG)) type = LS_C_SG;
    else if ((m & 0111) && set(k, LS_C_EX)) type = LS_C_EX;
    else if (e->st.nlink > 1 && !target && set(k, LS_C_MH)) type = LS_C_MH;
    break;
  case S_IFDIR:
    type = LS_C_DI;
    if ((m & S_ISVTX) && (m & S_IWOTH) && set(k, LS_C_TW)) type = LS_C_TW;
    else if ((m & S_IWOTH) && set(k, LS_C_OW)) type = LS_C_OW;
    else if ((m & S_ISVTX) && set(k, LS_C_ST)) type = LS_C_ST;
    break;
  case S_IFLNK:
    type = LS_C_LN;
    if (!linkok && (k->link_as_target || set(k, LS_C_OR))) type = LS_C_OR;
    break;
  case S_IFIFO: type = LS_C_PI; break;
  case S_IFSOCK: type = LS_C_SO; break;
  case S_IFBLK: type = LS_C_BD; break;
  case S_IFCHR: type = LS_C_CD; break;
  default: type = LS_C_OR; break;
  }
  if (type == LS_C_FI && name) {
    size_t len = strlen(name);
    for (size_t i = 0; i < k->nsuffix; i++) {
      size_t sl = strlen(k->suffix[i].suffix);
      if (sl <= len && !strcmp(name + len - sl, k->suffix[i].suffix)) return k->suffix[i].code;
    }
  }
  return k->code[type];
}

static void end_seq(acs_cmd *c, const ls_cache *k)
{
  if (k->code[LS_C_EC]) {
    cmd_puts(c, k->code[LS_C_EC]);
  } else {
    cmd_puts(c, k->code[LS_C_LC] ? k->code[LS_C_LC] : "");
    cmd_puts(c, k->code[LS_C_RS] ? k->code[LS_C_RS] : "");
    cmd_puts(c, k->code[LS_C_RC] ? k->code[LS_C_RC] : "");
  }
}

void ls_color_put(acs_cmd *c, ls_cache *k, const char *code, const char *text)
{
  if (!code || !*code) {
    cmd_puts(c, text);
    return;
  }
  if (!k->used) end_seq(c, k);
  k->used = true;
  cmd_puts(c, k->code[LS_C_LC] ? k->code[LS_C_LC] : "");
  cmd_puts(c, code);
  cmd_puts(c, k->code[LS_C_RC] ? k->code[LS_C_RC] : "");
  cmd_puts(c, text);
  end_seq(c, k);
}

void ls_color_finish(acs_cmd *c, ls_cache *k)
{
  /* GNU ends with an empty sequence when its brackets are not the usual */
  bool usual = k->code[LS_C_LC] && !strcmp(k->code[LS_C_LC], "\033[") && k->code[LS_C_RC] &&
               !strcmp(k->code[LS_C_RC], "m");
  if (k->used && !usual) {
    cmd_puts(c, k->code[LS_C_LC] ? k->code[LS_C_LC] : "");
    cmd_puts(c, k->code[LS_C_RC] ? k->code[LS_C_RC] : "");
  }
}
