"""Registration lifecycle: feature detection, the registration promise, and tools that
must go away with the view that registered them."""
