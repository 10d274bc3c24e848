"""Tables: the service that plays moves and commits them, the gate that authorises every press, menus,
seats, take-backs, stand-ins, moderation and replay. Discord-free."""
