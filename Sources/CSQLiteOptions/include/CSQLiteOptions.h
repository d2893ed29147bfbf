#ifndef TRAINDB_CSQLITEOPTIONS_H
#define TRAINDB_CSQLITEOPTIONS_H

/// Connection options that SQLite sets only through `sqlite3_db_config`, which is variadic and so
/// out of Swift's reach. `connection` is a `sqlite3 *` (GRDB's `Database.sqliteConnection`).

/// Asks that closing `connection` leave the write-ahead log as it is instead of checkpointing it
/// into the database file (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). Returns 1 when the option is on.
int traindb_sqlite_keep_wal_on_close(void *connection);

#endif
