"""Declarative tools: `<form toolname>` attributes, parameters and autosubmit, and the
submit handlers that answer an agent with `respondWith()`."""
