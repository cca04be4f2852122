/* lib_backup.c - backup names (lib_backup.h). */
#include "lib_backup.h"
#include "lib_fileop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int backup_kind(acs_cmd *c, const char *arg)
{
  bool from_env = !arg;
  if (!arg) arg = getenv("VERSION_CONTROL");
  if (!arg || !*arg) return BACKUP_EXISTING;
  static const char *const words[] = {"none", "off", "simple", "never", "existing", "nil", "numbered", "t"};
  static const int kinds[] = {BACKUP_NONE,     BACKUP_NONE,     BACKUP_SIMPLE,   BACKUP_SIMPLE,
                              BACKUP_EXISTING, BACKUP_EXISTING, BACKUP_NUMBERED, BACKUP_NUMBERED};
  /* argmatch: an exact word, or a prefix of only one */
  int found = -1;
  size_t len = strlen(arg);
  for (int i = 0; i < 8; i++) {
    if (!strcmp(arg, words[i])) {
      found = i;
      break;
    }
    if (!strncmp(arg, words[i], len)) found = found == -1 || kinds[found] == kinds[i] ? i : -2;
  }
  if (found >= 0) return kinds[found];
  char q[1024];
  cmd_error(c, "%s argument %s for %s", found == -2 ? "ambiguous" : "invalid", cmd_quote(arg, q, sizeof q),
            from_env ? "'$VERSION_CONTROL'" : "'backup type'");
  static const char valid[] = "Valid arguments are:\n  - 'none', 'off'\n  - 'simple', 'never'\n"
                              "  - 'existing', 'nil'\n  - 'numbered', 't'\n";
  acs_sys_write_all(2, valid, sizeof valid - 1);
  int n = snprintf(q, sizeof q, "Try '%s --help' for more information.\n", c->name);
  if (n > 0 && (size_t)n < sizeof q) acs_sys_write_all(2, q, (size_t)n);
  return -1;
}

const char *backup_suffix(const char *opt)
{
  if (opt) return opt;
  const char *env = getenv("SIMPLE_BACKUP_SUFFIX");
  /* GNU refuses a suffix with a slash */
  return env && *env && !strchr(env, '/') ? env : "~";
}

/* the highest N of BASE.~N~ in the file's directory */
static unsigned long highest(const char *path)
{
  char *dir = fileop_dir(path), *base = fileop_base(path);
  unsigned long max = 0;
  cmd_dirent *ents;
  size_t n;
  if (dir && base && cmd_dir_read(dir, &ents, &n) == 0) {
    size_t bl = strlen(base);
    for (size_t i = 0; i < n; i++) {
      const char *e = ents[i].name;
      if (strncmp(e, base, bl) || e[bl] != '.' || e[bl + 1] != '~') continue;
      char *end;
      unsigned long v = strtoul(e + bl + 2, &end, 10);
      if (end != e + bl + 2 && end[0] == '~' && !end[1] && e[bl + 2] != '0' && v > max) max = v;
    }
    cmd_dir_free(ents, n);
  }
  free(dir);
  free(base);
  return max;
}

char *backup_name(const char *path, int kind, const char *suffix)
{
  if (kind == BACKUP_NONE) return NULL;
  size_t n = strlen(path);
  char *name = malloc(n + strlen(suffix) + 32);
  if (!name) return NULL;
  unsigned long max = kind == BACKUP_SIMPLE ? 0 : highest(path);
  if (kind == BACKUP_NUMBERED || (kind == BACKUP_EXISTING && max > 0))
    sprintf(name, "%s.~%lu~", path, max + 1);
  else
    sprintf(name, "%s%s", path, suffix);
  return name;
}
