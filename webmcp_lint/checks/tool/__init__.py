"""The tool dictionary: names and members."""
