/* fs.c - files, directories, readdir, symbolic links, times and errors,
** in a scratch directory under the working directory. The same source is
** built natively and for wasm32-wasi; both outputs must be equal. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *ename(int e)
{
  switch (e) {
  case 0: return "OK";
  case ENOENT: return "ENOENT";
  case EEXIST: return "EEXIST";
  case EISDIR: return "EISDIR";
  case ENOTDIR: return "ENOTDIR";
  case ENOTEMPTY: return "ENOTEMPTY";
  case EACCES: return "EACCES";
  case EPERM: return "EPERM";
  case EBADF: return "EBADF";
  case EINVAL: return "EINVAL";
  case ELOOP: return "ELOOP";
  case ESPIPE: return "ESPIPE";
  default: return "other";
  }
}

#define TRY(label, expr) do { errno = 0; int r_ = (expr); printf("%s: %s\n", label, r_ < 0 ? ename(errno) : "OK"); } while (0)

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void list(const char *dir)
{
  DIR *d = opendir(dir);
  if (!d) {
    printf("opendir %s: %s\n", dir, ename(errno));
    return;
  }
  char *names[64];
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < 64) {
    char t = e->d_type == DT_DIR ? 'd' : e->d_type == DT_REG ? 'f' : e->d_type == DT_LNK ? 'l' : '?';
    char *s = malloc(strlen(e->d_name) + 3);
    sprintf(s, "%c %s", t, e->d_name);
    names[n++] = s;
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, cmp);
  printf("ls %s:", dir);
  for (int i = 0; i < n; i++) printf(" [%s]", names[i]), free(names[i]);
  printf("\n");
}

int main(void)
{
  TRY("mkdir scratch", mkdir("scratch", 0755));
  TRY("mkdir scratch again", mkdir("scratch", 0755));
  TRY("chdir", chdir("scratch"));
  FILE *f = fopen("a.txt", "w");
  fprintf(f, "hello\nworld\n");
  fclose(f);
  f = fopen("a.txt", "a");
  fputs("more\n", f);
  fclose(f);
  char buf[256];
  int fd = open("a.txt", O_RDONLY);
  ssize_t n = read(fd, buf, sizeof buf);
  printf("read %zd: %.*s", n, (int)n, buf);
  printf("lseek end: %lld\n", (long long)lseek(fd, 0, SEEK_END));
  printf("lseek 6: %lld\n", (long long)lseek(fd, 6, SEEK_SET));
  n = read(fd, buf, 5);
  printf("read at 6: %.*s\n", (int)n, buf);
  n = pread(fd, buf, 4, 12);
  printf("pread at 12: %.*s\n", (int)n, buf);
  close(fd);
  fd = open("a.txt", O_RDWR);
  printf("pwrite: %zd\n", pwrite(fd, "HELLO", 5, 0));
  TRY("ftruncate 11", ftruncate(fd, 11));
  struct stat st;
  fstat(fd, &st);
  printf("size %lld reg %d\n", (long long)st.st_size, S_ISREG(st.st_mode));
  close(fd);
  f = fopen("a.txt", "r");
  while (fgets(buf, sizeof buf, f)) printf("line: %s", buf);
  fclose(f);
  printf("\n");

  /* O_EXCL, O_TRUNC, O_APPEND */
  TRY("open excl existing", open("a.txt", O_WRONLY | O_CREAT | O_EXCL, 0644));
  fd = open("b.txt", O_WRONLY | O_CREAT | O_EXCL, 0644);
  write(fd, "0123456789", 10);
  close(fd);
  fd = open("b.txt", O_WRONLY | O_APPEND);
  lseek(fd, 0, SEEK_SET);
  write(fd, "X", 1);
  close(fd);
  fd = open("b.txt", O_RDONLY);
  n = read(fd, buf, sizeof buf);
  printf("append: %.*s\n", (int)n, buf);
  close(fd);
  fd = open("b.txt", O_WRONLY | O_TRUNC);
  fstat(fd, &st);
  printf("after trunc: %lld\n", (long long)st.st_size);
  close(fd);

  /* directories */
  TRY("mkdir d", mkdir("d", 0755));
  TRY("mkdir d/e", mkdir("d/e", 0755));
  close(open("d/f", O_WRONLY | O_CREAT, 0644));
  list(".");
  list("d");
  TRY("rmdir d (not empty)", rmdir("d"));
  TRY("rmdir d/e", rmdir("d/e"));
  TRY("unlink d (a dir)", unlink("d"));
  TRY("rmdir a.txt (a file)", rmdir("a.txt"));

  /* errors */
  TRY("open missing", open("missing.txt", O_RDONLY));
  TRY("open dir for writing", open("d", O_WRONLY));
  TRY("open file as dir", open("a.txt", O_RDONLY | O_DIRECTORY));
  TRY("mkdir under a file", mkdir("a.txt/x", 0755));
  TRY("stat missing/x", stat("missing/x", &st));
  TRY("read a dir", (fd = open("d", O_RDONLY)) < 0 ? -1 : (int)read(fd, buf, 10));
  close(fd);

  /* links */
  TRY("symlink", symlink("a.txt", "la"));
  TRY("symlink dangling", symlink("nowhere", "ldang"));
  n = readlink("la", buf, sizeof buf);
  printf("readlink la: %.*s\n", (int)n, buf);
  n = readlink("la", buf, 3);
  printf("readlink short: %zd %.*s\n", n, (int)n, buf);
  lstat("la", &st);
  printf("lstat la: link %d\n", S_ISLNK(st.st_mode));
  stat("la", &st);
  printf("stat la: reg %d size %lld\n", S_ISREG(st.st_mode), (long long)st.st_size);
  TRY("stat dangling", stat("ldang", &st));
  TRY("open dangling", open("ldang", O_RDONLY));
  TRY("open link O_NOFOLLOW", open("la", O_RDONLY | O_NOFOLLOW));
  TRY("link", link("a.txt", "hard"));
  stat("a.txt", &st);
  printf("nlink %d\n", (int)st.st_nlink);
  TRY("rename", rename("hard", "d/moved"));
  TRY("rename missing", rename("nothing", "x"));
  list("d");
  TRY("unlink moved", unlink("d/moved"));
  TRY("unlink missing", unlink("d/moved"));

  /* times keep nanoseconds */
  struct timespec ts[2] = {{1000000000, 123456789}, {1500000000, 987654321}};
  TRY("utimensat", utimensat(AT_FDCWD, "a.txt", ts, 0));
  stat("a.txt", &st);
  printf("atime %lld.%09ld mtime %lld.%09ld\n", (long long)st.st_atim.tv_sec, st.st_atim.tv_nsec,
         (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);

  /* clean up: the directory must be empty to go */
  unlink("a.txt");
  unlink("b.txt");
  unlink("la");
  unlink("ldang");
  unlink("d/f");
  rmdir("d");
  TRY("chdir ..", chdir(".."));
  TRY("rmdir scratch", rmdir("scratch"));
  return 0;
}
