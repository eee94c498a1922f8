"""Guest identities: a name and an unguessable token (docs/design.md, "HTTP API")."""
