"""The command line: thin Typer commands, loaded lazily so each pays only for itself."""
