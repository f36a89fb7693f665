"""How a site turns WebMCP on for its visitors: origin-trial tokens, frames."""
