"""`webmcp-lint verify`: the tools the static run finds, proven in a real Chromium.
`browser` drives Chromium with Playwright (open a page, let it settle, read its tools);
`live` serves the project's pages, compares what Chromium registered with the static
inventory, and reports the differences as findings of the `live` rules.
"""
