// Written step by step, as some build tools write code: each step runs the next in a callback,
// and the tool is registered in the last one, 52 callbacks deep. The rules that read
// the code around a registration (is it guarded, awaited, cleaned up?) do not look
// this deep: webmcp-lint says so (source-too-deep).
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
step(() => {
if ("modelContext" in document) {
  document.modelContext
    .registerTool({
      name: "next_step",
      description: "Runs the next step of the build.",
      inputSchema: { type: "object", properties: {} },
      execute: () => runNextStep(),
    })
    .catch(reportError);
}
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
