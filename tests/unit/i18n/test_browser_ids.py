"""Every word a browser module says through ``t()``/``tn()`` is in the catalogue template
(issue 29). Babel's JavaScript extractor does not see a call written inside a template
literal (`` `${t("...")}` ``) nor one nested in another call's arguments; such a call would
show English on a German page while the catalogue check stays green. This test reads the
modules itself and fails on any id the template lacks."""

from __future__ import annotations

import json
import re

from babel.messages.pofile import read_po

from app.i18n.tool import ROOT, TEMPLATE

_CALL = re.compile(r'\btn?\(\s*"((?:[^"\\]|\\.)*)"')
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def said_ids() -> dict[str, str]:
    """Each literal id of a t()/tn() call in static/js and static/games, with its file."""
    found: dict[str, str] = {}
    for folder in ("static/js", "static/games"):
        for path in sorted((ROOT / folder).rglob("*.js")):
            code = _COMMENT.sub("", path.read_text(encoding="utf-8"))
            for match in _CALL.finditer(code):
                found.setdefault(json.loads(f'"{match[1]}"'), str(path.relative_to(ROOT)))
    return found


def test_every_id_a_module_says_is_in_the_template() -> None:
    with TEMPLATE.open("rb") as source:
        template = read_po(source)
    listed = {m.id[0] if isinstance(m.id, tuple) else m.id for m in template if m.id}
    said = said_ids()
    assert len(said) > 300  # the modules were read
    missing = {i: where for i, where in said.items() if i not in listed}
    assert not missing, ("not extracted (a t() inside a template literal or nested in another "
                         f"call's arguments?): {missing}")
