"""The platform's imports run one way (issue 26; docs/architecture.md): no module of ``app``
imports, directly or through others, a module that imports it back. The layers themselves are
checked by ``lint-imports`` (pyproject.toml, ``[tool.importlinter]``), in CI."""

from __future__ import annotations

import grimp


def test_no_module_of_app_is_in_an_import_circle() -> None:
    graph = grimp.build_graph("app")
    circles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back is not None:
                circles.append(" -> ".join((module, *back)))
    assert circles == []


def test_a_rule_engine_imports_no_platform_module() -> None:
    graph = grimp.build_graph("app")
    engines = [m for m in graph.modules if m.startswith("app.games")]
    leaks = sorted(f"{m} -> {i}" for m in engines
                   for i in graph.find_modules_directly_imported_by(m)
                   if i.startswith("app.") and not i.startswith("app.games"))
    assert leaks == []
