"""Discord delivery: what the channel and each player's DMs see (the publisher, boards, move
menus and forms, summaries, DMs and notices). The only part of `bot` that speaks Discord; the
core (store, service, gate, clock, moderation, replay, stats) never imports it."""
