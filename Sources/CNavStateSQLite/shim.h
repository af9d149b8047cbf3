#ifndef CNAVSTATESQLITE_SHIM_H
#define CNAVSTATESQLITE_SHIM_H
#include <sqlite3.h>
#endif
