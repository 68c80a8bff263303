#ifndef GROCERY_SQLITE_MEMORY_H
#define GROCERY_SQLITE_MEMORY_H

/// Gives SQLite grocery's allocator for its small blocks and turns its memory statistics off. Call it once,
/// before the first connection opens; it returns SQLITE_OK, or SQLite's code when SQLite had already started
/// (then SQLite keeps its own allocator, which is only slower).
int grocery_sqlite3_configure(void);

#endif
