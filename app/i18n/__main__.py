"""``python -m app.i18n update|compile`` (app/i18n/tool.py)."""

from __future__ import annotations

import sys

from app.i18n.tool import compile_all, update

if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "all":
        update()
        compile_all()
    else:
        sys.exit("usage: python -m app.i18n update | compile | all")
