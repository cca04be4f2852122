/* ops.c - the matrix's operations through libc, built natively and for
 * wasm32-wasi (tests/e2e/box_usermatrix.sh). ops OPS-FILE: run each line
 * (ID OP PATH [PATH2]) in the cwd and print "ID OK" or "ID ERRNO-NAME";
 * "ID n/a" where WASI preview1 has no call for it (chmod, chown, exec). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifndef __wasi__
#include <sys/wait.h>
#endif

static const char *ename(int e)
{
	switch (e) {
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EEXIST: return "EEXIST";
	case ENOTDIR: return "ENOTDIR";
	case EISDIR: return "EISDIR";
	case ENOTEMPTY: return "ENOTEMPTY";
	case EXDEV: return "EXDEV";
	case EINVAL: return "EINVAL";
	case EROFS: return "EROFS";
	case ELOOP: return "ELOOP";
	case EBUSY: return "EBUSY";
	case ENOEXEC: return "ENOEXEC";
	case ENOSYS: return "ENOSYS";
	case ENOTSUP: return "ENOTSUP";
	default: return "E?";
	}
}

static int run(const char *op, const char *p, const char *q)
{
	char buf[8];
	int fd;
	if (!strcmp(op, "read") || !strcmp(op, "write") || !strcmp(op, "create") || !strcmp(op, "excl")) {
		int fl = !strcmp(op, "read") ? O_RDONLY : !strcmp(op, "write") ? O_WRONLY | O_APPEND :
			 !strcmp(op, "create") ? O_WRONLY | O_CREAT | O_TRUNC : O_WRONLY | O_CREAT | O_EXCL;
		if ((fd = open(p, fl, 0644)) < 0)
			return -1;
		if (!strcmp(op, "read") ? read(fd, buf, 4) < 0 : !strcmp(op, "write") && write(fd, "y", 1) < 0) {
			close(fd);
			return -1;
		}
		return close(fd);
	}
	if (!strcmp(op, "trunc"))
		return truncate(p, 0);
	if (!strcmp(op, "utimes")) {
		struct timespec ts[2] = {{1000000000, 0}, {1000000000, 0}};
		return utimensat(AT_FDCWD, p, ts, 0);
	}
	if (!strcmp(op, "touch"))
		return utimensat(AT_FDCWD, p, NULL, 0);
	if (!strcmp(op, "link"))
		return link(p, q);
	if (!strcmp(op, "stat")) {
		struct stat st;
		return stat(p, &st);
	}
	if (!strcmp(op, "unlink"))
		return unlink(p);
	if (!strcmp(op, "rename"))
		return rename(p, q);
	if (!strcmp(op, "mkdir"))
		return mkdir(p, 0755);
	if (!strcmp(op, "rmdir"))
		return rmdir(p);
	if (!strcmp(op, "symlink"))
		return symlink("t", p);
	if (!strcmp(op, "readdir")) {
		DIR *d = opendir(p);
		if (!d)
			return -1;
		errno = 0;
		while (readdir(d))
			;
		int e = errno;
		closedir(d);
		errno = e;
		return e ? -1 : 0;
	}
#ifdef __wasi__
	if (!strcmp(op, "chmod") || !strcmp(op, "chown") || !strcmp(op, "chgrp") || !strcmp(op, "exec"))
		return 1;
#else
	if (!strcmp(op, "chmod"))
		return chmod(p, 0700);
	if (!strcmp(op, "chown"))
		return chown(p, 1000, (gid_t)-1);
	if (!strcmp(op, "chgrp"))
		return chown(p, (uid_t)-1, 1000);
	if (!strcmp(op, "exec")) {
		/* a pipe tells the exec's errno back, as a spawn does */
		int fds[2], st, e = 0;
		if (pipe(fds) < 0)
			return -1;
		fcntl(fds[1], F_SETFD, FD_CLOEXEC);
		pid_t pid = fork();
		if (pid == 0) {
			char path[4096];
			snprintf(path, sizeof path, "./%s", p);
			int null = open("/dev/null", O_WRONLY);
			dup2(null, 1);
			execl(path, path, (char *)NULL);
			e = errno;
			(void)!write(fds[1], &e, sizeof e);
			_exit(127);
		}
		close(fds[1]);
		ssize_t n = read(fds[0], &e, sizeof e);
		close(fds[0]);
		waitpid(pid, &st, 0);
		if (n == sizeof e) {
			errno = e;
			return -1;
		}
		return 0;
	}
#endif
	fprintf(stderr, "ops: unknown op %s\n", op);
	return 2;
}

int main(int argc, char **argv)
{
	char line[512], id[64], op[32], p[256], q[256];
	FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
	if (!f) {
		fprintf(stderr, "usage: ops OPS-FILE\n");
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		q[0] = 0;
		if (sscanf(line, "%63s %31s %255s %255s", id, op, p, q) < 3)
			continue;
		int r = run(op, p, q);
		if (r == 1)
			printf("%s n/a\n", id);
		else if (r == 2)
			return 2;
		else
			printf("%s %s\n", id, r == 0 ? "OK" : ename(errno));
	}
	return 0;
}
