"""The Discord side: client, commands, views, store, scheduler."""
