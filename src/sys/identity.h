/* identity.h - who the box says it is: the values of uname(2) and
** /proc/version, the same for the kernel's /proc and for the commands
** (uname, hostname). Never the host's: a box reports its own kernel
** ("Linux", since the box emulates Linux's calls), a release naming
** acs, and the host's machine architecture only because programs choose
** binaries by it. The host name is per box (acs box --hostname, else
** "box") and lives in /etc/hostname and /proc/sys/kernel/hostname. */
#ifndef ACS_SYS_IDENTITY_H
#define ACS_SYS_IDENTITY_H

#define ACS_BOX_SYSNAME "Linux"
#define ACS_BOX_RELEASE "6.1.0-acs"
#define ACS_BOX_VERSION "#1 SMP agent-code-sandbox box"
#define ACS_BOX_OS "GNU/Linux"
#if defined(__x86_64__)
#define ACS_BOX_MACHINE "x86_64"
#elif defined(__aarch64__)
#define ACS_BOX_MACHINE "aarch64"
#elif defined(__i386__)
#define ACS_BOX_MACHINE "i686"
#else
#define ACS_BOX_MACHINE "unknown"
#endif

#endif
