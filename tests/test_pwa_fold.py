"""static/js/fold.js and indexer/folding.py + analysis.py fold and split words the same way (run in Node)."""

from __future__ import annotations

import json
import shutil
import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st
from throne_rules import PROJECT_ROOT

from indexer.analysis import words
from indexer.folding import EXTRA_FOLDS, fold

FOLD_JS = PROJECT_ROOT / "static" / "js" / "fold.js"
RUNNER = """
const fold = require(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(input.map((s) => [fold.fold(s), fold.words(s)])));
"""
SAMPLES = [
    "Obrażenia", "OBRAŻENIA nieuchronne", "Łatwe łóżko", "Kość, kości!", "Źdźbło żółci",
    "King’s Ultimate", "king's", "‘quoted’", "Straße", "Øresund", "Đorđe", "crème brûlée",
    "e\u0301clair", "CP-2", "5×5", "½ CP", "x²", "snake_case", "Évasive / Évasif", "Ιωάννης", "ПРИВЕТ мир",
    "", "   ", "…", "a–z", "1st 2nd", "don't", "l'attaque", "naïve café", "Zażółć gęślą jaźń",
]
# Latin letters with and without accents, Polish letters, the extra folds, combining marks, digits,
# apostrophes, punctuation and spaces: the text players and writers actually use.
ALPHABET = st.sampled_from(list(
    "abcdeflnoszABCLNOSZ0129 '’‘-_.,;:!?()/"
    "ąćęłńóśźżĄĆĘŁŃÓŚŹŻáàâäãåçéèêëíìîïñòôöõúùûüýÿÁÉÍÓÚÜÑ" + "".join(EXTRA_FOLDS) + "\u0301\u0308\u0327"
))


def run_js(strings: list[str]) -> list[list]:
    node = shutil.which("node")
    assert node, "Node.js is needed (make test-deps installs it)"
    out = subprocess.run([node, "-e", RUNNER, str(FOLD_JS)], input=json.dumps(strings), capture_output=True,
                         text=True, check=True, timeout=60)
    return json.loads(out.stdout)


def python_side(strings: list[str]) -> list[list]:
    return [[fold(s), words(s)] for s in strings]


def test_fold_js_matches_python_on_samples() -> None:
    assert run_js(SAMPLES) == python_side(SAMPLES)
    assert run_js(["obrażenia"]) == [["obrazenia", ["obrazenia"]]]


def test_fold_js_has_the_same_extra_map() -> None:
    pairs = list(EXTRA_FOLDS)
    assert [r[0] for r in run_js(pairs)] == [fold(ch) for ch in pairs]


@settings(max_examples=5, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, max_size=40), min_size=100, max_size=100))
def test_fold_js_matches_python_on_generated_text(strings: list[str]) -> None:
    assert run_js(strings) == python_side(strings)
