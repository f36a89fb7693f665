"""Tool events and where to listen for them."""
