"""The ASGI server: a thin transport over the application layer."""
