#ifndef CNAVSTATESQLITE_SHIM_H
#define CNAVSTATESQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: this sets
/// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE (SQLite 3.28) on one connection.
static inline int navstate_skip_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
#endif
