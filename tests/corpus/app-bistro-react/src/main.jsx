import React from "react";
import ReactDOM from "react-dom/client";
import { WebMCPProvider } from "react-webmcp";
import App from "./App.jsx";
import "./App.css";

ReactDOM.createRoot(document.getElementById("root")).render(
  <React.StrictMode>
    <WebMCPProvider>
      <App />
    </WebMCPProvider>
  </React.StrictMode>,
);
