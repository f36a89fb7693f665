// The TSX grammar of tree-sitter-typescript 0.23.2 never finishes parsing the second
// statement below (tests/grammar_gaps/): webmcp-lint cancels the parse after its budget
// and reports source-timeout instead of hanging.
document.modelContext;
"",{:es.",e:r.t(;
