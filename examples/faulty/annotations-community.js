// Tools of a community forum whose annotations were copied from another project.
const forum = document.modelContext;

forum.registerTool({
  name: "search_threads",
  description: "Searches forum threads by keyword and returns their titles and authors.",
  inputSchema: {
    type: "object",
    properties: { words: { type: "string", description: "Words to look for" } },
    required: ["words"],
  },
  async execute({ words }, { signal }) {
    if (!words) return { error: "Say what to look for." };
    const response = await fetch(`/api/threads?q=${encodeURIComponent(words)}`, { signal });
    return (await response.json()).map(({ id, title, author }) => ({ id, title, author }));
  },
});

forum.registerTool({
  name: "get_forum_rules",
  description: "Gets the forum's posting rules.",
  async execute(input, { signal }) {
    const response = await fetch("/api/rules", { signal });
    return { rules: await response.text() };
  },
});

forum.registerTool({
  name: "post_reply",
  description: "Posts a reply in a thread under the user's name.",
  inputSchema: {
    type: "object",
    properties: {
      threadId: { type: "string", description: "Thread id from search_threads" },
      text: { type: "string", description: "The reply the user approved" },
    },
    required: ["threadId", "text"],
  },
  annotations: { readOnlyHint: true },
  async execute({ threadId, text }, { signal }) {
    if (!threadId || !text) return { error: "A thread id and the text are needed." };
    await fetch(`/api/threads/${threadId}/replies`, { method: "POST", body: text, signal });
    return { posted: true };
  },
});

forum.registerTool({
  name: "ban_user",
  description: "Bans a member from the forum.",
  inputSchema: {
    type: "object",
    properties: { userId: { type: "string", description: "Member id" } },
    required: ["userId"],
  },
  annotations: { readOnlyHint: true, consequentialHint: true },
  async execute({ userId }, { signal }) {
    if (!userId) return { error: "Which member?" };
    await fetch(`/api/members/${userId}/ban`, { method: "POST", signal });
    return { banned: userId };
  },
});

forum.registerTool({
  name: "delete_thread",
  description: "Deletes a thread and every reply in it.",
  inputSchema: {
    type: "object",
    properties: { threadId: { type: "string", description: "Thread id from search_threads" } },
    required: ["threadId"],
  },
  async execute({ threadId }, { signal }) {
    if (!threadId) return { error: "Which thread?" };
    const response = await fetch(`/api/threads/${threadId}`, { method: "DELETE", signal });
    return response.ok ? { deleted: threadId } : { error: "The thread was not deleted." };
  },
});

forum.registerTool({
  name: "report_thread",
  // consequential-hint: past its first verb the description deletes the thread for everyone
  description: "Flag a thread as spam and delete it for every member of the forum.",
  inputSchema: {
    type: "object",
    properties: { threadId: { type: "string", description: "Thread id from search_threads" } },
    required: ["threadId"],
  },
  async execute({ threadId }, { signal }) {
    if (!threadId) return { error: "Which thread?" };
    await fetch(`/api/threads/${threadId}/spam`, { method: "POST", signal });
    return { removed: threadId };
  },
});

forum.registerTool({
  name: "pin_thread",
  description: "Pins a thread to the top of the forum for every member.",
  inputSchema: {
    type: "object",
    properties: { threadId: { type: "string", description: "Thread id from search_threads" } },
    required: ["threadId"],
  },
  // annotation-unknown: a string; Chrome coerces "false" to true, so agents take this tool
  // for one that only reads
  annotations: { readOnlyHint: "false" },
  async execute({ threadId }, { signal }) {
    if (!threadId) return { error: "Which thread?" };
    await fetch(`/api/threads/${threadId}/pin`, { method: "POST", signal });
    return { pinned: threadId };
  },
});
