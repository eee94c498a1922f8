"""Page routes of the browser client (the JSON API lives in the platform packages)."""
