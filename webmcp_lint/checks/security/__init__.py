"""Origins, secrets and what a tool exposes."""
