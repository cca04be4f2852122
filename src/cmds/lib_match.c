/* lib_match.c - process names for killall and pidof (lib_match.h). */
#include "lib_match.h"

#include <string.h>
#include <strings.h>

static const char *base(const char *s)
{
  const char *b = strrchr(s, '/');
  return b ? b + 1 : s;
}

bool lib_proc_named(const lib_proc *p, const char *name, bool exact, bool icase)
{
  int (*cmp)(const char *, const char *) = icase ? strcasecmp : strcmp;
  int (*ncmp)(const char *, const char *, size_t) = icase ? strncasecmp : strncmp;
  const char *arg0 = p->argv && p->argv[0] ? p->argv[0] : "";
  if (strchr(name, '/')) return !cmp(arg0, name);
  if (!cmp(p->comm, name) || !cmp(base(arg0), name)) return true;
  /* the kernel's name is cut at 15: a longer NAME matches its start
  ** unless -e asks for the whole */
  return !exact && strlen(name) > 15 && strlen(p->comm) == 15 && !ncmp(p->comm, name, 15);
}
