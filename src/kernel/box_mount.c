/* box_mount.c - acs_box_mount: a host directory into a running box. The
** owner opens the directory (its view of the host, its permissions) and
** hands the descriptor to the kernel, which serves the mount (hostfs.c). */
#include "box_int.h"

#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int acs_box_mount(acs_box *b, const char *host_dir, const char *box_path, bool read_only,
                  const char *owner, acs_err *err)
{
  if (!b || !host_dir || !*host_dir || !box_path || box_path[0] != '/')
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "mount: give a host directory and an absolute "
                     "box path (got '%s' and '%s')", host_dir ? host_dir : "", box_path ? box_path : "");
  bool agent = owner && !strcmp(owner, "agent");
  if (owner && !agent && strcmp(owner, "root"))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "user '%s' does not exist in the box: "
                     "use root or agent", owner);
  if (strlen(box_path) > ACS__SYS_MAX_STR)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "the box path '%.64s...' is too long", box_path);
  int fd = open(host_dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    struct stat st;
    if (e == ENOTDIR || (stat(host_dir, &st) == 0 && !S_ISDIR(st.st_mode)))
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "mount: '%s' is not a directory: "
                       "mount a directory (copy a single file in with copyIn)", host_dir);
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "mount: host directory '%s': %s", host_dir,
                     strerror(e));
  }
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_MOUNT, ++b->seq);
  acs__msg_fd(&m, fd);
  acs__msg_str(&m, box_path);
  acs__msg_u32(&m, read_only);
  acs__msg_u32(&m, agent ? 1000 : 0);
  acs__msg_u32(&m, agent ? 1000 : 0);
  int64_t r = acs__box_rpc(b, &m, &rd);
  char why[600] = "";
  if (r != -EPIPE && r != -EPROTO && !acs__rd_str(&rd, why, sizeof why)) why[0] = 0;
  pthread_mutex_unlock(&b->lock);
  close(fd);
  if (r == -EPIPE || r == -EPROTO) return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  if (r) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "mount of '%s' at '%s': %s", host_dir, box_path,
                          why[0] ? why : strerror((int)-r));
  return 0;
}
