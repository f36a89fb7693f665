"""Framework integrations: use the official ones, and call the hooks the way they need."""
