"""Guest identities: a name and an unguessable token (DESIGN.md, "HTTP API")."""
