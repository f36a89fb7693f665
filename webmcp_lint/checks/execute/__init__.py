"""What a tool's execute function does with its input, signal and result."""
