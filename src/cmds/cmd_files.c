/* cmd_files.c - directories, paths, and the box's users and groups for
** the commands (cmd.h). */
#include "cmd.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* getdents records: u64 ino, u8 type, u16 namelen, name */
int cmd_dir_read(const char *path, cmd_dirent **ents, size_t *count)
{
  int fd = acs_sys_open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (fd < 0) return fd;
  int rc = cmd_dir_read_fd(fd, ents, count);
  acs_sys_close(fd);
  return rc;
}

int cmd_dir_read_fd(int fd, cmd_dirent **ents, size_t *count)
{
  unsigned char *buf = malloc(ACS__SYS_MAX_DATA);
  cmd_dirent *v = NULL;
  size_t n = 0, cap = 0;
  int rc = buf ? 0 : -ENOMEM;
  while (!rc) {
    ssize_t got = acs_sys_getdents(fd, buf, ACS__SYS_MAX_DATA);
    /* ENOENT: the directory was removed while open (a removed cwd); glibc's
    ** readdir takes it for the end, as POSIX asks, and so do we */
    if (got < 0 && got != -ENOENT) rc = (int)got;
    if (got <= 0) break;
    for (size_t at = 0; at + 11 <= (size_t)got && !rc;) {
      uint16_t nl;
      uint64_t ino;
      memcpy(&ino, buf + at, 8);
      memcpy(&nl, buf + at + 9, 2);
      if (at + 11 + nl > (size_t)got) {
        rc = -EPROTO; /* the kernel's records are whole: this one is not */
        break;
      }
      const char *name = (const char *)buf + at + 11;
      unsigned type = buf[at + 8];
      at += 11 + (size_t)nl;
      if ((nl == 1 && name[0] == '.') || (nl == 2 && name[0] == '.' && name[1] == '.')) continue;
      if (n == cap) {
        size_t nc = cap ? cap * 2 : 64;
        cmd_dirent *p = realloc(v, nc * sizeof *v);
        if (!p) {
          rc = -ENOMEM;
          break;
        }
        v = p;
        cap = nc;
      }
      char *copy = malloc((size_t)nl + 1);
      if (!copy) {
        rc = -ENOMEM;
        break;
      }
      memcpy(copy, name, nl);
      copy[nl] = 0;
      v[n++] = (cmd_dirent){copy, ino, type};
    }
  }
  free(buf);
  if (rc) {
    cmd_dir_free(v, n);
    return rc;
  }
  *ents = v;
  *count = n;
  return 0;
}

void cmd_dir_free(cmd_dirent *ents, size_t n)
{
  for (size_t i = 0; i < n; i++) free(ents[i].name);
  free(ents);
}

char *cmd_path_join(const char *dir, const char *name)
{
  size_t dl = strlen(dir), nl = strlen(name);
  bool slash = dl > 0 && dir[dl - 1] == '/';
  char *p = malloc(dl + nl + 2);
  if (!p) return NULL;
  memcpy(p, dir, dl);
  if (!slash && dl) p[dl++] = '/';
  memcpy(p + dl, name, nl + 1);
  return p;
}

/* ---- /etc/passwd and /etc/group: name:x:id:... lines */

/* Field `want` of the first line of file whose field `key` is `value`,
** malloc'd, or NULL. */
static char *lookup(const char *file, int key, const char *value, int want)
{
  char *data;
  size_t len;
  if (cmd_read_all(file, &data, &len)) return NULL;
  char *found = NULL;
  for (char *line = data; line && *line && !found;) {
    char *next = strchr(line, '\n');
    if (next) *next++ = 0;
    char *fields[8] = {0};
    int nf = 0;
    for (char *p = line; nf < 8;) {
      fields[nf++] = p;
      p = strchr(p, ':');
      if (!p) break;
      *p++ = 0;
    }
    if (key < nf && want < nf && !strcmp(fields[key], value)) found = strdup(fields[want]);
    line = next;
  }
  free(data);
  return found;
}

static bool name_of(const char *file, uint32_t id, char *buf, size_t size)
{
  char num[16];
  snprintf(num, sizeof num, "%u", id);
  char *name = lookup(file, 2, num, 0);
  snprintf(buf, size, "%s", name ? name : num);
  bool ok = name != NULL;
  free(name);
  return ok;
}

static bool id_of(const char *file, const char *name, uint32_t *id)
{
  char *s = lookup(file, 0, name, 2);
  const char *num = s ? s : name;
  char *end;
  errno = 0;
  unsigned long v = strtoul(num, &end, 10);
  bool ok = *num && !*end && !errno && v <= UINT32_MAX && *num != '-';
  free(s);
  if (ok) *id = (uint32_t)v;
  return ok;
}

bool cmd_user_name(uint32_t uid, char *buf, size_t size) { return name_of("/etc/passwd", uid, buf, size); }
bool cmd_group_name(uint32_t gid, char *buf, size_t size) { return name_of("/etc/group", gid, buf, size); }
bool cmd_user_id(const char *name, uint32_t *uid) { return id_of("/etc/passwd", name, uid); }
bool cmd_group_id(const char *name, uint32_t *gid) { return id_of("/etc/group", name, gid); }

char *cmd_user_field(uint32_t uid, int field)
{
  char num[16];
  snprintf(num, sizeof num, "%u", uid);
  return lookup("/etc/passwd", 2, num, field);
}

bool cmd_dlsyms(acs_cmd *c, const char *lib, const char *const *names, void **out, size_t n)
{
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    cmd_error(c, "cannot load %s: %s", lib, dlerror());
    return false;
  }
  for (size_t i = 0; i < n; i++) {
    out[i] = dlsym(h, names[i]);
    if (!out[i]) {
      cmd_error(c, "cannot load %s: no symbol %s", lib, names[i]);
      return false;
    }
  }
  return true;
}
