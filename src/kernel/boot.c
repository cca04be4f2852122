/* boot.c - a new box's filesystem: the FHS tree of a small Debian-like
** system (merged /usr: /bin is a link to usr/bin), its users, its devices
** and one program file per command in /usr/bin. A program file holds a
** marker line naming the command, not a host path: the kernel reads the
** marker at spawn and the zygote runs the command's code of this build. */
#include "kernel.h"
#include "procfs.h"

#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const acs_memfs_cred root = {.umask = 0};

static int dir(acs__kernel *k, const char *path, uint32_t mode, uint32_t uid, uint32_t gid)
{
  int rc = acs_memfs_mkdir(k->fs, &root, NULL, path, mode);
  if (rc && rc != -EEXIST) return rc;
  rc = acs_memfs_chmod(k->fs, &root, NULL, path, mode, 0);
  if (!rc && (uid || gid)) rc = acs_memfs_chown(k->fs, &root, NULL, path, uid, gid, 0);
  return rc;
}

static int file(acs__kernel *k, const char *path, uint32_t mode, const char *text)
{
  acs_memfs_file *f = NULL;
  int rc = acs_memfs_open(k->fs, &root, NULL, path, O_WRONLY | O_CREAT | O_TRUNC, mode, &f);
  if (rc) return rc;
  size_t n = strlen(text);
  ssize_t w = acs_memfs_write(k->fs, &root, f, text, n);
  acs_memfs_close(k->fs, f);
  return w == (ssize_t)n ? 0 : w < 0 ? (int)w : -EIO;
}

int acs__kernel_boot(acs__kernel *k)
{
  static const struct { const char *path; uint32_t mode; uint32_t uid; } dirs[] = {
      {"/dev", 0755, 0}, {"/etc", 0755, 0}, {"/home", 0755, 0}, {"/home/agent", 0755, 1000},
      {"/proc", 0555, 0}, {"/root", 0700, 0}, {"/tmp", 01777, 0}, {"/usr", 0755, 0},
      {"/usr/bin", 0755, 0}, {"/usr/lib", 0755, 0}, {"/usr/local", 0755, 0},
      {"/usr/local/bin", 0755, 0}, {"/usr/share", 0755, 0}, {"/var", 0755, 0},
      {"/var/tmp", 01777, 0},
  };
  int rc = 0;
  for (size_t i = 0; i < sizeof dirs / sizeof *dirs && !rc; i++)
    rc = dir(k, dirs[i].path, dirs[i].mode, dirs[i].uid, dirs[i].uid);
  if (!rc) rc = acs_memfs_symlink(k->fs, &root, "usr/bin", NULL, "/bin");
  if (!rc) rc = acs_memfs_symlink(k->fs, &root, "usr/lib", NULL, "/lib");
  if (!rc) rc = acs__procfs_mount(k);
  if (rc) return rc;

  char hosts[256];
  const char *host = k->o.hostname[0] ? k->o.hostname : "box";
  snprintf(hosts, sizeof hosts, "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n"
                                "127.0.1.1\t%s\n", host);
  char hostname[80];
  snprintf(hostname, sizeof hostname, "%s\n", host);
  static const struct { const char *path; uint32_t mode; const char *text; } files[] = {
      {"/etc/passwd", 0644,
       "root:x:0:0:root:/root:/bin/sh\nagent:x:1000:1000:agent:/home/agent:/bin/sh\n"},
      {"/etc/group", 0644, "root:x:0:\nagent:x:1000:\n"},
      {"/etc/os-release", 0644,
       "PRETTY_NAME=\"agent-code-sandbox box\"\nNAME=\"acs-box\"\nID=acs\nID_LIKE=debian\n"
       "VERSION_ID=\"1\"\nHOME_URL=\"https://github.com/agent-code-sandbox\"\n"},
      {"/etc/profile", 0644,
       "PATH=/usr/local/bin:/usr/bin:/bin\nexport PATH\nPS1='\\u@\\h:\\w\\$ '\numask 022\n"},
      {"/etc/shells", 0644, "/bin/sh\n/bin/bash\n"},
  };
  for (size_t i = 0; i < sizeof files / sizeof *files && !rc; i++)
    rc = file(k, files[i].path, files[i].mode, files[i].text);
  if (!rc) rc = file(k, "/etc/hostname", 0644, hostname);
  if (!rc) rc = file(k, "/etc/hosts", 0644, hosts);
  if (rc) return rc;

  static const struct { const char *name; uint64_t dev; } devs[] = {
      {"/dev/null", ACS_MEMFS_DEV_NULL}, {"/dev/zero", ACS_MEMFS_DEV_ZERO},
      {"/dev/full", ACS_MEMFS_DEV_FULL}, {"/dev/random", ACS_MEMFS_DEV_RANDOM},
      {"/dev/urandom", ACS_MEMFS_DEV_URANDOM}, {"/dev/tty", ACS_MEMFS_DEV_TTY},
  };
  for (size_t i = 0; i < sizeof devs / sizeof *devs && !rc; i++) {
    rc = acs_memfs_mknod(k->fs, &root, NULL, devs[i].name, S_IFCHR | 0666, devs[i].dev);
    if (!rc) rc = acs_memfs_chmod(k->fs, &root, NULL, devs[i].name, 0666, 0);
  }
  /* as udev makes them: the descriptors' names are /proc's */
  static const char *const fdlinks[][2] = {{"/proc/self/fd", "/dev/fd"}, {"/proc/self/fd/0", "/dev/stdin"},
                                           {"/proc/self/fd/1", "/dev/stdout"}, {"/proc/self/fd/2", "/dev/stderr"}};
  for (size_t i = 0; i < sizeof fdlinks / sizeof *fdlinks && !rc; i++)
    rc = acs_memfs_symlink(k->fs, &root, fdlinks[i][0], NULL, fdlinks[i][1]);
  if (rc) return rc;

  for (size_t i = 0; i < acs__program_count && !rc; i++) {
    char path[128], text[128];
    snprintf(path, sizeof path, "/usr/bin/%s", acs__programs[i].name);
    snprintf(text, sizeof text, "#!acs-program %s\n", acs__programs[i].name);
    rc = file(k, path, 0755, text);
  }
  if (!rc) rc = acs__kernel_boot_python(k);
  return rc;
}
