"""Tool and parameter descriptions as agents read them."""
