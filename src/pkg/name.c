/* name.c - npm package names, by the registry's rules (those of
** validate-npm-package-name). A name ends up in a URL, a cache path and a
** node_modules directory, so anything that could be a path component of
** its own ("..", ".x") or needs escaping is refused here, before any of
** those are built. */
#include "name.h"

#include <string.h>

static bool lower_ok(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

/* One part: the name, or the scope without '@'. */
static const char *part(const char *s, size_t n, bool legacy, bool scoped)
{
  if (!n) return scoped ? "the scope or the name after it is empty" : "the name is empty";
  if (s[0] == '.') return "it must not start with '.'";
  if (s[0] == '_' && !scoped) return "it must not start with '_'";
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (lower_ok(c)) continue;
    if (c >= 'A' && c <= 'Z') {
      if (legacy) continue;
      return "it must be lower case";
    }
    if (legacy && strchr("~'!()*", c)) continue;
    if (c == ' ' || c == '\t') return "it must not contain spaces";
    return "it may hold only lower-case letters, digits, '-', '.' and '_'";
  }
  return NULL;
}

const char *acs__pkg_name_check(const char *name, size_t len, bool legacy)
{
  if (!name || !len) return "the name is empty";
  if (len > 214) return "it is longer than 214 characters";
  if (name[0] != '@') {
    if (memchr(name, '/', len)) return "only a scoped name (\"@scope/name\") may hold a '/'";
    if ((len == 12 && !memcmp(name, "node_modules", 12)) ||
        (len == 11 && !memcmp(name, "favicon.ico", 11)))
      return "that name is reserved";
    return part(name, len, legacy, false);
  }
  const char *slash = memchr(name, '/', len);
  if (!slash) return "a scoped name needs a '/' (\"@scope/name\")";
  size_t sn = (size_t)(slash - name) - 1, nn = len - sn - 2;
  if (memchr(slash + 1, '/', nn)) return "a scoped name holds one '/'";
  const char *why = part(name + 1, sn, legacy, true);
  return why ? why : part(slash + 1, nn, legacy, true);
}
