"""HTTP routes of the JSON API and the pages: each only routes (reads the request, calls the
service of its layer, shapes the answer); docs/architecture.md shows the layers below."""
