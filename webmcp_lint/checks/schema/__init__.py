"""The input schema agents fill in."""
