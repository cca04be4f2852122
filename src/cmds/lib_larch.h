/* lib_larch.h - Debian's libarchive (libarchive.so.13), opened with
** cmd_dlsyms on first use: the entry points tar, zip and unzip call, and
** readers and writers whose callbacks go through box descriptors (the
** library never opens a file itself: archive_write_disk and its kin are
** not used, every file is made through acs_sys_*). */
#ifndef ACS_CMDS_LIB_LARCH_H
#define ACS_CMDS_LIB_LARCH_H

#include "cmd.h"

#include <archive.h>
#include <archive_entry.h>

typedef struct larch {
  struct archive *(*read_new)(void);
  int (*read_support_filter_all)(struct archive *);
  int (*read_support_format_tar)(struct archive *);
  int (*read_support_format_empty)(struct archive *);
  int (*read_support_format_zip_seekable)(struct archive *);
  int (*read_set_seek_callback)(struct archive *, archive_seek_callback *);
  int (*read_open)(struct archive *, void *, archive_open_callback *, archive_read_callback *,
                   archive_close_callback *);
  int (*read_next_header)(struct archive *, struct archive_entry **);
  la_ssize_t (*read_data)(struct archive *, void *, size_t);
  int (*read_data_skip)(struct archive *);
  int (*read_free)(struct archive *);
  struct archive *(*write_new)(void);
  int (*write_set_format_gnutar)(struct archive *);
  int (*write_set_format_zip)(struct archive *);
  int (*write_set_options)(struct archive *, const char *);
  int (*write_add_filter_gzip)(struct archive *);
  int (*write_add_filter_bzip2)(struct archive *);
  int (*write_add_filter_xz)(struct archive *);
  int (*write_add_filter_zstd)(struct archive *);
  int (*write_set_bytes_in_last_block)(struct archive *, int);
  int (*write_open)(struct archive *, void *, archive_open_callback *, archive_write_callback *,
                    archive_close_callback *);
  int (*write_header)(struct archive *, struct archive_entry *);
  la_ssize_t (*write_data)(struct archive *, const void *, size_t);
  int (*write_close)(struct archive *);
  int (*write_free)(struct archive *);
  const char *(*error_string)(struct archive *);
  int (*errno_)(struct archive *);
  int (*filter_code)(struct archive *, int);
  int (*format)(struct archive *);
  struct archive_entry *(*entry_new)(void);
  void (*entry_free)(struct archive_entry *);
  struct archive_entry *(*entry_clear)(struct archive_entry *);
  const char *(*entry_pathname)(struct archive_entry *);
  void (*entry_set_pathname)(struct archive_entry *, const char *);
  la_int64_t (*entry_size)(struct archive_entry *);
  void (*entry_set_size)(struct archive_entry *, la_int64_t);
  int (*entry_size_is_set)(struct archive_entry *);
  __LA_MODE_T (*entry_filetype)(struct archive_entry *);
  void (*entry_set_filetype)(struct archive_entry *, unsigned int);
  __LA_MODE_T (*entry_perm)(struct archive_entry *);
  void (*entry_set_perm)(struct archive_entry *, __LA_MODE_T);
  la_int64_t (*entry_uid)(struct archive_entry *);
  void (*entry_set_uid)(struct archive_entry *, la_int64_t);
  la_int64_t (*entry_gid)(struct archive_entry *);
  void (*entry_set_gid)(struct archive_entry *, la_int64_t);
  const char *(*entry_uname)(struct archive_entry *);
  void (*entry_set_uname)(struct archive_entry *, const char *);
  const char *(*entry_gname)(struct archive_entry *);
  void (*entry_set_gname)(struct archive_entry *, const char *);
  time_t (*entry_mtime)(struct archive_entry *);
  long (*entry_mtime_nsec)(struct archive_entry *);
  void (*entry_set_mtime)(struct archive_entry *, time_t, long);
  const char *(*entry_symlink)(struct archive_entry *);
  void (*entry_set_symlink)(struct archive_entry *, const char *);
  const char *(*entry_hardlink)(struct archive_entry *);
  void (*entry_set_hardlink)(struct archive_entry *, const char *);
  dev_t (*entry_rdevmajor)(struct archive_entry *);
  dev_t (*entry_rdevminor)(struct archive_entry *);
  const char *(*format_name)(struct archive *);
  int (*write_zip_set_compression_deflate)(struct archive *);
  int (*write_zip_set_compression_store)(struct archive *);
  int (*read_support_format_zip_streamable)(struct archive *);
} larch;

/* Fills *L; false (message printed) when the library cannot be loaded. */
bool larch_load(acs_cmd *c, larch *L);

#endif
