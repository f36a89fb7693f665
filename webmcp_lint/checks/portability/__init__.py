"""Tools that models' tool APIs reject (off unless selected)."""
