"""Tool annotations: unknown keys and the hints agents rely on."""
