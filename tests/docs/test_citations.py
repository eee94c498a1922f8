"""Every citation in the repository resolves in a fresh clone (issue 26, point 3).

Code, tests, pages and docs cite rule ids (``CAR-62``, ``S-GB-06``, ``GB-13f``), documents under
``docs/``, and relative links between docs. Each rule id must be defined in ``docs/rules/``
(written in bold where the rule is stated, ``**CAR-62 (...)**``), each ``docs/...`` path and
each relative Markdown link must exist, and nothing may point at a document outside the
repository (the design and style documents and the rules specs once lived beside it).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# what a fresh clone holds and cites from: the code, its tests, pages, docs, benches, CI
SCANNED = ["app", "tests", "static", "templates", "bench", "docs", "migrations", "deploy"]
TOP_FILES = ["README.md", "pyproject.toml", "Dockerfile", "docker-compose.yml", ".ci/run"]
SUFFIXES = {".py", ".js", ".html", ".css", ".md", ".txt", ".toml", ".sh", ".yml", ".yaml",
            ".conf", ".json", ".ini", ".cfg", ""}
RULE_ID = re.compile(r"(?<![\w-])(?:S-)?(?:BAZ|BOM|CAR|GB)-\d+[a-z]?(?![\w-])")
DEFINED = re.compile(r"\*\*((?:S-)?(?:BAZ|BOM|CAR|GB)-\d+[a-z]?)\b")
DOCS_PATH = re.compile(r"(?<![\w/.])docs/[\w./-]*[\w/]")
MD_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
# a section cited by name: docs/design.md, "Engine contract" (also docs/design.md's "...")
SECTION = re.compile(r"(docs/(?:design|style|architecture)\.md)\)?(?:,|'s)? *\"([^\"]+)\"")
# the old homes of the design, style and rules documents, outside the repository
OUTSIDE = re.compile(r"\b(?:DESIGN|STYLE)\.md\b|\.\./shared\b|/work/shared\b|\bshared/(?:rules|peers)\b")


def scanned_files() -> list[Path]:
    files = [ROOT / name for name in TOP_FILES if (ROOT / name).is_file()]
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix not in SUFFIXES:
                continue
            if "node_modules" in path.parts or "__pycache__" in path.parts:
                continue
            if path.name == "package-lock.json" or path == Path(__file__).resolve():
                continue
            files.append(path)
    return files


def texts() -> list[tuple[str, str]]:
    found = []
    for path in scanned_files():
        try:
            found.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue  # images and other binaries cite nothing
    return found


def defined_rule_ids() -> set[str]:
    ids: set[str] = set()
    for spec in (ROOT / "docs" / "rules").glob("*.md"):
        ids.update(DEFINED.findall(spec.read_text(encoding="utf-8")))
    return ids


def test_every_rules_game_has_its_spec_in_docs_rules() -> None:
    names = {p.stem for p in (ROOT / "docs" / "rules").glob("*.md")}
    assert {"bazaar", "bombay-bazar", "carcassonne", "grand-bazaar"} <= names


def test_every_cited_rule_id_is_defined_in_docs_rules() -> None:
    defined = defined_rule_ids()
    missing = sorted({f"{name}: {rule}" for name, text in texts()
                      for rule in RULE_ID.findall(text) if rule not in defined})
    assert not missing, "rule ids cited but not defined in docs/rules/:\n" + "\n".join(missing)


def test_every_cited_docs_path_exists() -> None:
    missing = sorted({f"{name}: {cited}" for name, text in texts()
                      for cited in DOCS_PATH.findall(text)
                      if not (ROOT / cited.rstrip(".")).exists()})
    assert not missing, "docs paths cited that do not exist:\n" + "\n".join(missing)


def test_every_cited_section_of_design_and_style_is_a_heading() -> None:
    missing = []
    for name, text in texts():
        for doc, section in SECTION.findall(text):
            headings = re.findall(r"^#+ (.+?)\s*$", (ROOT / doc).read_text(encoding="utf-8"),
                                  re.MULTILINE)
            if re.sub(r"\s+", " ", section) not in headings:  # a name may wrap a line
                missing.append(f'{name}: {doc} "{section}"')
    assert not missing, "sections cited that are no heading:\n" + "\n".join(sorted(missing))


def test_every_relative_link_in_the_docs_resolves() -> None:
    broken = []
    for name, text in texts():
        if not name.endswith(".md"):
            continue
        for target in MD_LINK.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
                continue
            if not ((ROOT / name).parent / target).exists():
                broken.append(f"{name}: {target}")
    assert not broken, "relative links that resolve nowhere:\n" + "\n".join(sorted(broken))


def test_nothing_cites_a_document_outside_the_repository() -> None:
    outside = sorted({f"{name}: {m.group(0)}" for name, text in texts()
                      for m in OUTSIDE.finditer(text)})
    assert not outside, ("documents cited that a fresh clone lacks (cite docs/design.md, "
                         "docs/style.md, docs/rules/, bench/peers/):\n" + "\n".join(outside))


def test_the_checks_catch_what_they_look_for() -> None:
    """The patterns find a bad citation of each kind (so a silent regex cannot pass)."""
    assert RULE_ID.findall("raise IllegalMove('CAR-999: no'); S-GB-06; GB-13f") == [
        "CAR-999", "S-GB-06", "GB-13f"]
    assert "CAR-999" not in defined_rule_ids()
    assert DOCS_PATH.findall("see docs/nowhere.md.") == ["docs/nowhere.md"]
    assert OUTSIDE.search("(DESIGN.md, \"Engine contract\")")
    assert OUTSIDE.search("../shared/peers/run.sh")
    assert not OUTSIDE.search("docs/design.md and docs/style.md")
    assert SECTION.findall('(docs/design.md, "No such section")') == [
        ("docs/design.md", "No such section")]
