// SQLite's memory, for a process that lives a few milliseconds.
//
// Debian builds SQLite without its lookaside allocator, so every block it asks for (a few thousand in a `list`:
// the schema parsed, each statement compiled) came from malloc, with a global mutex for SQLite's memory
// statistics around each. Here blocks of up to 1 KiB are carved from 64 KiB slabs and kept, once freed, on a
// list of blocks of their size for the next request; larger ones (the page cache's pages) come from malloc.
// Slabs are never returned: a command ends soon, and what it frees is reused. Each thread has its own slabs and
// lists, so the tests, which open caches on several threads at once, need no lock. A block freed on another
// thread goes on that thread's list: safe, but memory would pile up if one thread only allocated and another
// only freed, which grocery never does: a connection is used by one thread at a time, and a long list's second
// thread (ReadAhead) only reads a few parts, whose blocks the command's thread may free.

#include "SQLiteMemory.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
  /// Every block's size is a multiple of this, which is also the alignment SQLite gets.
  granule = 16,
  /// The largest block carved from a slab.
  largestSmall = 1024,
  slabSize = 64 * 1024,
};

/// Before each block: its size, and whether it came from malloc. Sixteen bytes on every machine, 32-bit too, so
/// the block after it keeps the granule's alignment.
typedef struct {
  uint64_t size;
  uint64_t fromMalloc;
} Header;

static _Thread_local char *slabNext;
static _Thread_local char *slabEnd;
/// The freed small blocks, one list per size (in granules), linked through their first word.
static _Thread_local void *freed[largestSmall / granule + 1];

static size_t rounded(int size) { return ((size_t)(size > 0 ? size : 1) + granule - 1) & ~(size_t)(granule - 1); }

static void *allocate(int request) {
  size_t size = rounded(request);
  if (size > largestSmall) {
    Header *header = malloc(sizeof(Header) + size);
    if (!header) return 0;
    *header = (Header){size, 1};
    return header + 1;
  }
  void **list = &freed[size / granule];
  if (*list) {
    void *block = *list;
    *list = *(void **)block;
    return block;
  }
  if (!slabNext || (size_t)(slabEnd - slabNext) < sizeof(Header) + size) {
    // What is left of the old slab (less than a block) is not used again.
    slabNext = malloc(slabSize);
    if (!slabNext) return 0;
    slabEnd = slabNext + slabSize;
  }
  Header *header = (Header *)slabNext;
  slabNext += sizeof(Header) + size;
  *header = (Header){size, 0};
  return header + 1;
}

static void release(void *block) {
  if (!block) return;
  Header *header = (Header *)block - 1;
  if (header->fromMalloc) {
    free(header);
    return;
  }
  void **list = &freed[header->size / granule];
  *(void **)block = *list;
  *list = block;
}

static int sizeOf(void *block) { return block ? (int)((Header *)block - 1)->size : 0; }

static void *reallocate(void *block, int request) {
  if (block && rounded(request) == (size_t)sizeOf(block)) return block;
  void *moved = allocate(request);
  if (moved && block) {
    int old = sizeOf(block);
    memcpy(moved, block, (size_t)(old < request ? old : request));
    release(block);
  }
  return moved;
}

static int roundUp(int request) { return (int)rounded(request); }
static int start(void *unused) { return SQLITE_OK; }
static void stop(void *unused) {}

// SQLite's page caches start with no pages made in advance. By default each one (the cache file's, and one for
// every temporary index a query builds, as for an `IN (SELECT ...)`) takes room for 20 pages at once and writes
// into every one of them: 80 KiB of fresh memory, 20 page faults, even for an index of a few rows. A household's
// `list` made 60 fewer page faults, and ran 2 to 4 % sooner (docs/benchmarks.md).
int grocery_sqlite3_configure(void) {
  static const sqlite3_mem_methods methods = {allocate, release, reallocate, sizeOf, roundUp, start, stop, 0};
  int code = sqlite3_config(SQLITE_CONFIG_MALLOC, &methods);
  if (code == SQLITE_OK) code = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  return code != SQLITE_OK ? code : sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
