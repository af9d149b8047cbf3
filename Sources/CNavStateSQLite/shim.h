#ifndef CNAVSTATESQLITE_SHIM_H
#define CNAVSTATESQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: this sets
/// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE (SQLite 3.28) on one connection.
static inline int navstate_skip_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/// How long a store's connections wait for another connection's lock, and
/// a switch that ends every wait at once (an app whose background time ran
/// out must hold no lock). sqlite3_interrupt does not end a busy wait
/// (SQLite 3.40: a statement waiting in the busy handler runs the timeout
/// out), so the handler itself looks at the switch.
typedef struct navstate_busy {
    int timeout_ms;
    int stop;
} navstate_busy;

static inline void navstate_busy_set_stop(navstate_busy *busy, int stop) {
    __atomic_store_n(&busy->stop, stop, __ATOMIC_SEQ_CST);
}

static inline int navstate_busy_is_stopped(navstate_busy *busy) {
    return __atomic_load_n(&busy->stop, __ATOMIC_SEQ_CST);
}

/// Waits 1, 2, … 10 ms between tries (then 10 ms each), as SQLite's own
/// handler starts out, up to timeout_ms in all; gives up at once, and at
/// the next try, when the switch is on.
static inline int navstate_busy_handler(void *context, int count) {
    navstate_busy *busy = (navstate_busy *)context;
    if (navstate_busy_is_stopped(busy)) return 0;
    int delay = count < 10 ? count + 1 : 10;
    long long prior = count < 10 ? (long long)count * (count + 1) / 2 : 55 + (long long)(count - 10) * 10;
    if (prior >= busy->timeout_ms) return 0;
    if (prior + delay > busy->timeout_ms) delay = (int)(busy->timeout_ms - prior);
    sqlite3_sleep(delay);
    return !navstate_busy_is_stopped(busy);
}

static inline int navstate_set_busy_handler(sqlite3 *db, navstate_busy *busy) {
    return sqlite3_busy_handler(db, navstate_busy_handler, busy);
}
/// The SQL function `navstate_file_unchanged(v)`: 1 when the statement that
/// calls it holds the write lock and the main database's data version
/// (SQLITE_FCNTL_DATA_VERSION, sqlite.org/c3ref/c_fcntl_begin_atomic_write.html)
/// is still `v`, else 0. Inside the statement's own write transaction
/// nothing else can write until it ends, so a row inserted `WHERE
/// navstate_file_unchanged(v)` lands only in the file as the caller last
/// saw it, with no BEGIN and COMMIT around it. Outside a write transaction
/// (a plain SELECT) it is always 0: the version is only fresh under the lock.
static inline void navstate_file_unchanged(sqlite3_context *context, int count, sqlite3_value **values) {
    sqlite3 *db = sqlite3_context_db_handle(context);
    unsigned int version = 0;
    int unchanged = count == 1
        && sqlite3_txn_state(db, 0) == SQLITE_TXN_WRITE
        && sqlite3_file_control(db, 0, SQLITE_FCNTL_DATA_VERSION, &version) == SQLITE_OK
        && (sqlite3_int64)version == sqlite3_value_int64(values[0]);
    sqlite3_result_int(context, unchanged);
}

/// Registers `navstate_file_unchanged` on one connection: for the
/// statements of this library only (SQLITE_DIRECTONLY: no trigger or view a
/// file brings can call it), and not deterministic, so SQLite evaluates it
/// every time a statement runs rather than once when it is prepared.
static inline int navstate_register_file_unchanged(sqlite3 *db) {
    return sqlite3_create_function_v2(
        db, "navstate_file_unchanged", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, 0, navstate_file_unchanged, 0, 0, 0);
}
#endif
