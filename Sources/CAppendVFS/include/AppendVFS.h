#ifndef LITESH_APPEND_VFS_H
#define LITESH_APPEND_VFS_H

/// The name the append VFS registers under, as in sqlite3's shell.
#define APPEND_VFS_NAME "apndvfs"

/// Registers the append VFS ("apndvfs", not the default) over the default VFS: a database
/// stored at the end of another file, found through a 25-byte trailer
/// "Start-Of-SQLite3-" + the database's offset as 8 bytes big-endian (the format of
/// sqlite3's ext/misc/appendvfs.c). Safe to call more than once; returns an SQLite result code.
int appendVFSRegister(void);

#endif
