"""Live delivery: the hub that fans committed events out, and the game WebSocket."""
