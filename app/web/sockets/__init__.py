"""The WebSocket endpoints: a game's socket and an account's socket (docs/api.md, "WebSocket").
They sit in the web layer, above play and realtime, which they join together."""
