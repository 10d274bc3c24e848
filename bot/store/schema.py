"""The store's schema: SQLite migrations, applied in order; `PRAGMA user_version` counts those done."""

MIGRATIONS = [
    # 1: tables and the action log
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'paused', 'finished', 'ended')),
        host_id INTEGER NOT NULL,
        seats TEXT NOT NULL DEFAULT '[]',
        options TEXT NOT NULL DEFAULT '{}',
        seed TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        deadline REAL,
        board_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables (channel_id)
        WHERE status IN ('lobby', 'running', 'paused');
    CREATE INDEX tables_by_status ON tables (status);
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        seq INTEGER NOT NULL,
        seat INTEGER,
        actor_id INTEGER,
        kind TEXT NOT NULL,
        action TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE closed_dms (
        user_id INTEGER PRIMARY KEY,
        at REAL NOT NULL
    );
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: moderation and stats: each guild's moderator role; finished games and who won them
    # (filled when a table finishes, and from any finished table not yet counted)
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        moderator_role INTEGER,
        updated_by INTEGER,
        updated_at REAL NOT NULL
    );
    CREATE TABLE finished_games (
        table_id INTEGER PRIMARY KEY REFERENCES tables (id),
        guild_id INTEGER,
        game TEXT NOT NULL,
        finished_at REAL NOT NULL
    );
    CREATE INDEX finished_games_by_guild ON finished_games (guild_id, game);
    CREATE TABLE game_results (
        table_id INTEGER NOT NULL REFERENCES finished_games (table_id),
        user_id INTEGER NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (table_id, user_id)
    );
    CREATE INDEX game_results_by_user ON game_results (user_id);
    """,
    # 3: the clock (bot/clock/scheduler.py): each table's pace and reminders, the deadline of each seat the
    # table waits on (an absolute time, with the table version it was set at), and vacations
    """
    CREATE TABLE clock_tables (
        table_id INTEGER PRIMARY KEY REFERENCES tables (id),
        pace REAL,
        remind REAL,
        reminders INTEGER NOT NULL DEFAULT 3,
        misses INTEGER NOT NULL DEFAULT 3,
        vacation_days INTEGER NOT NULL DEFAULT 7,
        synced_version INTEGER,
        reminded INTEGER NOT NULL DEFAULT 0,
        next_reminder REAL
    );
    CREATE INDEX clock_tables_by_reminder ON clock_tables (next_reminder) WHERE next_reminder IS NOT NULL;
    CREATE TABLE clock_seats (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        since REAL NOT NULL,
        since_version INTEGER NOT NULL,
        deadline REAL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX clock_seats_by_deadline ON clock_seats (deadline) WHERE deadline IS NOT NULL;
    CREATE TABLE clock_vacations (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        user_id INTEGER NOT NULL,
        until REAL NOT NULL,
        used REAL NOT NULL,
        PRIMARY KEY (table_id, user_id)
    );
    """,
    # 4: what the channel and the players' DMs are still owed (bot/store/outbox.py): each change's public
    # and private texts, written in the change's own transaction and deleted once delivered; per
    # table, the last version the channel has seen; and each
    # player's DM channel, so that a restart does not look users up and open their DMs again
    """
    CREATE TABLE outbox (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        version INTEGER NOT NULL,
        n INTEGER NOT NULL,
        user_id INTEGER,
        kind TEXT NOT NULL DEFAULT 'text',
        text TEXT NOT NULL,
        via TEXT,
        PRIMARY KEY (table_id, version, n)
    );
    CREATE TABLE dm_channels (
        user_id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL
    );
    ALTER TABLE tables ADD COLUMN announced INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET announced = version;
    CREATE INDEX tables_owed ON tables (id) WHERE announced < version;
    """,
    # 5: ratings (bot/ratings/ratings.py), derived from the finished games' logs: each rated game with its
    # sides and their ranks, in the order games finished per server and game; each member's rating
    # before and after it; and each member's rating now
    """
    CREATE TABLE rated_games (
        table_id INTEGER PRIMARY KEY REFERENCES tables (id),
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        finished_at REAL NOT NULL,
        teams TEXT NOT NULL,
        ranks TEXT NOT NULL
    );
    CREATE INDEX rated_games_in_order ON rated_games (guild_id, game, finished_at, table_id);
    CREATE TABLE rating_changes (
        table_id INTEGER NOT NULL REFERENCES rated_games (table_id),
        user_id INTEGER NOT NULL,
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        PRIMARY KEY (table_id, user_id)
    );
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE INDEX ratings_by_user ON ratings (user_id);
    """,
    # 6: each player's live DM prompt per table (bot/tables/prompts.py): the message whose buttons offer
    # their seat's moves at `version`, so that once answered anywhere or outdated it loses them
    """
    CREATE TABLE dm_prompts (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        user_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        asked TEXT NOT NULL,
        head TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (table_id, user_id)
    );
    """,
    # 7: whether a table lets its players take back their own last move (bot/tables/takeback.py;
    # `/table new ... undo:off` turns it off)
    """
    ALTER TABLE tables ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 1;
    """,
    # 8: presses handed from the process Discord sent them to to the one that owns their table
    # (bot/discord_app/handovers.py; PostgreSQL only, as one process on SQLite owns every table):
    # the interaction as Discord sent it, for at most a few seconds
    """
    CREATE TABLE handovers (
        id INTEGER PRIMARY KEY,
        shard INTEGER NOT NULL,
        interaction TEXT NOT NULL,
        made_at REAL NOT NULL
    );
    """,
    # 9: each server's switch for its tables' web pages (bot/tables/web_pages.py, `/table web`): on
    # unless its moderators turn it off; who switched it last, and when
    """
    ALTER TABLE guild_settings ADD COLUMN web_pages INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE guild_settings ADD COLUMN web_pages_by INTEGER;
    ALTER TABLE guild_settings ADD COLUMN web_pages_at REAL;
    """,
    # 10: strong stand-ins (engine/search.py): the seats they hold, a JSON list of seat numbers (the
    # host's `/table new ... level:strong`; a seat handed to a member leaves it), and whether a
    # finished game had them at its end (`/stats` gives each member's record against them)
    """
    ALTER TABLE tables ADD COLUMN strong_seats TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE finished_games ADD COLUMN against_strong INTEGER NOT NULL DEFAULT 0;
    """,
]
