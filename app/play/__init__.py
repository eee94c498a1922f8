"""Games in play: the durable move log, the move pipeline, replay, export and import."""
