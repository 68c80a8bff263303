#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which grocery never reads: with them on, every allocation and every free
/// takes a global mutex. Must run before the first connection opens; later it does nothing. A C function because
/// `sqlite3_config` takes variable arguments, which Swift cannot pass.
static inline int grocery_sqlite3_without_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
