// webmcp-lint-disable-next-line tool-name-format -- the name was fixed long ago
export const toolName = "order_status";
