"""The database: one SQLite file (WAL), its schema and migrations, its thread, the outbox of what each
table's channel is owed, checkpoints and backups. Discord-free."""
