"""The web layer: HTTP routes, WebSocket endpoints, request dependencies and the cross-site
guard. It is the top floor below app/main.py: it may import every layer, none imports it."""
