#include "CSQLiteOptions.h"

#include <sqlite3.h>

int traindb_sqlite_keep_wal_on_close(void *connection) {
#ifdef SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE
    int enabled = 0;
    if (sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &enabled) != SQLITE_OK) {
        return 0;
    }
    return enabled;
#else
    (void)connection;
    return 0;
#endif
}
