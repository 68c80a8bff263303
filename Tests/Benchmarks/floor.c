/*
 * The floor under `make bench`'s household ratios: the least a command could do with grocery's cache, written
 * in C against the same SQLite, with nothing of grocery's own. bench.py compiles it with the toolchain's clang
 * and times it beside /bin/true; what it costs over /bin/true, added to grocery's `--version`, is the fastest a
 * `list` or a change could be while the cache is an SQLite database.
 *
 *   floor list CACHE            opens the cache as grocery does and prints the items on the list, one query
 *   floor change CACHE LOCK LOG takes the lock, appends a line to LOG and flushes it, then changes one row of
 *                               CACHE in a transaction
 *
 * Run it on a copy of a cache: the change leaves the row sums wrong, so grocery would rebuild it.
 */
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

static sqlite3 *open_cache(const char *path) {
  sqlite3 *db = 0;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE;
  if (sqlite3_open_v2(path, &db, flags, 0) != SQLITE_OK) {
    fprintf(stderr, "floor: cannot open %s\n", path);
    return 0;
  }
  sqlite3_busy_timeout(db, 10000);
  sqlite3_exec(db, "PRAGMA synchronous=OFF; PRAGMA cache_size=20", 0, 0, 0);
  return db;
}

static int list(const char *path) {
  sqlite3 *db = open_cache(path);
  if (!db) return 1;
  sqlite3_stmt *s = 0;
  const char *sql = "SELECT i.\"name\", i.\"quantity\", i.\"note\", c.\"name\" FROM item i"
                    " LEFT JOIN category c ON c.id = i.\"category\""
                    " WHERE i.\"onList\" = 1 AND i.\"alive\" = 1 ORDER BY c.\"name\", i.key";
  if (sqlite3_prepare_v2(db, sql, -1, &s, 0) != SQLITE_OK) {
    fprintf(stderr, "floor: %s\n", sqlite3_errmsg(db));
    return 1;
  }
  static char out[1 << 16];
  size_t used = 0;
  int count = 0;
  while (sqlite3_step(s) == SQLITE_ROW && used < sizeof out - 512) {
    const unsigned char *note = sqlite3_column_text(s, 2);
    used += (size_t)snprintf(out + used, 512, "  [ ] %s x%d%s%s\n", sqlite3_column_text(s, 0),
                             sqlite3_column_int(s, 1), note ? " - " : "", note ? (const char *)note : "");
    count++;
  }
  sqlite3_finalize(s);
  used += (size_t)snprintf(out + used, 64, "\n%d items to buy\n", count);
  fwrite(out, 1, used, stdout);
  sqlite3_close(db);
  return 0;
}

static int change(const char *path, const char *lockPath, const char *logPath) {
  int lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock < 0 || flock(lock, LOCK_EX) != 0) return 1;
  int log = open(logPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  const char *line = "{\"v\":3,\"id\":\"00000000-0000-4000-8000-000000000000\",\"at\":\"2026-11-21T12:00:00.000Z\","
                     "\"ops\":[{\"op\":\"item\",\"set\":{\"staple\":true},\"was\":{\"staple\":false}}]}\n";
  if (log < 0 || write(log, line, strlen(line)) != (ssize_t)strlen(line) || fsync(log) != 0) return 1;
  close(log);
  sqlite3 *db = open_cache(path);
  if (!db) return 1;
  int code = sqlite3_exec(db,
                          "BEGIN IMMEDIATE; UPDATE item SET \"staple\" = 1 - \"staple\" WHERE rowid = 1;"
                          " UPDATE log SET offset = offset + 1; COMMIT",
                          0, 0, 0);
  sqlite3_close(db);
  close(lock);
  return code == SQLITE_OK ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "list") == 0) return list(argv[2]);
  if (argc == 5 && strcmp(argv[1], "change") == 0) return change(argv[2], argv[3], argv[4]);
  fprintf(stderr, "usage: floor list CACHE | floor change CACHE LOCK LOG\n");
  return 64;
}
