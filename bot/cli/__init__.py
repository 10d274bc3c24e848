"""The command line's subcommands besides `run`: demo, replay, and how a terminal shows Discord text."""
