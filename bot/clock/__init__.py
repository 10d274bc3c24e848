"""The clock: deadlines, reminders and vacations, rebuilt from the database. Discord-free."""
