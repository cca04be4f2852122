/* lib_larch.c - libarchive's entry points by name. */

/* The names follow the struct's fields in order; cmd_dlsyms fills an
** array of pointers, which the struct is laid out as (all of its fields
** are function pointers of one size). */
#include "lib_larch.h"

static const char *const names[] = {
    "archive_read_new", "archive_read_support_filter_all", "archive_read_support_format_tar",
    "archive_read_support_format_empty", "archive_read_support_format_zip_seekable",
    "archive_read_set_seek_callback", "archive_read_open", "archive_read_next_header", "archive_read_data",
    "archive_read_data_skip", "archive_read_free", "archive_write_new", "archive_write_set_format_gnutar",
    "archive_write_set_format_zip", "archive_write_set_options", "archive_write_add_filter_gzip",
    "archive_write_add_filter_bzip2", "archive_write_add_filter_xz", "archive_write_add_filter_zstd",
    "archive_write_set_bytes_in_last_block", "archive_write_open", "archive_write_header",
    "archive_write_data", "archive_write_close", "archive_write_free", "archive_error_string",
    "archive_errno", "archive_filter_code", "archive_format", "archive_entry_new", "archive_entry_free",
    "archive_entry_clear", "archive_entry_pathname", "archive_entry_set_pathname", "archive_entry_size",
    "archive_entry_set_size", "archive_entry_size_is_set", "archive_entry_filetype",
    "archive_entry_set_filetype", "archive_entry_perm", "archive_entry_set_perm", "archive_entry_uid",
    "archive_entry_set_uid", "archive_entry_gid", "archive_entry_set_gid", "archive_entry_uname",
    "archive_entry_set_uname", "archive_entry_gname", "archive_entry_set_gname", "archive_entry_mtime",
    "archive_entry_mtime_nsec", "archive_entry_set_mtime", "archive_entry_symlink",
    "archive_entry_set_symlink", "archive_entry_hardlink", "archive_entry_set_hardlink",
    "archive_entry_rdevmajor", "archive_entry_rdevminor", "archive_format_name",
    "archive_write_zip_set_compression_deflate", "archive_write_zip_set_compression_store",
    "archive_read_support_format_zip_streamable"};

_Static_assert(sizeof(larch) == sizeof names / sizeof *names * sizeof(void *),
               "lib_larch.c: one name for each field of larch");

bool larch_load(acs_cmd *c, larch *L)
{
  return cmd_dlsyms(c, "libarchive.so.13", names, (void **)L, sizeof names / sizeof *names);
}
