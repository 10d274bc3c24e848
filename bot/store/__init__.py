"""The database: a SQLite file (WAL) by default, or PostgreSQL (`BOT_DATABASE_URL`), with one schema
and its migrations, the outbox of what each table's channel is owed, and (SQLite) its thread,
checkpoints and backups. Discord-free. bot/store/base.py is what both stores share."""
