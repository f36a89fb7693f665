// A notes app: each tool's annotations say what it does. Reading a note returns text the
// user (or someone sharing with them) wrote; opening one changes the view; deleting one
// cannot be undone.
import { notesStore } from "./notes-store.js";
import { router } from "./router.js";

const readNote = {
  name: "read_note",
  description: "Reads the full text of one of the user's notes.",
  inputSchema: {
    type: "object",
    properties: { noteId: { type: "string", description: "Note id from search_notes" } },
    required: ["noteId"],
  },
  annotations: { readOnlyHint: true, untrustedContentHint: true },
  execute({ noteId }) {
    const note = typeof noteId === "string" ? notesStore.get(noteId) : undefined;
    if (!note) return { error: "No such note. Call search_notes to find its id." };
    return { title: note.title, text: note.text, updated: note.updatedAt.toISOString() };
  },
};

const searchNotes = {
  name: "search_notes",
  description: "Finds the user's notes whose title or text contains some words.",
  inputSchema: {
    type: "object",
    properties: { words: { type: "string", description: "Words to look for" } },
    required: ["words"],
  },
  annotations: { readOnlyHint: true, untrustedContentHint: true },
  execute({ words }) {
    if (!words?.trim()) return { error: "Say which words to look for." };
    const found = notesStore.search(words.trim());
    return found.slice(0, 20).map((note) => ({ id: note.id, title: note.title }));
  },
};

const countNotes = {
  name: "count_notes",
  description: "Counts the user's notes, in total and per folder.",
  annotations: { readOnlyHint: true },
  execute() {
    const perFolder = new Map();
    for (const note of notesStore.all()) {
      perFolder.set(note.folder, (perFolder.get(note.folder) ?? 0) + 1);
    }
    return { total: notesStore.size, perFolder: Object.fromEntries(perFolder) };
  },
};

const openNote = {
  name: "open_note",
  description: "Opens a note in the editor so the user can see it.",
  inputSchema: {
    type: "object",
    properties: { noteId: { type: "string", description: "Note id from search_notes" } },
    required: ["noteId"],
  },
  async execute({ noteId }) {
    if (!notesStore.has(noteId)) return { error: "No such note." };
    await router.push(`/notes/${encodeURIComponent(noteId)}`);
    return { opened: noteId };
  },
};

const deleteNote = {
  name: "delete_note",
  description: "Deletes one of the user's notes for good. Use only when the user asked for it.",
  inputSchema: {
    type: "object",
    properties: { noteId: { type: "string", description: "Note id from search_notes" } },
    required: ["noteId"],
  },
  annotations: { consequentialHint: true },
  async execute({ noteId }, { signal }) {
    if (!notesStore.has(noteId)) return { error: "No such note." };
    const response = await fetch(`/api/notes/${encodeURIComponent(noteId)}`, {
      method: "DELETE",
      signal,
    });
    if (!response.ok) return { error: "The note was not deleted.", retryable: true };
    notesStore.remove(noteId);
    return { deleted: noteId };
  },
};

// Named like a confirmation, but it only dismisses the dialog (through its close
// button) and keeps the note: not consequential.
const deleteConfirmation = {
  name: "delete_confirmation",
  description: "Dismisses the delete confirmation dialog and keeps the note as it is.",
  execute() {
    const dialog = document.querySelector("#confirm-delete");
    if (!dialog?.open) return { error: "No confirmation dialog is open." };
    document.querySelector("#confirm-delete .close").click();
    return { kept: true };
  },
};

export async function registerNoteTools(signal) {
  if (!("modelContext" in document)) return;
  for (const tool of [readNote, searchNotes, countNotes, openNote, deleteNote, deleteConfirmation]) {
    await document.modelContext.registerTool(tool, { signal });
  }
}
